import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutScenarios

/// The texts of a failed expectation never show a value the scenario gave a secret
/// or sensitive row, wherever it stands (the expected side too), and show an
/// error's words, which are no such value.
@Suite struct ExpectationSecretsTests {
  static let cardFilled = [
    "tap checkout", "tap creditCard", #"set name "Ada Lovelace""#, #"set number "4242 4242 4242 4242""#,
    "set expiry 12/28", "set cvv 8642",
  ]

  /// The lines, run on a host; the host, to read each line as a report shows it.
  static func run(_ lines: [String]) throws -> (host: ScenarioHost, outcomes: [ScenarioHost.Outcome]) {
    var host = ScenarioHost(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    var outcomes: [ScenarioHost.Outcome] = []
    for (index, line) in lines.enumerated() {
      guard let command = try ScenarioParser.parse(line, line: index + 1) else { continue }
      outcomes.append(host.run(command))
    }
    return (host, outcomes)
  }

  @Test func aSecretInAnEffectsExpectedTextIsMasked() throws {
    let line = #"expect effect callAPI "payment.card.cvv: 8642""#
    let (host, outcomes) = try Self.run(
      Self.cardFilled + ["expect effect notice 8642", line])
    let failure = try #require(outcomes.last?.failure)
    #expect(failure.expected == "effect callAPI payment.card.cvv: •••")
    #expect(outcomes[outcomes.count - 2].failure?.expected == "effect notice •••")
    #expect(TypedLine(line, in: host).shown == #"expect effect callAPI "payment.card.cvv: •••""#)
    #expect(TypedLine(line, in: host).hidesValue, "never kept in the REPL's history")
  }

  /// Once the session no longer holds it (the API rejected the CVV and it was
  /// entered again), the value the scenario gave is still masked.
  @Test func aSecretTheSessionNoLongerHoldsIsStillMasked() throws {
    let (host, outcomes) = try Self.run(
      Self.cardFilled + [
        "set cvv 123", #"expect effect callAPI "8642 and 123""#,
      ])
    #expect(outcomes.last?.failure?.expected == "effect callAPI ••• and •••")
    #expect(host.enteredSecrets["8642"] == Masking.secretPlaceholder)
  }

  /// A card number (sensitive) is written as the screen masks it.
  @Test func aSensitiveValueIsMaskedAsTheScreenShowsIt() throws {
    let (_, outcomes) = try Self.run(Self.cardFilled + [#"expect effect notice "4242 4242 4242 4242""#])
    #expect(outcomes.last?.failure?.expected == "effect notice •••• 4242")
  }

  /// Values of other rows, and a value that is only part of a longer number, are shown.
  @Test func otherValuesAreShown() throws {
    let (_, outcomes) = try Self.run(Self.cardFilled + [#"expect effect notice "Ada 86420""#])
    #expect(outcomes.last?.failure?.expected == "effect notice Ada 86420")
  }

  /// An error's words about a sensitive row are no card number: shown; a code or a
  /// card number the author wrote there is masked.
  @Test func anErrorsWordsOnASensitiveRowAreShown() throws {
    let (host, outcomes) = try Self.run(
      Self.cardFilled + [
        #"expect error number "declined""#, #"expect error number "4111 1111 1111 1111""#,
        #"expect error cvv "7382""#, #"expect error number "Card 4242 4242 4242 4242 declined""#,
      ])
    let failures = outcomes.suffix(4).map { $0.failure?.expected }
    #expect(failures[0] == #"error on number containing "declined""#)
    #expect(failures[1] == #"error on number containing "•••""#, "looks like a card number")
    #expect(failures[2] == #"error on cvv containing "•••""#, "looks like a code")
    #expect(failures[3] == #"error on number containing "•••""#, "holds the row's value")
    #expect(TypedLine(#"expect error number "declined""#, in: host).shown == #"expect error number "declined""#)
    #expect(TypedLine(#"expect error cvv "7382""#, in: host).shown == "expect error cvv •••")
  }
}
