import CheckoutModel
import CheckoutSessions

/// A story that checks less than it seems (`checkout replay` prints it as
/// `file:line: warning: MESSAGE`): it does not fail the story.
package struct ReplayWarning: Hashable, Sendable {
  /// The line, from 1; nil for the story as a whole.
  package var line: Int?
  /// What is left unchecked, and what to do about it.
  package var message: String

  /// A warning at a line, or about the whole story.
  package init(line: Int?, _ message: String) {
    self.line = line
    self.message = message
  }

  /// `s.scenario:3: warning: …`, or `s.scenario: warning: …` for the whole story.
  package func rendered(file: String) -> String {
    "\(file):\(line.map { "\($0):" } ?? "") warning: \(message)"
  }
}

/// Watches a story's lines as they run for what passes without being checked:
///
/// - an event the engine refused (`tap continue` on an incomplete step) that no
///   `expect effect refused` checks before the next event: the story goes on from
///   a screen its author may not expect;
/// - an `api` answer no call used by the end: the line tests nothing;
/// - a story with no `expect` line at all (``checksNothing(_:)``).
///
/// A refused line's warning comes when the next event runs (or the story stops
/// or ends), so that it is printed before what that line reports. `generate
/// --check` needs none of these: it fails a generated story on a refusal its next
/// line does not expect (``StoryReplayer``), and a generated story always expects.
///
/// ```swift
/// var watch = ReplayWatch()
/// let outcome = host.run(command)
/// for warning in watch.ran(line, command, shown: typed.shown, outcome, api: host.api, redacting: typed.redacting) { … }
/// // at the end of a story that ran every line:
/// for warning in watch.finished() { … }
/// ```
package struct ReplayWatch: Sendable {
  /// A refused event not yet checked.
  private struct Refused: Sendable {
    var line: Int
    /// The line as shown (hidden values `•••`).
    var shown: String
    /// The refusal's message, redacted as its line hides values.
    var reason: String
  }

  /// An `api` answer not yet used by a call.
  private struct Answer: Sendable {
    var line: Int
    var operation: OperationName
    /// `api placeOrder ok`, `api placeOrder fail card_declined`: never a value.
    var written: String
    /// Calls to the operation after the line (each answered by an earlier line).
    var callsAfter = 0
  }

  private var refused: Refused?
  /// Unused answers, in the order they were queued.
  private var answers: [Answer] = []
  /// `line 3, tap continue, was refused: …` when the line that ran last brought out
  /// (or ``stopped()`` brought out) an unchecked refusal of the event before it.
  package private(set) var refusalBefore: String?

  /// A watch over a story that has not run a line yet.
  package init() {}

  /// `checks nothing: no expect line` for a story that has no `expect` line; nil otherwise.
  package static func checksNothing(_ commands: some Sequence<ScenarioCommand>) -> ReplayWarning? {
    let expects = commands.contains { command in
      if case .expect = command { return true }
      return false
    }
    return expects
      ? nil
      : ReplayWarning(
        line: nil, "checks nothing: no expect line; add what the story should show, like 'expect at STEP'")
  }

  /// Notes what a line did (after ``ScenarioHost/run(_:)``, with the host's API
  /// queue then); returns the warnings it brings out now: a refusal of the event
  /// before it that no `expect effect refused` checked. `redacting` hides in a
  /// refusal's message what the line hides (``TypedLine/redacting(_:)``).
  package mutating func ran(
    _ line: Int, _ command: ScenarioCommand, shown: String, _ outcome: ScenarioHost.Outcome, api: DevelopmentAPI,
    redacting: (String) -> String
  ) -> [ReplayWarning] {
    refusalBefore = nil
    var found: [ReplayWarning] = []
    if case .expect(.effect(kind: .refused, _)) = command {
      refused = nil
    } else if ScenarioHost.replacesEffects(command, outcome) {
      if let warning = bringOutRefusal() { found.append(warning) }
      if let refusal = outcome.effects.lazy.compactMap(\.refusal).first {
        // Its last full stop goes: `; expect it …` follows.
        let reason = redacting(refusal.message)
        refused = Refused(line: line, shown: shown, reason: reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
      }
    }
    for effect in outcome.effects {
      guard case .callAPI(let operation, _, _) = effect else { continue }
      for index in answers.indices where answers[index].operation == operation { answers[index].callsAfter += 1 }
    }
    if case .api(let operation, let response) = command, outcome.problem == nil {
      answers.append(Answer(line: line, operation: operation, written: Self.written(operation, response)))
    }
    // The API answers each operation's queue in order: the first ones queued were used.
    for operation in Set(answers.map(\.operation)) {
      var extra = answers.filter { $0.operation == operation }.count - api.pending(operation)
      while extra > 0, let first = answers.firstIndex(where: { $0.operation == operation }) {
        answers.remove(at: first)
        extra -= 1
      }
    }
    return found
  }

  /// The story stops at the line that ran last (a failed expectation or a line
  /// that cannot run): the refusal still unchecked, to print before the stop's report.
  package mutating func stopped() -> ReplayWarning? {
    bringOutRefusal()
  }

  /// The story ran every line: the refusal still unchecked, then every `api`
  /// answer no call used, in line order.
  package mutating func finished() -> [ReplayWarning] {
    let unused = answers.map { answer in
      let why =
        answer.callsAfter == 0
        ? "no tap called \(answer.operation) after it"
        : "each call to \(answer.operation) after it was answered by an earlier api line"
      return ReplayWarning(
        line: answer.line, "\(answer.written) was never used: \(why); remove the line or add the tap that calls it")
    }
    answers = []
    return [bringOutRefusal()].compactMap { $0 } + unused
  }

  private mutating func bringOutRefusal() -> ReplayWarning? {
    guard let refused else { return nil }
    self.refused = nil
    refusalBefore = "line \(refused.line), \(refused.shown), was refused: \(refused.reason)"
    return ReplayWarning(
      line: refused.line,
      "\(refused.shown) was refused: \(refused.reason); expect it (expect effect refused) or fix the line")
  }

  /// `api placeOrder ok`, `api placeOrder fail card_declined ; cvv_invalid`,
  /// `api pay action three_d_secure`: the answer's kind and codes, never its data.
  private static func written(_ operation: OperationName, _ response: CheckoutAPIOutcome) -> String {
    switch response {
    case .succeeded: return "api \(operation) ok"
    case .failed(let errors): return "api \(operation) fail " + errors.map(\.code).joined(separator: " ; ")
    case .actionRequired(let action, _): return "api \(operation) action \(action)"
    }
  }
}
