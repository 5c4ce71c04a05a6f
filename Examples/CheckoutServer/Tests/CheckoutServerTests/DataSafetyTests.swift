import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// Keeps every snapshot a store is given, as JSON, so a test can scan what would
/// be at rest.
actor RecordingStore: SessionStore {
  let base = InMemorySessionStore()
  private(set) var written: [String] = []

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    written.append(String(decoding: snapshot.jsonData(), as: UTF8.self))
    try await base.insert(snapshot, id: id)
  }

  func load(_ id: SessionID) async throws -> StoredSession? { await base.load(id) }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    await base.deleteSessions(savedBefore: cutoff)
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    written.append(String(decoding: snapshot.jsonData(), as: UTF8.self))
    return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
  }
}

/// Only rows write data, values and sessions have size limits, a CVV changed on
/// one instance is never used by another, and no card number is ever at rest in
/// plain text.
@Suite struct DataSafetyTests {
  /// The app's dependencies with this store and the shared test data key.
  static func sharing(_ store: any SessionStore, limits: DataLimits = DataLimits()) -> AppDependencies {
    AppDependencies(
      logger: Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }, store: store,
      environment: [DataKeyMaterial.variable: testDataKey], limits: limits)
  }

  /// Luhn-valid runs of 13 to 19 digits (single spaces or dashes between digits
  /// allowed) that stand on their own: a run inside a longer token of letters,
  /// digits or dashes (a UUID, a base64 blob) is not a card number. The rule of
  /// `Scripts/card_number_scan.py`.
  static func cardNumbers(in text: String) -> [String] {
    let characters = Array(text)
    func joinsToken(_ index: Int) -> Bool {
      guard characters.indices.contains(index) else { return false }
      return characters[index].isLetter || characters[index].isNumber || characters[index] == "-"
    }
    func isDigit(_ index: Int) -> Bool {
      characters.indices.contains(index) && characters[index].isASCII && characters[index].isWholeNumber
    }
    var found: [String] = []
    var index = 0
    while index < characters.count {
      guard isDigit(index) else {
        index += 1
        continue
      }
      // A maximal run: digits with at most one space or dash between two.
      let start = index
      var digits = [characters[index].wholeNumberValue ?? 0]
      var end = index + 1
      while true {
        if isDigit(end) {
          digits.append(characters[end].wholeNumberValue ?? 0)
          end += 1
        } else if characters.indices.contains(end), characters[end] == " " || characters[end] == "-", isDigit(end + 1) {
          end += 1
        } else {
          break
        }
      }
      index = end
      guard !joinsToken(start - 1), !joinsToken(end), (13...19).contains(digits.count) else { continue }
      let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
        let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
        return sum + (doubled > 9 ? doubled - 9 : doubled)
      }
      if sum % 10 == 0 { found.append(digits.map(String.init).joined()) }
    }
    return found
  }

  @Test func theScanFindsCardNumbersWrittenAnyWay() {
    #expect(Self.cardNumbers(in: #"{"n":"4242 4242 4242 4242"}"#) == ["4242424242424242"])
    #expect(Self.cardNumbers(in: "card 4000-0000-0000-0002.") == ["4000000000000002"])
    #expect(Self.cardNumbers(in: "4242424242424241 and •••• 4242, 20261121") == [], "not Luhn-valid, or too short")
    #expect(Self.cardNumbers(in: "x4242424242424242y") == [], "part of a longer token")
  }

  /// A UUID's hex can hold a Luhn-valid run of 13–19 decimal digits across its
  /// dashes (`bafa5803-5144-4283-9451-82f93d55face`); about 0.2% of random ones
  /// did, which failed one CI run in eleven. Seeded, so it cannot fail by chance.
  @Test func theScanFindsNoCardNumberInSessionIDs() {
    #expect(Self.cardNumbers(in: "bafa5803-5144-4283-9451-82f93d55face") == [])
    var state: UInt64 = 20_261_126
    func next() -> UInt64 {  // SplitMix64
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var found = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<2 {
        let value = next()
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
      }
      bytes[6] = (bytes[6] & 0x0F) | 0x40
      bytes[8] = (bytes[8] & 0x3F) | 0x80
      let uuid = UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
      let text = uuid.uuidString.lowercased()
      found += Self.cardNumbers(in: #""\#(text)""#).count
      if CardNumberText.containsCardNumber(text) || CardNumberText.containsCardNumber(uuid.uuidString) {
        found += 1  // the server's check, which a value in a name row meets
      }
    }
    #expect(found == 0)
  }

  // MARK: Card numbers only where they belong

  /// A card number typed into a free-text row would be stored and shown as typed:
  /// it is refused (the value never echoed), by row and by key; the card's own row,
  /// a number that is not Luhn-valid and a run inside a longer token are accepted.
  @Test func aCardNumberInAFreeTextRowIsRefusedAndNeverEchoed() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      try await client.open(id, "checkout", "stepOne")
      try await client.open(id, "creditCard", "creditCard")
      for (row, value) in [("name", "4242 4242 4242 4242"), ("name", "Ada 4000-0000-0000-0002")] {
        let refused = try await client.set(id, row, value)
        #expect(refused.status == .unprocessableContent)
        #expect(refused["error"]?.string == "card_number_in_text")
        #expect(refused["at"]?.string == "value")
        #expect(Self.cardNumbers(in: refused.text).isEmpty, "\(refused.text)")
      }
      let byKey = try await client.event(id, #""event":"set","key":"shipping.street","value":"4000000000000002""#)
      #expect(byKey.status == .unprocessableContent)
      #expect(byKey["error"]?.string == "card_number_in_text")
      #expect(try await client.set(id, "number", "4242 4242 4242 4242").status == .ok, "the card's own row")
      #expect(try await client.set(id, "name", "4242424242424241").status == .ok, "not Luhn-valid")
      #expect(try await client.set(id, "name", "ref-4242424242424242").status == .ok, "inside a longer token")
    }
  }

  @Test(arguments: [
    ("4242 4242 4242 4242", true), ("card 4000-0000-0000-0002.", true), ("4242424242424241", false),
    ("x4242424242424242", false), ("bafa5803-5144-4283-9451-82f93d55face", false), ("Ada Lovelace", false),
  ])
  func theServersCardNumberCheckAgreesWithTheScan(text: String, isCard: Bool) {
    #expect(CardNumberText.containsCardNumber(text) == isCard)
    #expect(!Self.cardNumbers(in: text).isEmpty == isCard)
  }

  /// A card number written or pasted another way than with plain spaces or dashes
  /// is one all the same (was: each of these was stored and answered as typed in a
  /// name row), and a phone number in the international format is not one.
  @Test(arguments: [
    ("4111.1111.1111.1111", true), ("4111\u{A0}1111\u{A0}1111\u{A0}1111", true),
    ("4111\u{202F}1111\u{202F}1111\u{202F}1111", true), ("4111\u{200B}1111\u{200B}1111\u{200B}1111", true),
    ("4111/1111/1111/1111", true), ("４１１１ １１１１ １１１１ １１１１", true), ("٤١١١١١١١١١١١١١١١", true),
    ("4111 - 1111 - 1111 - 1111", true), ("4111\u{2013}1111\u{2013}1111\u{2013}1111", true),
    ("4\u{332}1\u{332}1\u{332}1111111111111", true), ("4111\u{AD}1111\u{AD}1111\u{AD}1111", true),
    ("+49 1512 1000009", false), ("4915121000009", true), ("4111 .... 1111 1111 1111", false),
    ("1.5.2024 - 3.6.2024", false), ("Flat 12/3, 221b Baker Street", false), ("ref ４１１１１１１１１１１１１１１１x", false),
  ])
  func aCardNumberWrittenAnyWayIsFound(text: String, isCard: Bool) {
    #expect(
      CardNumberText.containsCardNumber(text) == isCard, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  // MARK: Only rows write data

  @Test func keysNoRowTakesAreRefusedWith422NamingTheKeyAndNothingChanges() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      for (key, code, detail) in [
        ("cart.subtotal", "read_only_key", "cart.subtotal is read-only: it is the flow's data"),
        (
          "order.total", "read_only_key",
          "order.total is read-only: Order total on Step Two shows it but takes no value"
        ),
        ("order.number", "read_only_key", "order.number is read-only: the answer to placeOrder provides it"),
        ("shiping.zip", "unknown_key", #"no row binds "shiping.zip" (did you mean "shipping.zip"?)"#),
      ] {
        let reply = try await client.set(id, key: key, "$0.00")
        #expect(reply.status == .unprocessableContent, "\(key): \(reply.text)")
        #expect(reply["error"]?.string == code)
        #expect(reply["at"]?.string == "key")
        #expect(reply["detail"]?.string?.hasPrefix(detail) == true, "\(reply.text)")
        #expect(reply["detail"]?.string?.contains("$0.00") == false, "the value is never echoed")
      }
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["version"]?.int == 1, "nothing was saved")
      #expect(shown["screen"]?.row("subtotal")?["detail"]?.string?.contains("$0.00") == false)

      let both = try await client.event(id, #""event":"set","row":"zip","key":"shipping.zip","value":"1""#)
      #expect(both.status == .badRequest)
      #expect(both["at"]?.string == "key")
      let malformed = try await client.set(id, key: "shipping..zip", "1")
      #expect(malformed.status == .badRequest)
      #expect(malformed["detail"]?.string == #""key" must be a data key: names joined by dots, like shipping.zip"#)
      // A key a row binds is set through that row.
      let byKey = try await client.set(id, key: "cart.quantity", "2")
      #expect(byKey.status == .ok, "\(byKey.text)")
    }
  }

  @Test func aValueOverTheLimitIs413AndASessionOverItsLimitIs422() async throws {
    let store = SecretKeepingMemoryStore()
    try await withApp(dependencies: Self.sharing(store, limits: DataLimits(valueBytes: 1_024, sessionBytes: 2_048))) {
      client in
      let id = try await client.createSession()
      try await client.open(id, "checkout", "stepOne")
      try await client.open(id, "shippingAddress", "address")
      let tooLong = try await client.set(id, "street", String(repeating: "a", count: 1_025))
      #expect(tooLong.status == .contentTooLarge, "\(tooLong.text)")
      #expect(tooLong["error"]?.string == "value_too_large")
      #expect(tooLong["at"]?.string == "value")
      #expect(tooLong["detail"]?.string == "Street address is too long. Please shorten it.", "the shopper's words")
      #expect(try await client.set(id, "street", String(repeating: "a", count: 1_000)).status == .ok)
      #expect(try await client.set(id, "city", String(repeating: "b", count: 900)).status == .ok)
      let over = try await client.set(id, "name", String(repeating: "c", count: 900))
      #expect(over.status == .unprocessableContent, "\(over.text)")
      #expect(over["error"]?.string == "session_too_large")
      #expect(
        over["detail"]?.string
          == "Full name could not be saved: your entries in this checkout are too long altogether. Please shorten some of them.",
        "the shopper's words")
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["screen"]?.row("name")?["value"]?.string?.isEmpty != false, "the refused value was not stored")
      #expect(
        shown["screen"]?.row("city")?["value"]?.string == String(repeating: "b", count: 900), "earlier values kept")
    }
  }

  // MARK: Secrets across instances

  @Test(arguments: ["12", ""])
  func aCVVChangedOnInstanceBIsNeverUsedByInstanceA(_ replacement: String) async throws {
    let store = SecretKeepingMemoryStore()
    try await withApp(dependencies: Self.sharing(store)) { a in
      try await withApp(dependencies: Self.sharing(store)) { b in
        let id = try await a.createSession()
        try await a.open(id, "checkout", "stepOne")
        try await CheckoutStoryTests.fillAddressAndCard(a, id, card: "4242424242424242", cvv: "737")
        try await a.open(id, "continue", "stepTwo")

        // B changes (or clears) the CVV through its key, from Step Two.
        let changed = try await b.set(id, key: "payment.card.cvv", replacement)
        #expect(changed.status == .ok, "\(changed.text)")

        // A still holds 737 in its memory, but must not use it: it asks again.
        let placed = try await a.tap(id, "placeOrder")
        #expect(placed.status == .ok, "\(placed.text)")
        #expect(placed["effects"]?.effectLines == ["offer creditCard.cvv"], "no API call with 737: \(placed.text)")
        #expect(placed["effects"]?[0]?["message"]?.string == "Enter the CVV again: it was changed in another window.")
        _ = try await a.event(id, #""event":"accept""#)
        _ = try await a.appeared(id, "stepOne")
        let onCard = try await a.appeared(id, "creditCard")
        #expect(onCard["effects"]?.effectLines == ["focus creditCard.cvv"])
        #expect(
          onCard["screen"]?.row("cvv")?["error"]?.string == "Enter the CVV again: it was changed in another window.")
        let shownByA = try await a.send(.get, "/sessions/\(id)")
        #expect(shownByA["screen"]?.row("cvv")?["value"]?.string?.isEmpty != false, "A holds no CVV: \(shownByA.text)")

        // Entered again on A, the order goes through with the new value.
        #expect(try await a.set(id, "cvv", "123").status == .ok)
        try await a.open(id, "done", "stepOne")
        try await a.open(id, "continue", "stepTwo")
        let ordered = try await a.tap(id, "placeOrder")
        #expect(
          ordered["effects"]?.effectLines == ["callAPI placeOrder succeeded", "navigate reset confirmation"],
          "\(ordered.text)")
      }
    }
  }

  @Test func instanceASaysWhyWhenItsCopyIsStale() async throws {
    let store = SecretKeepingMemoryStore()
    try await withApp(dependencies: Self.sharing(store)) { a in
      try await withApp(dependencies: Self.sharing(store)) { b in
        let id = try await a.createSession()
        try await a.open(id, "checkout", "stepOne")
        try await a.open(id, "creditCard", "creditCard")
        #expect(try await a.set(id, "cvv", "737").status == .ok)
        #expect(try await b.set(id, "cvv", "12").status == .ok)
        let shown = try await a.send(.get, "/sessions/\(id)")
        #expect(
          shown["screen"]?.row("cvv")?["error"]?.string == "Enter the CVV again: it was changed in another window.")
        #expect(shown["screen"]?.row("cvv")?["value"]?.string?.isEmpty != false, "737 is not shown as held")
      }
    }
  }

  // MARK: No card number at rest

  @Test func noCardNumberIsEverStoredInPlainText() async throws {
    let store = RecordingStore()
    let placedIDs = try await withApp(dependencies: Self.sharing(store)) { client -> [String] in
      var placed: [String] = []
      for checkout in StoryCheckout.all {
        // An order placed, one declined, one left mid-checkout.
        let ok = try await checkout.readyToSubmit(client, number: "4242 4242 4242 4242")
        try await checkout.submitAndExpectTheOrderPlaced(client, ok)
        placed.append(ok)
        let declined = try await checkout.readyToSubmit(client, number: "4000000000000002")
        _ = try await client.tap(declined, checkout.submitRow)
        _ = try await checkout.readyToSubmit(client, number: "5555 5555 5555 4444")
      }
      return placed
    }
    let written = await store.written
    #expect(written.count > 50)
    let found = written.flatMap(Self.cardNumbers)
    #expect(found.isEmpty, "card numbers at rest: \(Set(found).sorted())")
    #expect(written.contains { $0.contains(SealingSessionStore.prefix) }, "live sessions keep the number sealed")
    for id in placedIDs {
      let stored = try #require(await store.base.load(SessionID(id)))
      let number = stored.snapshot.data.first { $0.key.hasSuffix("number") && $0.key.contains("card") }?.value
      #expect(number == .string("•••• 4242"), "dropped once the order is placed: \(String(describing: number))")
    }
  }

  @Test func aSealedNumberOpensOnlyForItsSessionAndKey() async throws {
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    let compiled = try #require(catalog["plndr"])
    let sealing = SealingSessionStore(
      base: InMemorySessionStore(), catalog: catalog, key: try DataKeyMaterial(base64: testDataKey),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    var session = CheckoutSession(flow: compiled, today: try CalendarDate.parse("2026-11-21"))
    session.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4242")))
    let sealed = sealing.seal(session.snapshot(revealSensitive: true), id: "s1")
    let text = try #require(sealed.data["payment.card.number"]?.displayText)
    #expect(text.hasPrefix("sealed:v2:\(try DataKeyMaterial(base64: testDataKey).id):"))
    #expect(try sealing.open(sealed, id: "s1").data["payment.card.number"] == .string("4242 4242 4242 4242"))
    // Moved to another session, or read under another key: an error, never dropped.
    #expect(throws: SealedValueError.self) { try sealing.open(sealed, id: "s2") }
    let other = SealingSessionStore(
      base: InMemorySessionStore(), catalog: catalog, key: .ephemeral(),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    #expect(throws: SealedValueError.self) { try other.open(sealed, id: "s1") }
  }

  @Test func postgresWithoutADataKeyRefusesToStartAndABadKeySaysWhy() async throws {
    #expect(throws: UsageError.self) { try dataKey(in: [:], persistent: true) }
    do {
      _ = try dataKey(in: [:], persistent: true)
    } catch {
      #expect(error.description.hasPrefix("DATABASE_URL is set but CHECKOUT_DATA_KEY is not"))
    }
    do {
      _ = try dataKey(in: ["CHECKOUT_DATA_KEY": "c2hvcnQ="], persistent: false)
      Issue.record("a 5-byte key was accepted")
    } catch {
      #expect(
        error.description
          == "CHECKOUT_DATA_KEY holds 5 bytes; it must hold 32 (AES-256), e.g. $(openssl rand -base64 32)")
    }
    do {
      _ = try dataKey(in: ["CHECKOUT_DATA_KEY": "not base64!"], persistent: false)
      Issue.record("text that is not base64 was accepted")
    } catch {
      #expect(error.description.hasPrefix("CHECKOUT_DATA_KEY is not base64"))
    }
    _ = try dataKey(in: [:], persistent: false)
  }
}
