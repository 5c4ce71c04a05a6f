import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// The values a line or an expectation's text may not show, wherever they stand in
/// it (`expect effect callAPI "payment.card.cvv: 8642"`), and the texts that look
/// like such a value (a code, a card number).
extension SecretNames {
  /// The session's secret and sensitive values, each with how it may be shown.
  static func heldValues(of session: CheckoutSession?) -> [String: String] {
    guard let session else { return [:] }
    let masking = session.compiled.masking
    var values: [String: String] = [:]
    for (key, value) in session.data where masking.isMasked(key) {
      let text = value.displayText
      guard !text.isEmpty else { continue }
      values[text] = masking.isSecret(key) ? Masking.secretPlaceholder : Masking.masked(text)
    }
    return values
  }

  /// `text` with each secret or sensitive value known here written as it may be
  /// shown (`payment.card.cvv: •••`, `•••• 4242`); a value counts where it stands
  /// as a whole, not as part of a longer number or word (a CVV `424` is not masked
  /// in `•••• 4242`). Longer values first, so a card number is masked whole.
  package func masking(_ text: String) -> String {
    var masked = text
    for (value, shown) in values.sorted(by: { ($0.key.count, $0.key) > ($1.key.count, $1.key) }) {
      masked = Self.replacing(value, with: shown, in: masked)
    }
    return masked
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

  /// `text` with every whole occurrence of `value` (not inside a longer run of
  /// letters or digits) replaced by `shown`.
  private static func replacing(_ value: String, with shown: String, in text: String) -> String {
    guard !value.isEmpty, text.contains(value) else { return text }
    let characters = Array(text)
    let target = Array(value)
    var out = ""
    var index = 0
    while index < characters.count {
      let end = index + target.count
      if end <= characters.count, characters[index..<end].elementsEqual(target),
        !(isWordCharacter(target[0]) && index > 0 && isWordCharacter(characters[index - 1])),
        !(isWordCharacter(target[target.count - 1]) && end < characters.count && isWordCharacter(characters[end]))
      {
        out += shown
        index = end
        continue
      }
      out.append(characters[index])
      index += 1
    }
    return out
  }

  private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
