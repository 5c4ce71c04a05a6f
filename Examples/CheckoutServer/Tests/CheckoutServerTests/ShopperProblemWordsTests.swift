import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// What the server refuses itself for what a shopper typed or did from the page (a
/// value too long, a control character pasted, a second window) is said in the
/// session's language through its `host.problem.*` words, the row by its title, as
/// `card_number_in_text` is; what only a developer's request causes (a `set` of a
/// key, an unknown key) stays English, naming what is wrong.
@Suite struct ShopperProblemWordsTests {
  let errors = ErrorTests()

  static func german(_ client: some TestClientProtocol) async throws -> String {
    let created = try await client.send(.post, "/sessions", body: #"{"flow":"express","locale":"de"}"#)
    return try #require(created["id"]?.string)
  }

  @Test func aValueTooLongIsSaidInTheShoppersLanguage() async throws {
    try await withApp { client in
      let id = try await Self.german(client)
      let long = String(repeating: "a", count: 1_025)
      let row = errors.expectError(
        try await client.event(id, #""event":"set","row":"email","value":"\#(long)""#), .contentTooLarge,
        "value_too_large", at: "value")
      #expect(row["detail"]?.string == "E-Mail ist zu lang. Bitte kürzen Sie die Eingabe.", "\(row.text)")
      // A developer's set of a key says what is wrong, in English.
      let key = errors.expectError(
        try await client.event(id, #""event":"set","key":"contact.email","value":"\#(long)""#), .contentTooLarge,
        "value_too_large", at: "value")
      #expect(key["detail"]?.string == "the value is 1025 bytes; a value may hold at most 1024 bytes (UTF-8)")
    }
  }

  /// A row whose `maxLength` allows more than the server's 1 KiB takes what the
  /// flow allows in any script: Express's note takes 500 characters, 1,500 bytes of
  /// Japanese (was 413 from the 342nd, "too long" with no length given). Past four
  /// bytes a character, the server's limit stands, with the bytes.
  @Test func aRowTakesWhatItsMaxLengthAllowsInAnyScript() async throws {
    try await withApp { client in
      let created = try await client.send(.post, "/sessions", body: #"{"flow":"express","locale":"ja"}"#)
      let id = try #require(created["id"]?.string)
      let note = String(repeating: "あ", count: 500)
      #expect(try await client.event(id, #""event":"set","key":"order.note","value":"\#(note)""#).status == .ok)
      let long = String(repeating: "a", count: 2_001)
      let key = errors.expectError(
        try await client.event(id, #""event":"set","key":"order.note","value":"\#(long)""#), .contentTooLarge,
        "value_too_large", at: "value")
      #expect(key["detail"]?.string == "the value is 2001 bytes; a value may hold at most 2000 bytes (UTF-8)")
    }
    let flow = try #require(DemoCheckoutAPITests.catalog["express"]).flow
    #expect(DataLimits().valueBytes(for: .key("order.note"), in: flow) == 2_000)
    #expect(DataLimits().valueBytes(for: .key("contact.email"), in: flow) == 1_024)
  }

  /// A `set` after which the session's entered values would be over its limit
  /// (422 `session_too_large`): a shopper typing long texts into many fields meets
  /// it (was English, naming byte counts).
  @Test func aSessionTooLargeIsSaidInTheShoppersLanguage() async throws {
    let limits = DataLimits(valueBytes: 1_024, sessionBytes: 2_048)
    try await withApp(dependencies: DataSafetyTests.sharing(SecretKeepingMemoryStore(), limits: limits)) { client in
      let id = try await Self.german(client)
      for (row, count) in [("firstName", 1_000), ("lastName", 900)] {
        let value = String(repeating: "a", count: count)
        #expect(try await client.event(id, #""event":"set","row":"\#(row)","value":"\#(value)""#).status == .ok)
      }
      let city = String(repeating: "b", count: 900)
      let row = errors.expectError(
        try await client.event(id, #""event":"set","row":"city","value":"\#(city)""#), .unprocessableContent,
        "session_too_large", at: "value")
      #expect(
        row["detail"]?.string
          == "Ort konnte nicht gespeichert werden: Ihre Eingaben in diesem Checkout sind zusammen zu lang. Bitte kürzen Sie einige davon.",
        "\(row.text)")
      // A developer's set of a key says what is wrong, in English, with the sizes.
      let key = errors.expectError(
        try await client.event(id, #""event":"set","key":"shipping.city","value":"\#(city)""#),
        .unprocessableContent, "session_too_large", at: "value")
      #expect(
        key["detail"]?.string?.hasSuffix("a session may hold at most 2048 bytes (UTF-8, keys and values)") == true,
        "\(key.text)")
    }
  }

  /// A page still open across a deploy that made a button a field taps it: the
  /// refusal (`notTappable`) says so in the shopper's words, the row by its title;
  /// the ids stay in `refusal` (was English naming the row's id: `"email" is an
  /// email row: it cannot be tapped; set a value instead`).
  @Test func aTapOnAFieldIsSaidInTheShoppersLanguage() async throws {
    try await withApp { client in
      let id = try await Self.german(client)
      let tapped = errors.expectError(
        try await client.event(id, #""event":"tap","row":"email""#), .unprocessableContent, "refused", at: "row")
      #expect(
        tapped["detail"]?.string
          == "E-Mail kann nicht angetippt werden: Bitte prüfen Sie, was dort jetzt steht, und versuchen Sie es erneut",
        "\(tapped.text)")
      #expect(tapped["refusal"]?["code"]?.string == "notTappable")
      #expect(tapped["refusal"]?["row"]?.string == "email")
    }
  }

  /// A stored session whose snapshot does not restore on the flow version serving
  /// it (here one an operator damaged: a negative `callsMade`) still has its
  /// problems said in the language it stores, without being restored: a value too
  /// long for its row (was English, `the value is 1025 bytes; …`).
  @Test func aSessionThatDoesNotRestoreIsStillSpokenToInItsLanguage() async throws {
    let store = InMemorySessionStore()
    try await withApp(dependencies: DataSafetyTests.sharing(store)) { client in
      let id = try await Self.german(client)
      let stored = try #require(await store.load(SessionID(id)))
      var json = try #require(try JSONSerialization.jsonObject(with: stored.snapshot.jsonData()) as? [String: Any])
      json["callsMade"] = -1
      let damaged = try SessionSnapshot(json: JSONSerialization.data(withJSONObject: json))
      _ = try await store.save(damaged, id: SessionID(id), expectedVersion: stored.version)
      let long = String(repeating: "a", count: 1_025)
      let row = errors.expectError(
        try await client.event(id, #""event":"set","row":"email","value":"\#(long)""#), .contentTooLarge,
        "value_too_large", at: "value")
      #expect(row["detail"]?.string == "E-Mail ist zu lang. Bitte kürzen Sie die Eingabe.", "\(row.text)")
    }
  }

  /// A page still open across a deploy that removed a step reports that step
  /// appearing: the refusal (`unknownStep`) says so in the shopper's words, naming
  /// the step to carry on from by its title; the id stays in `refusal.step` (was
  /// English listing every step's id).
  @Test func aStepTheFlowNoLongerHasIsSaidInTheShoppersLanguage() async throws {
    try await withApp { client in
      let id = try await Self.german(client)
      let gone = errors.expectError(
        try await client.event(id, #""event":"appeared","step":"giftWrap""#), .unprocessableContent, "refused",
        at: "step")
      #expect(
        gone["detail"]?.string
          == "Dieser Schritt gehört nicht mehr zum Checkout: Machen Sie bei „Express-Kasse“ weiter",
        "\(gone.text)")
      #expect(gone["refusal"]?["code"]?.string == "unknownStep")
      #expect(gone["refusal"]?["step"]?.string == "giftWrap")
    }
  }

  @Test func aControlCharacterPastedIsSaidInTheShoppersLanguage() async throws {
    try await withApp { client in
      let id = try await Self.german(client)
      let row = errors.expectError(
        try await client.event(id, #""event":"set","row":"email","value":"a\u0001b""#), .unprocessableContent,
        "control_character", at: "value")
      #expect(
        row["detail"]?.string
          == "E-Mail enthält ein unsichtbares Steuerzeichen, das nicht verwendet werden kann. Bitte geben Sie es neu ein.",
        "\(row.text)")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)
    }
  }

  @Test func aSecondWindowsStaleVersionIsSaidInTheShoppersLanguage() async throws {
    try await withApp { client in
      let id = try await Self.german(client)
      #expect(
        try await client.event(id, #""event":"set","row":"email","value":"a@b.de","expectedVersion":1"#).status == .ok)
      let stale = errors.expectError(
        try await client.event(id, #""event":"set","row":"email","value":"c@d.de","expectedVersion":1"#), .conflict,
        "stale_version", at: "expectedVersion")
      #expect(
        stale["detail"]?.string
          == "Dieser Checkout wurde in einem anderen Fenster geändert; er zeigt jetzt den neuesten Stand.",
        "\(stale.text)")
      #expect(stale["version"]?.int == 2)
      let locale = try await client.send(
        .post, "/sessions/\(id)/locale", body: #"{"locale":"fr","expectedVersion":1}"#)
      #expect(locale.status == .conflict)
      #expect(locale["detail"]?.string == stale["detail"]?.string, "the session is still German: \(locale.text)")
    }
  }
}
