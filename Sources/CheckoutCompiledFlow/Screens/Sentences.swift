import Foundation
import CheckoutModel

/// Messages put together as punctuated sentences, for the reasons a screen shows:
/// `Complete "Shipping Address" first. Full name is required. Enter the 5-digit postcode.`
///
/// A flow's messages are written by its author, with or without a full stop; each
/// is kept as written and given one when it ends without `.`, `!`, `?`, `…` or `。`
/// (text ending in Japanese or Chinese script, or holding kana or ideographs, is
/// given `。`).
package enum Sentences {
  /// The text as a sentence: trimmed, with a full stop added unless it already ends
  /// a sentence. An empty text stays empty.
  package static func sentence(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let last = trimmed.last else { return "" }
    if ".!?…。！？".contains(last) { return trimmed }
    // A Japanese sentence that ends with Latin words (`…のいずれかにしてください：ab, cd`)
    // is still Japanese: its full stop is `。`.
    return trimmed + (isCJK(last) || trimmed.contains(where: isKanaOrIdeograph) ? "。" : ".")
  }

  /// Whether a character is kana or a CJK ideograph: the text is Japanese or Chinese
  /// (not only a `「」` quoting a Japanese title in another language's sentence).
  private static func isKanaOrIdeograph(_ character: Character) -> Bool {
    guard let value = character.unicodeScalars.first?.value else { return false }
    return (0x3040...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
  }

  /// Whether a character is of Japanese or Chinese script (kana, ideographs, full-width forms).
  private static func isCJK(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first, scalar.value >= 0x3000 else { return false }
    return scalar.value <= 0x9FFF || (0xFF00...0xFFEF).contains(scalar.value)
  }

  /// The texts as sentences, one space between them, none after a Japanese or
  /// Chinese full stop (`。`, `！`, `？`: those scripts put no space between
  /// sentences); empty texts are left out.
  package static func join(_ texts: [String]) -> String {
    var joined = ""
    for sentence in texts.map(sentence) where !sentence.isEmpty {
      if let last = joined.last, !"。！？".contains(last) { joined += " " }
      joined += sentence
    }
    return joined
  }
}

extension IncompleteStep {
  /// What a guard waiting for this step says, before punctuation: that the step
  /// comes first, then each of its problems.
  package func sentences(_ messages: EngineMessages) -> [String] {
    [messages.text(.disabledCompleteFirst, title)] + problems
  }
}
