import CheckoutModel
import Testing

/// Each table is written as its language's typography and register want: Dutch
/// that says `je` to the shopper in every message.
@Suite struct TableTypographyTests {
  @Test func dutchSaysJeInEveryMessage() {
    for (id, text) in MessageTable.read("nl").texts {
      let words = text.split { !$0.isLetter }.map { $0.lowercased() }
      #expect(!words.contains("u") && !words.contains("uw"), "nl.txt \(id) says u: \(text)")
    }
    #expect(
      MessageTable.read("nl").texts["host.problem.unavailable"]
        == "De betaling is even niet bereikbaar. Wat je hebt ingevuld blijft bewaard en wordt zo opnieuw verstuurd.")
  }
}
