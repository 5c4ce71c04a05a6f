import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// The values a line or an expectation's text may not show, wherever they stand in
/// it (`expect effect callAPI "payment.card.cvv: 8642"`), and the texts that look
/// like such a value (a code, a card number).
extension SecretNames {
  /// A secret or sensitive value, or a card number, where a text holds it (see ``masking(_:)``).
  package typealias HiddenValue = HiddenValues.Found

  /// `text` with each secret or sensitive value known here written as it may be
  /// shown (`payment.card.cvv: •••`, `•••• 4242`), and each card number in it
  /// (``CardNumberText``) as its row shows one (`•••• 4242`), as ``HiddenValues``
  /// finds them.
  package func masking(_ text: String) -> String {
    values.masking(text)
  }

  /// `text` with each value ``masking(_:)`` hides replaced by `replacement` of it.
  package func replacingValues(in text: String, by replacement: (HiddenValue) -> String) -> String {
    values.replacingValues(in: text, by: replacement)
  }

  /// Whether `text` holds a secret or sensitive value known here (see ``masking(_:)``).
  package func containsValue(_ text: String) -> Bool { masking(text) != text }

  /// Whether the text of an `expect detail|error|title ROW TEXT` is hidden: ROW might
  /// take a hidden value (``mightBeSecretRow(_:)``) and TEXT holds a value known here
  /// or looks like one (``looksLikeValue(_:)``). An error's or a title's words
  /// (`expect error number "declined"`) are shown.
  package func hidesText(_ text: String, aboutRow row: String) -> Bool {
    mightBeSecretRow(row) && (containsValue(text) || Self.looksLikeValue(text))
  }

  /// Whether a text looks like a value rather than words: it has a digit and no
  /// letter (a code, `7382`; a masked number, `•••• 4242`), or it holds a card
  /// number (twelve digits or more, blanks or dashes between them).
  static func looksLikeValue(_ text: String) -> Bool {
    if text.contains(where: \.isNumber) && !text.contains(where: \.isLetter) { return true }
    var digits = 0
    for character in text {
      if character.isNumber {
        digits += 1
        if digits >= 12 { return true }
      } else if character != " " && character != "-" {
        digits = 0
      }
    }
    return false
  }
}
