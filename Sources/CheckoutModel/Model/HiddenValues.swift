/// Secret and sensitive values, and how each may be shown (`•••` for a CVV, `•••• 4242`
/// for a card number): what a text written about a session may not hold, wherever
/// it stands in it. The one definition behind what a scenario line, a failed
/// expectation or a recording shows (`SecretNames`) and behind an API's error
/// message, which a session keeps and shows only with them masked (a payment API
/// that writes `Card 4000056655665556 with code 739 declined`).
///
/// A value counts where it stands as a whole, not as part of a longer number or
/// word (a CVV `424` is not masked in `•••• 4242`); a value of digits counts
/// wherever its digits stand as whole groups, whatever the blanks, dashes or script
/// between and of them (`4000 0566 5566 5556` in `4000056655665556` and
/// `٤٠٠٠-٠٥٦٦-٥٥٦٦-٥٥٥٦`). Any card number in a text (``CardNumberText``) is masked
/// as its row shows one, whether or not it is a value held here.
package struct HiddenValues: Sendable {
  /// Each value, with how it may be shown.
  package var shown: [String: String]

  /// The values given, each with how it may be shown.
  package init(_ shown: [String: String] = [:]) {
    self.shown = shown
  }

  /// The secret and sensitive values `data` holds (empty ones left out): a secret
  /// shown `•••`, a sensitive value as its row shows it (`•••• 4242`).
  package init(heldIn data: [DataKey: Value], masking: Masking) {
    self.init(heldIn: data, secretKeys: masking.secretKeys, sensitiveKeys: masking.sensitiveKeys)
  }

  /// The values `data` holds for these secret and sensitive keys (see ``init(heldIn:masking:)``).
  package init(heldIn data: [DataKey: Value], secretKeys: Set<DataKey>, sensitiveKeys: Set<DataKey>) {
    var shown: [String: String] = [:]
    for (key, value) in data where secretKeys.contains(key) || sensitiveKeys.contains(key) {
      let text = value.displayText
      guard !text.isEmpty else { continue }
      shown[text] = secretKeys.contains(key) ? Masking.secretPlaceholder : Masking.masked(text)
    }
    self.init(shown)
  }

  /// A value, or a card number, where a text holds it.
  package struct Found {
    /// The value as the text holds it.
    package var text: String
    /// How it may be shown: `•••` for a secret, `•••• 4242` for a card number.
    package var shown: String
    /// Whether it is a secret's (shown `•••`), not a sensitive value's or a card number's.
    package var isSecret: Bool { shown == Masking.secretPlaceholder }
  }

  /// `text` with each value and card number written as it may be shown.
  package func masking(_ text: String) -> String {
    replacingValues(in: text) { $0.shown }
  }

  /// `text` with each value and card number replaced by `replacement` of it.
  package func replacingValues(in text: String, by replacement: (Found) -> String) -> String {
    let ranges = hiddenRanges(in: text)
    guard !ranges.isEmpty else { return text }
    var out = ""
    var index = text.startIndex
    for (range, shown) in ranges {
      out += text[index..<range.lowerBound]
      out += replacement(Found(text: String(text[range]), shown: shown))
      index = range.upperBound
    }
    out += text[index...]
    return out
  }

  /// Where `text` holds the values, each with how it is shown: in order, none
  /// overlapping (where two overlap, the one that begins first, then the longer, is
  /// kept: a card number is masked whole).
  private func hiddenRanges(in text: String) -> [(Range<String.Index>, String)] {
    var found: [(Range<String.Index>, String)] = []
    for (value, shown) in shown {
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
