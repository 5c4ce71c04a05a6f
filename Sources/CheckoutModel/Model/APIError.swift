/// An error the checkout API returned: a code, the field it names, and its message.
///
/// ```swift
/// APIError(code: "cvv_invalid", message: "Your card's security code is incorrect.")
/// ```
public struct APIError: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The API's error code (`cvv_invalid`, `incorrect_cvc`, `DELIVERY_ZIP_INVALID`).
  public var code: String
  /// The key or API field path the error names, if any.
  public var field: String?
  /// The API's message for the shopper, if any.
  public var message: String?

  /// Creates an API error.
  public init(code: String, field: String? = nil, message: String? = nil) {
    self.code = code
    self.field = field
    self.message = message
  }

  /// `cvv_invalid field=payment.card.cvv "message"`.
  public var description: String {
    var text = code
    if let field { text += " field=\(field)" }
    if let message { text += " \"\(message)\"" }
    return text
  }
}
