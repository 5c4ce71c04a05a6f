import Foundation
import CheckoutModel
import CheckoutPlanning

/// Where an error is fixed: a step, optionally a row, and the message to show there.
public struct Resolution: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The step that fixes the error.
  public var step: StepID
  /// The row of that step, if one fixes it.
  public var row: RowID?
  /// What the shopper reads on that row (or step).
  public var message: String
  /// The API error resolved, or nil for a local validation error.
  public var error: APIError?
  /// The operation whose call answered the error, when it was resolved with that
  /// operation's matchers (a session with several calls); nil for a local
  /// validation error, and in snapshots written before it was recorded.
  package var operation: OperationName?

  /// Creates a resolution.
  package init(step: StepID, row: RowID?, message: String, error: APIError? = nil, operation: OperationName? = nil) {
    self.step = step
    self.row = row
    self.message = message
    self.error = error
    self.operation = operation
  }

  /// `creditCard.cvv`, or `stepTwo` when no row is named.
  public var target: String {
    RowReference(step: step, row: row).description
  }

  public var description: String { "\(target): \(message)" }
}

/// Matches API errors to resolutions with the flow's matchers: first match wins.
///
/// Given the operation whose call failed, only the matchers that apply to it are
/// looked at (those naming no operation, and those naming this one); without it,
/// every matcher.
///
/// ```swift
/// let resolver = ErrorResolver(flow)
/// resolver.resolve(APIError(code: "cvv_invalid"))?.target  // "creditCard.cvv"
/// resolver.resolve(APIError(code: "seat_taken"), from: "book")?.target  // "seatMap.seat"
/// ```
package struct ErrorResolver: Sendable {
  /// The flow whose matchers are used.
  package let flow: Flow
  /// The flow's compiled graph, when the resolver is compiled with a planner: its
  /// index finds a matcher's step in constant time for the default message.
  private let graph: CompiledGraph?

  /// Creates a resolver.
  package init(_ flow: Flow) {
    self.flow = flow
    self.graph = nil
  }

  /// A resolver that finds steps by the planner's index (`planner` plans `flow`).
  init(_ flow: Flow, planner: RoutePlanner) {
    self.flow = flow
    self.graph = planner.graph
  }

  /// The step with this id: what `flow.step(_:)` returns.
  private func step(_ id: StepID) -> Step? {
    guard let graph else { return flow.step(id) }
    return graph.stepIndex(of: id).map { flow.steps[$0] }
  }

  /// The matcher that applies to an error of `operation` (nil: of any operation), if any.
  package func matcher(for error: APIError, from operation: OperationName? = nil) -> ErrorMatcher? {
    flow.errors.first {
      (operation.map($0.applies(to:)) ?? true) && $0.matches(code: error.code, field: error.field)
    }
  }

  /// Where an error of `operation` (nil: of any operation) is fixed; nil when no
  /// matcher of the operation applies and it has no fallback. The message is in
  /// `locale` (nil: the flow's default language); one the flow and the API leave
  /// out is in the words of `messages`.
  package func resolve(
    _ error: APIError, from operation: OperationName? = nil, messages: EngineMessages = .english,
    locale: String? = nil
  ) -> Resolution? {
    matcher(for: error, from: operation).map {
      resolution(of: error, by: $0, from: operation, messages: messages, locale: locale)
    }
  }

  /// The resolution of an error of `operation` by the matcher that applies to it.
  ///
  /// What the shopper reads, the one place it is chosen: the matcher's `message`
  /// in `locale`; without one, the API's own message, but only in the flow's
  /// default language (an API writes in one language: the flow's default is
  /// taken for it; the engine's own errors, ``engineCodes``, are written in the
  /// session's); in any other language, or when the API sends none, the
  /// engine's `error.checkRow` (or `error.checkStep`) in the words of `messages`.
  /// The API's message stays in the resolution's ``Resolution/error`` for a host's log.
  private func resolution(
    of error: APIError, by matcher: ErrorMatcher, from operation: OperationName?, messages: EngineMessages,
    locale: String?
  ) -> Resolution {
    let apiMessage = isDefaultLanguage(locale) || Self.engineCodes.contains(error.code) ? error.message : nil
    let message =
      matcher.message?.text(in: locale) ?? apiMessage
      ?? defaultMessage(for: matcher, messages: messages, locale: locale)
    return Resolution(step: matcher.step, row: matcher.row, message: message, error: error, operation: operation)
  }

  /// The code of the error a session offers when a host gives up waiting for a call.
  package static let unansweredCode = "api_unanswered"
  /// The code of the error a session offers for an action no submit declares.
  package static let unsupportedActionCode = "action_unsupported"
  /// The codes of the errors the engine makes itself, whose message it writes in
  /// the session's language (`error.unanswered`, `error.actionUnsupported`): shown
  /// in every language, unlike an API's.
  package static let engineCodes: Set<String> = [unansweredCode, unsupportedActionCode]

  /// Whether `locale` (nil: the flow's default) is the flow's default language,
  /// in any region of it (`en-GB` for a flow whose default is `en`): the one
  /// the API's own messages are taken to be written in.
  private func isDefaultLanguage(_ locale: String?) -> Bool {
    guard let locale else { return true }
    func language(_ tag: String) -> Substring {
      tag.split(separator: "-", maxSplits: 1).first ?? Substring(tag)
    }
    return language(locale).lowercased() == language(flow.locales.first ?? "en").lowercased()
  }

  /// The errors of one response of `operation` (nil: of any operation) in the
  /// order they are offered: highest matcher priority first, the API's order among
  /// equals. Unmatched errors come last. Messages are in `locale` (nil: the flow's
  /// default language), the engine's in the words of `messages`.
  package func ordered(
    _ errors: [APIError], from operation: OperationName? = nil, messages: EngineMessages = .english,
    locale: String? = nil
  ) -> [(
    error: APIError, resolution: Resolution?
  )] {
    // Each error's matcher is found once; one error needs no sorting.
    let resolved = errors.enumerated().map {
      (index: $0.offset, error: $0.element, matcher: matcher(for: $0.element, from: operation))
    }
    let sorted =
      resolved.count < 2
      ? resolved
      : resolved.sorted { lhs, rhs in
        let left = lhs.matcher.map { ($0.priority, 1) } ?? (Int.min, 0)
        let right = rhs.matcher.map { ($0.priority, 1) } ?? (Int.min, 0)
        return left != right ? left > right : lhs.index < rhs.index
      }
    return sorted.map { entry in
      (
        entry.error,
        entry.matcher.map {
          resolution(of: entry.error, by: $0, from: operation, messages: messages, locale: locale)
        }
      )
    }
  }

  /// The engine's words for an error the flow and the API leave unexplained:
  /// the row's title and "please check this", or "please check this step". The
  /// API's code is an id, never shown to a shopper (a host reads it in the effect).
  func defaultMessage(for matcher: ErrorMatcher, messages: EngineMessages, locale: String?) -> String {
    let title = matcher.row.flatMap { step(matcher.step)?.row($0)?.title.text(in: locale) }
    return title.map { messages.text(.errorCheckRow, $0) } ?? messages.text(.errorCheckStep)
  }
}
