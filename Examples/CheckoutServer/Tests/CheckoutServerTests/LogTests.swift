import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// Secrets never reach a log line: the CVV a shopper types is in no message and no
/// metadata value, whatever the request (set events, malformed bodies, refusals,
/// an order that fails on it, and the order placed once it is changed).
@Suite struct LogTests {
  /// Every captured line as text: level, message, metadata keys and values, error.
  static func lines(_ handler: InMemoryLogHandler) -> [String] {
    handler.entries.map { entry in
      let metadata = entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      return "\(entry.level) \(entry.message) \(metadata) \(entry.error.map { "\($0)" } ?? "")"
    }
  }

  /// Whether `secret` appears in `line` as a whole token (not inside a longer run
  /// of letters, digits and dashes, such as a hex request id or a group of a
  /// session's UUID, which holds a given four digits once in 65,536 ids).
  static func contains(_ line: String, token secret: String) -> Bool {
    var searchRange = line.startIndex..<line.endIndex
    while let found = line.range(of: secret, range: searchRange) {
      let before = found.lowerBound > line.startIndex ? line[line.index(before: found.lowerBound)] : " "
      let after = found.upperBound < line.endIndex ? line[found.upperBound] : " "
      let joins = { (character: Character) in character.isLetter || character.isNumber || character == "-" }
      if !joins(before) && !joins(after) { return true }
      searchRange = found.upperBound..<line.endIndex
    }
    return false
  }

  @Test func aCVVSentInASetEventNeverAppearsInTheLog() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let cvv = "9714"
    let changedCVV = "5283"
    let card = "4000000000000127"
    try await withApp(dependencies: AppDependencies(logger: logger, environment: [:])) { client in
      let id = try await client.createSession()
      try await client.open(id, "checkout", "stepOne")
      try await client.open(id, "creditCard", "creditCard")
      for (row, value) in [("name", "Ada Lovelace"), ("number", card), ("expiry", "12/30")] {
        _ = try await client.set(id, row, value)
      }
      // The CVV, in a set event, by row and by key, with an expected version,
      // in a refused event and in malformed bodies.
      #expect(try await client.set(id, "cvv", cvv).status == .ok)
      #expect(try await client.event(id, #""event":"set","key":"payment.card.cvv","value":"\#(cvv)""#).status == .ok)
      #expect(try await client.event(id, #""event":"set","row":"cvv","value":\#(cvv)"#).status == .ok)
      #expect(
        try await client.event(id, #""event":"set","row":"cvvv","value":"\#(cvv)""#).status == .unprocessableContent)
      #expect(
        try await client.event(id, #""event":"set","row":"cvv","value":"\#(cvv)","expectedVersion":1"#).status
          == .conflict)
      #expect(try await client.event(id, #""event":"set","row":"cvv","value":"\#(cvv)"#).status == .badRequest)
      #expect(try await client.event(id, #""event":"set","row":"cvv","value":0\#(cvv)"#).status == .badRequest)
      #expect(try await client.event(id, #""event":"set","row":"cvv","valeu":"\#(cvv)""#).status == .badRequest)
      #expect(try await client.event(id, #""event":"sett","row":"cvv","value":"\#(cvv)""#).status == .badRequest)
      // And an order that the API fails on the CVV (the payload carries it).
      _ = try await client.tap(id, "done")
      _ = try await client.appeared(id, "stepOne")
      try await client.open(id, "shippingAddress", "address")
      for (row, value) in [
        ("name", "Ada"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", "97201"),
      ] {
        _ = try await client.set(id, row, value)
      }
      _ = try await client.tap(id, "done")
      _ = try await client.appeared(id, "stepOne")
      try await client.open(id, "continue", "stepTwo")
      let placed = try await client.tap(id, "placeOrder")
      #expect(placed["effects"]?.effectLines.first == "callAPI placeOrder failed")
      // Token checks: an order number such as PLNDR-18528348 holds 5283 inside a longer run.
      #expect(!Self.contains(placed.text, token: cvv))
      // The route back to the CVV, a changed CVV, and the order placed with it.
      _ = try await DemoStoryTests.follow(client, id, try await client.event(id, #""event":"accept""#))
      #expect(try await client.set(id, "cvv", changedCVV).status == .ok)
      try await StoryCheckout.plndr.returnToSubmit(client, id)
      let ordered = try await client.tap(id, "placeOrder")
      #expect(ordered["effects"]?.effectLines.first == "callAPI placeOrder succeeded")
      #expect(!Self.contains(ordered.text, token: changedCVV))
    }

    let lines = Self.lines(handler)
    // The log is not empty: events are logged with their kind and row.
    #expect(lines.contains { $0.contains("event") && $0.contains("event=set") && $0.contains("row=cvv") })
    #expect(lines.contains { $0.contains("request") && $0.contains("status=422") })
    #expect(lines.contains { $0.contains("checkout API") && $0.contains("codes=cvv_invalid") })
    #expect(lines.contains { $0.contains("checkout API") && $0.contains("outcome=succeeded") })
    for line in lines {
      #expect(!Self.contains(line, token: cvv), "the CVV is in a log line: \(line)")
      #expect(!Self.contains(line, token: changedCVV), "the changed CVV is in a log line: \(line)")
      #expect(!line.contains(card), "the full card number is in a log line: \(line)")
    }
  }

  @Test func aRefusedEventsRequestLineNamesTheRefusal() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    try await withApp(dependencies: AppDependencies(logger: logger, environment: [:])) { client in
      let id = try await client.createSession()
      try await client.open(id, "checkout", "stepOne")
      _ = try await client.tap(id, "creditCard")
      // Waiting for the host: a second tap before stepOne's row opened its step.
      #expect(try await client.tap(id, "shippingAddress").status == .unprocessableContent)
      #expect(try await client.event(id, #""event":"accept""#).status == .unprocessableContent)
    }
    let refused = Self.lines(handler).filter { $0.hasPrefix("info request ") && $0.contains("status=422") }
    #expect(refused.count == 2, "\(refused)")
    #expect(refused.first?.contains("refusal=awaitingStep") == true, "\(refused)")
    #expect(refused.last?.contains("refusal=noOffer") == true, "\(refused)")
    #expect(
      !Self.lines(handler).contains { $0.contains("refusal=") && !$0.contains("status=422") },
      "only a refused event's line names a refusal")
  }

  @Test func tokenSearchIgnoresLongerRuns() {
    #expect(Self.contains("value=9714 x", token: "9714"))
    #expect(Self.contains("\"9714\"", token: "9714"))
    #expect(!Self.contains("id=ab9714cd", token: "9714"))
    #expect(!Self.contains(#""number":"PLNDR-18528348""#, token: "5283"), "inside an order number")
  }
}
