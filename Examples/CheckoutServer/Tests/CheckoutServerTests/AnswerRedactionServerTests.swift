import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// A `callAPI` effect shows the API's answer; a payment API may repeat the CVC or
/// the card number in it (under a key, or in an error's message). The answer is
/// shown, and logged, with every secret or sensitive value the call carried and
/// any card number masked. Was: `"payment.card.cvc":"7391"` in the HTTP answer,
/// and `provided.payment.card.cvv=7391` in the log for a key the flow does not know.
@Suite struct AnswerRedactionServerTests {
  static let cvc = "7391"
  static let card = "4000056655665556"

  /// A tickets session on the payment's last step: seats held, the card entered.
  static func atPay(_ client: any TestClientProtocol) async throws -> String {
    let id = try await client.createSession("tickets")
    #expect(try await client.set(id, "section", "stalls").status == .ok)
    #expect(try await client.set(id, "quantity", "2").status == .ok)
    _ = try await DemoStoryTests.follow(client, id, try await client.tap(id, "hold"))
    #expect(try await client.set(id, "name", "Ada Lovelace").status == .ok)
    #expect(try await client.set(id, "email", "ada@example.com").status == .ok)
    _ = try await DemoStoryTests.follow(client, id, try await client.tap(id, "payment"))
    for (row, value) in [("number", "4000 0566 5566 5556"), ("expiry", "12/30"), ("cvc", cvc), ("zip", "97201")] {
      #expect(try await client.set(id, row, value).status == .ok)
    }
    _ = try await DemoStoryTests.follow(client, id, try await client.tap(id, "done"))
    return id
  }

  static func logged() -> (Logger, InMemoryLogHandler) {
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "checkout-server-test") { _ in handler }
    logger.logLevel = .trace
    return (logger, handler)
  }

  @Test func aSuccessThatRepeatsTheCardIsShownAndLoggedMasked() async throws {
    let (logger, handler) = Self.logged()
    try await withApp(
      arguments: ScriptedAnswerTests.on, dependencies: AppDependencies(logger: logger, environment: [:])
    ) { client in
      let id = try await Self.atPay(client)
      let data =
        #"{"order.number":"TICKETS-1","payment.card.cvc":"\#(Self.cvc)","payment.card.number":"\#(Self.card)","payment.card.cvv":"\#(Self.cvc)","note":"card \#(Self.card) cvc \#(Self.cvc)"}"#
      let scripted = try await ScriptedAnswerTests.script(
        client, id, #"{"operation":"pay","answer":{"status":"succeeded","data":\#(data)}}"#)
      #expect(scripted.status == .ok, "\(scripted.text)")
      let paid = try await client.tap(id, "pay")
      let outcome = try #require(paid["effects"]?[0]?["outcome"]?["data"])
      #expect(outcome["payment.card.cvc"]?.string == "•••")
      #expect(outcome["payment.card.cvv"]?.string == "•••", "a key the flow does not know, holding the CVC")
      #expect(outcome["payment.card.number"]?.string == "•••• 5556")
      #expect(outcome["note"]?.string == "card •••• 5556 cvc •••")
      #expect(outcome["order.number"]?.string == "TICKETS-1")
      #expect(!paid.text.contains(Self.cvc) && !paid.text.contains(Self.card), "\(paid.text)")
    }
    let log = LogTests.lines(handler).joined(separator: "\n")
    #expect(log.contains("provided.order.number=TICKETS-1"), "\(log)")
    #expect(!log.contains(Self.cvc) && !log.contains(Self.card) && !log.contains("5566 5556"), "\(log)")
  }

  @Test func aFailureWhoseMessageRepeatsTheCardIsShownMasked() async throws {
    try await withApp(arguments: ScriptedAnswerTests.on) { client in
      let id = try await Self.atPay(client)
      let message = "Card \(Self.card) with code \(Self.cvc) declined"
      _ = try await ScriptedAnswerTests.script(
        client, id, #"{"operation":"pay","answer":{"status":"failed","code":"card_declined","message":"\#(message)"}}"#)
      let paid = try await client.tap(id, "pay")
      let error = try #require(paid["effects"]?[0]?["outcome"]?["errors"]?[0])
      #expect(error["message"]?.string == "Card •••• 5556 with code ••• declined", "\(paid.text)")
      #expect(!paid.text.contains(Self.cvc) && !paid.text.contains(Self.card), "\(paid.text)")
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(!shown.text.contains(Self.cvc) && !shown.text.contains(Self.card), "\(shown.text)")
    }
  }
}
