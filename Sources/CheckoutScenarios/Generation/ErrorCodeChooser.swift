import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Picks, for each error matcher, a concrete API error that the flow resolves by
/// that matcher and no earlier one (first match wins): the exact code; for a prefix
/// (`card_*`) a real payment code that fits it; for the fallback (`*`) a code no
/// other matcher takes; for a `field` matcher its field.
///
/// ```swift
/// ErrorCodeChooser(flow).error(forMatcherAt: 17)  // card_velocity_exceeded, when card_declined is taken
/// ```
struct ErrorCodeChooser: Sendable {
  /// Real error codes of card payment APIs, tried in order for prefix matchers.
  static let realCodes = [
    "card_declined", "card_not_supported", "card_velocity_exceeded", "card_decline_rate_limit_exceeded",
    "expired_card", "incorrect_cvc", "incorrect_number", "incorrect_zip", "invalid_cvc", "invalid_expiry_month",
    "invalid_expiry_year", "invalid_number", "insufficient_funds", "processing_error", "postal_code_invalid",
    "address_invalid", "address_zip_invalid", "address_unverified", "email_invalid", "phone_number_invalid",
  ]
  /// Codes tried for the fallback matcher.
  static let fallbackCodes = [
    "unexpected_error", "internal_error", "service_unavailable", "api_error", "unknown_error",
  ]
  /// Codes tried for matchers that look only at the field.
  static let fieldCodes = ["invalid", "field_invalid", "validation_failed", "invalid_value"]

  let flow: Flow

  init(_ flow: Flow) {
    self.flow = flow
  }

  /// The error resolved by the matcher at `index` when `operation` answers it
  /// (nil: any operation), or why no error reaches it.
  func error(forMatcherAt index: Int, from operation: OperationName? = nil) -> Result<APIError, StoryBlock> {
    let matcher = flow.errors[index]
    let candidates: [String]
    switch matcher.code {
    case .exact(let code)?: candidates = [code]
    case .prefix(let prefix)?:
      candidates =
        Self.realCodes.filter { $0.hasPrefix(prefix) && $0 != prefix }
        + ["error", "invalid", "rejected", "unknown"].map { prefix + $0 }
    case .any?: candidates = Self.fallbackCodes + ["error_\(index)"]
    case nil: candidates = Self.fieldCodes
    }
    for code in candidates {
      let error = APIError(code: code, field: matcher.field)
      if firstMatch(error, from: operation) == index { return .success(error) }
    }
    let probe = APIError(code: candidates[0], field: matcher.field)
    let taker =
      firstMatch(probe, from: operation).map { " (\(Self.text(of: flow.errors[$0])), matcher \($0 + 1))" } ?? ""
    return .failure(
      StoryBlock(reason: "no error reaches matcher \(index + 1): an earlier matcher\(taker) takes every code it would"))
  }

  /// The index of the first matcher that applies to the error of `operation` (nil: of any).
  private func firstMatch(_ error: APIError, from operation: OperationName?) -> Int? {
    flow.errors.firstIndex {
      (operation.map($0.applies(to:)) ?? true) && $0.matches(code: error.code, field: error.field)
    }
  }

  /// A matcher as written: `cvv_invalid`, `card_*`, `field=shipping.zip`.
  static func text(of matcher: ErrorMatcher) -> String {
    [matcher.code?.description, matcher.field.map { "field=\($0)" }].compactMap { $0 }.joined(separator: " ")
  }

  /// The line that scripts the error: `cvv_invalid field=F "message"`.
  static func scripted(_ error: APIError) -> String {
    var words = [error.code]
    if let field = error.field { words.append("field=\(field)") }
    if let message = error.message { words.append(ScenarioText.quoted(message)) }
    return words.joined(separator: " ")
  }
}
