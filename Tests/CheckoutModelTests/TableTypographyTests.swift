import CheckoutModel
import Testing

/// Each table is written as its language's typography and register want: French
/// spaces before `:` `;` `?` `!` and inside `« »` that never break a line, and
/// Dutch that says `je` to the shopper in every message.
@Suite struct TableTypographyTests {
  @Test func frenchSpacesBeforePunctuationAndInsideGuillemetsAreNoBreakSpaces() {
    for (id, text) in MessageTable.read("fr").texts {
      for plain in [" :", " ;", " ?", " !", "« ", " »"] {
        #expect(!text.contains(plain), "fr.txt \(id) writes a plain space in \"\(plain)\": \(text)")
      }
      for narrow in [";", "?", "!"] {
        #expect(!text.contains("\u{00A0}" + narrow), "fr.txt \(id): a narrow no-break space (U+202F) before \(narrow)")
      }
      #expect(!text.contains("\u{202F}:"), "fr.txt \(id): a no-break space (U+00A0) before :")
    }
    #expect(
      MessageTable.read("fr").texts["refusal.callInProgress"]
        == "{call} est en cours\u{202F}; attendez la fin avant de modifier {row}")
  }

  @Test func dutchSaysJeInEveryMessage() {
    for (id, text) in MessageTable.read("nl").texts {
      let words = text.split { !$0.isLetter }.map { $0.lowercased() }
      #expect(!words.contains("u") && !words.contains("uw"), "nl.txt \(id) says u: \(text)")
      // The shopper's checkout is "de betaling" (and its service "de betaaldienst")
      // in every message; a placeholder's name ({newCheckout}) is no word of it.
      let parts = text.split(separator: "{", omittingEmptySubsequences: false)
      let outsidePlaceholders = parts[0] + parts.dropFirst().map { $0.drop { $0 != "}" } }.joined()
      #expect(!outsidePlaceholders.lowercased().contains("checkout"), "nl.txt \(id) says checkout: \(text)")
    }
    #expect(
      MessageTable.read("nl").texts["host.problem.unavailable"]
        == "De betaling is even niet bereikbaar. Wat je hebt ingevuld blijft bewaard en wordt zo opnieuw verstuurd.")
  }
}
