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
  /// shown (`payment.card.cvv: •••`, `•••• 4242`), and each card number in it
  /// (``CardNumberText``) as its row shows one (`•••• 4242`). A value counts where
  /// it stands as a whole, not as part of a longer number or word (a CVV `424` is
  /// not masked in `•••• 4242`); a value of digits counts wherever its digits stand
  /// as whole groups, whatever the blanks, dashes or script between and of them
  /// (`4000 0566 5566 5556` in `4000056655665556` and `٤٠٠٠-٠٥٦٦-٥٥٦٦-٥٥٥٦`).
  package func masking(_ text: String) -> String {
    replacingValues(in: text) { hidden in hidden.shown }
  }

  /// A secret or sensitive value, or a card number, where a text holds it (see ``masking(_:)``).
  package struct HiddenValue {
    /// The value as the text holds it.
    package var text: String
    /// How it may be shown: `•••` for a secret, `•••• 4242` for a card number.
    package var shown: String
    /// Whether it is a secret's (shown `•••`), not a sensitive value's or a card number's.
    package var isSecret: Bool { shown == Masking.secretPlaceholder }
  }

  /// `text` with each value ``masking(_:)`` hides replaced by `replacement` of it.
  package func replacingValues(in text: String, by replacement: (HiddenValue) -> String) -> String {
    var out = ""
    var index = text.startIndex
    for (range, shown) in hiddenRanges(in: text) {
      out += text[index..<range.lowerBound]
      out += replacement(HiddenValue(text: String(text[range]), shown: shown))
      index = range.upperBound
    }
    out += text[index...]
    return out
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

  /// Where `text` holds the values ``masking(_:)`` hides, each with how it is
  /// shown: in order, none overlapping (where two overlap, the one that begins
  /// first, then the longer, is kept: a card number is masked whole).
  private func hiddenRanges(in text: String) -> [(Range<String.Index>, String)] {
    var found: [(Range<String.Index>, String)] = []
    for (value, shown) in values {
      found += Self.occurrences(of: value, in: text).map { ($0, shown) }
      if let digits = CardNumberText.digitsOnly(value) {
        found += CardNumberText.occurrences(ofDigits: digits, in: text).map { ($0, shown) }
      }
    }
    found += CardNumberText.cardNumbers(in: text).map { ($0, Masking.masked(String(text[$0]))) }
    found.sort { ($0.0.lowerBound, $1.0.upperBound) < ($1.0.lowerBound, $0.0.upperBound) }
    var kept: [(Range<String.Index>, String)] = []
    for candidate in found where kept.last.map({ $0.0.upperBound <= candidate.0.lowerBound }) ?? true {
      kept.append(candidate)
    }
    return kept
  }

  /// Where `text` holds `value` whole: not inside a longer run of letters or digits.
  private static func occurrences(of value: String, in text: String) -> [Range<String.Index>] {
    guard !value.isEmpty, text.contains(value) else { return [] }
    let characters = Array(text)
    let indices = Array(text.indices) + [text.endIndex]
    let target = Array(value)
    var found: [Range<String.Index>] = []
    var index = 0
    while index < characters.count {
      let end = index + target.count
      if end <= characters.count, characters[index..<end].elementsEqual(target),
        !(isWordCharacter(target[0]) && index > 0 && isWordCharacter(characters[index - 1])),
        !(isWordCharacter(target[target.count - 1]) && end < characters.count && isWordCharacter(characters[end]))
      {
        found.append(indices[index]..<indices[end])
        index = end
        continue
      }
      index += 1
    }
    return found
  }

  private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
