import Foundation
import CheckoutModel

/// Messages put together as punctuated sentences, for the reasons a screen shows:
/// `Complete "Shipping Address" first. Full name is required. Enter the 5-digit postcode.`
///
/// A flow's messages are written by its author, with or without a full stop; each
/// is kept as written and given one when it ends without `.`, `!`, `?`, `…` or `。`.
/// The full stop is the session's language's (`punctuation.fullStop`: `。` in
/// Japanese, `.` in English), whatever script the words in the sentence are in: an
/// English sentence naming a row `Name in kanji (漢字)` ends with `.`, a Japanese
/// one that ends with Latin words (`…のいずれかにしてください：ab, cd`) with `。`.
package enum Sentences {
  /// The text as a sentence: trimmed, with the full stop of `messages` added unless
  /// it already ends a sentence. An empty text stays empty.
  package static func sentence(_ text: String, _ messages: EngineMessages) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let last = trimmed.last else { return "" }
    if ".!?…。！？".contains(last) { return trimmed }
    return trimmed + messages.text(.punctuationFullStop)
  }

  /// The texts as sentences, one space between them, none after a Japanese or
  /// Chinese full stop (`。`, `！`, `？`: those scripts put no space between
  /// sentences); empty texts are left out.
  package static func join(_ texts: [String], _ messages: EngineMessages) -> String {
    var joined = ""
    for sentence in texts.map({ sentence($0, messages) }) where !sentence.isEmpty {
      if let last = joined.last, !"。！？".contains(last) { joined += " " }
      joined += sentence
    }
    return joined
  }

  /// A row's title before the reason it cannot be used, punctuated as the language
  /// of `messages` does (`punctuation.titled`): `Pay: Not available until …`,
  /// `Payer : …` with a no-break space, `支払う：…`.
  package static func titled(_ title: String, _ reason: String, _ messages: EngineMessages) -> String {
    messages.text(.punctuationTitled, title, reason)
  }
}

extension IncompleteStep {
  /// What a guard waiting for this step says, before punctuation: that the step
  /// comes first, then each of its problems.
  package func sentences(_ messages: EngineMessages) -> [String] {
    [messages.text(.disabledCompleteFirst, title)] + problems
  }
}
