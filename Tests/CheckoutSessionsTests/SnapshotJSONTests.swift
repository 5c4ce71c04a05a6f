import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// Snapshot JSON through its one definition (`Codable`): `jsonData()` is what
/// JSONEncoder writes and `init(json:)` reads what any JSONEncoder writes, for every
/// shape a session takes; it never holds a secret; bad input fails with a message
/// that names the JSON path; and no input crashes it.
@Suite struct SnapshotJSONTests {
  static let compiled = ShippedFlows.plndrCompiled
  static let today = ShippedFlows.today
  /// PLNDR with its `cvv_invalid` matcher left without a `message` (the same shape,
  /// so the same fingerprint): the story's English shopper then reads the API's own
  /// words, and its quotes, backslash and emoji go through every message a snapshot
  /// holds (the shipped matcher says what went wrong in the flow's words instead).
  static let apiWordsCompiled: CompiledFlow = {
    var flow = ShippedFlows.plndr
    for index in flow.errors.indices where flow.errors[index].code == .exact("cvv_invalid") {
      flow.errors[index].message = nil
    }
    return CompiledFlow(flow)
  }()

  // MARK: Sessions of every shape

  /// The PLNDR session at points of its story, with what each shows.
  static func sessions() -> [(name: String, session: CheckoutSession)] {
    var list: [(String, CheckoutSession)] = [("fresh", CheckoutSession(flow: compiled, today: today))]
    var tapped = CheckoutSession(flow: compiled, today: today)
    tapped.send(.tap("checkout"))
    list.append(("a tap waiting for its step", tapped))

    var driven = DrivenSession()
    driven.session = CheckoutSession(flow: apiWordsCompiled, today: today)
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    list.append(("a call waiting", driven.session))
    driven.send(
      .apiFailed(
        "placeOrder",
        [
          APIError(code: "cvv_invalid", field: "payment.card.cvv", message: "Bad \"CVV\" /\\ 😀"),
          APIError(code: "address_zip_invalid"),
        ]))
    list.append(("an offer waiting, an error queued", driven.session))

    var routing = driven.session
    routing.send(.accept)
    list.append(("a route in progress", routing))
    var replanned = routing
    replanned.send(.appeared("cart"))
    list.append(("a route replanned", replanned))
    var arrived = routing
    arrived.send(.appeared("stepOne"))
    arrived.send(.appeared("creditCard"))
    list.append(("a route arrived, an error shown and focused", arrived))
    var declined = driven.session
    declined.send(.decline)
    list.append(("an offer declined", declined))
    return list
  }

  /// Snapshots no session reaches through events alone: an offer over a tap pending
  /// with two calls, a route replanned many times with odd row errors, and values of
  /// every kind and spelling.
  static func unusualSnapshots() -> [(name: String, snapshot: SessionSnapshot)] {
    let offering = fixture(sessions().first { $0.name == "an offer waiting, an error queued" }, "the offer").session
    var pending = offering.snapshot()
    pending.mode.wait(
      for: .step(CheckoutSession.PendingNavigation(command: .present("discount"), expected: "discount")))
    pending.calls = [
      APICall(operation: "applyDiscount", key: "applyDiscount-1", then: nil),
      APICall(operation: "placeOrder", key: "placeOrder-2", then: "stepTwo"),
    ]

    let routing = fixture(sessions().first { $0.name == "a route in progress" }, "the session with a route").session
    var replanned = routing.snapshot()
    let driver = routing.driver
    replanned.mode = .routing(
      driver: RouteDriver(state: driver.state, resolution: driver.resolution, route: driver.route, replans: 7),
      queued: [Resolution(step: "address", row: "zip", message: "the shopper left: \"quotes\", back\\slash,\nnew line")]
    )
    replanned.today = nil
    replanned.rowErrors = ["creditCard.cvv": "Bad CVV.", "address.zip": "ZIP \u{1}?"]

    var values = CheckoutSession(flow: compiled, today: today).snapshot()
    values.data = [
      "text.plain": .string("Ada"),
      "text.empty": .string(""),
      "text.escapes": .string(
        "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{7} nul \u{0} unit \u{1F} del \u{7F}"),
      "text.unicode": .string("Zoë 東京 👩‍👩‍👧 e\u{301} \u{2028} \u{FEFF}"),
      "text.long": .string(String(repeating: "0123456789abcdef", count: 40)),
      "number.integer": .number(3),
      "number.negative": .number(-42),
      "number.zero": .number(0),
      "number.negativeZero": .number(-0.0),
      "number.fraction": .number(0.1),
      "number.big": .number(1e20),
      "number.huge": .number(.greatestFiniteMagnitude),
      "number.tiny": .number(.leastNonzeroMagnitude),
      "number.precise": .number(123_456_789.125),
      "number.limit": .number(9_007_199_254_740_992),
      "number.beyond": .number(18_014_398_509_481_992),
      "flag.on": .bool(true),
      "flag.off": .bool(false),
      "options.none": .options([]),
      "options.some": .options([PickerOption(value: "a", label: "Ä \"a\""), PickerOption(value: "b\\", label: "🅱️")]),
      "key with spaces and \"quotes\" and ünïcödé": .string("odd key"),
    ]
    return [
      ("an offer over a tap pending, two calls", pending), ("a route replanned 7 times, no date", replanned),
      ("values of every kind", values),
    ]
  }

  static func allSnapshots() -> [(name: String, snapshot: SessionSnapshot)] {
    sessions().flatMap {
      [($0.name, $0.session.snapshot()), ($0.name + " (revealed)", $0.session.snapshot(revealSensitive: true))]
    }
      + unusualSnapshots()
  }

  // MARK: (a) One definition: jsonData() and init(json:) are Codable's JSON

  @Test func jsonDataIsCodablesJSONAndReadsBack() throws {
    let pretty = JSONEncoder()
    pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
    let sorted = JSONEncoder()
    sorted.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (name, snapshot) in Self.allSnapshots() {
      let json = snapshot.jsonData()
      #expect(json == (try sorted.encode(snapshot)), "jsonData() is JSONEncoder with sorted keys: \(name)")
      #expect(
        try JSONDecoder().decode(SessionSnapshot.self, from: json) == snapshot, "JSONDecoder reads jsonData(): \(name)")
      #expect(try SessionSnapshot(json: json) == snapshot, "init(json:) reads jsonData(): \(name)")
      #expect(
        try SessionSnapshot(json: JSONEncoder().encode(snapshot)) == snapshot, "init(json:) reads JSONEncoder: \(name)")
      #expect(try SessionSnapshot(json: pretty.encode(snapshot)) == snapshot, "init(json:) reads pretty JSON: \(name)")
    }
  }

  @Test func aSessionsJSONIsItsSnapshotsAndRestoresAsCodableDoes() throws {
    let decoder = JSONDecoder()
    decoder.userInfo[.checkoutFlow] = Self.compiled
    let revealing = JSONEncoder()
    revealing.userInfo[.revealSensitive] = true
    for (name, session) in Self.sessions() {
      for reveal in [false, true] {
        let json = session.snapshotJSON(revealSensitive: reveal)
        #expect(
          try SessionSnapshot(json: json) == session.snapshot(revealSensitive: reveal), "\(name), reveal \(reveal)")
        let restored = try CheckoutSession(restoringJSON: json, flow: Self.compiled)
        let viaCodable = try decoder.decode(
          CheckoutSession.self, from: (reveal ? revealing : JSONEncoder()).encode(session))
        #expect(
          restored.snapshot(revealSensitive: true) == viaCodable.snapshot(revealSensitive: true),
          "\(name), reveal \(reveal)")
        #expect(
          restored.snapshot(revealSensitive: reveal) == session.snapshot(revealSensitive: reveal),
          "\(name), reveal \(reveal)")
      }
    }
  }

  /// The snapshot fuzz target (`Tests/Fuzz/run-fuzzers.sh`) starts from these
  /// sessions' snapshots: they must stay current (`UPDATE_GOLDEN=1 swift test` rewrites them).
  @Test func theFuzzSeedSnapshotsAreTheseSessions() throws {
    let folder = PackagePaths.root.appendingPathComponent("Tests/Fuzz/snapshots")
    for (name, session) in Self.sessions() {
      let file = folder.appendingPathComponent(
        name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: "") + ".json")
      if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try session.snapshotJSON().write(to: file)
        continue
      }
      let seed = try Data(contentsOf: file)
      #expect(try SessionSnapshot(json: seed) == session.snapshot(), "\(file.lastPathComponent) is stale")
      #expect(try CheckoutSession(restoringJSON: seed, flow: Self.compiled).snapshot() == session.snapshot())
    }
  }

  /// A session always has a date: one made without takes the system's, and so does
  /// a snapshot written before dates were required (the fuzz seed without one).
  @Test func aSessionWithoutAGivenDateTakesTheSystemsDate() throws {
    let before = CalendarDate.systemToday()
    let made = CheckoutSession(flow: Self.compiled)
    let seed = try Data(
      contentsOf: PackagePaths.root.appendingPathComponent(
        "Tests/Fuzz/snapshots/a-tap-waiting-for-its-step-no-date.json"))
    #expect(try SessionSnapshot(json: seed).today == nil)
    let restored = try CheckoutSession(restoringJSON: seed, flow: Self.compiled)
    let after = CalendarDate.systemToday()
    for date in [made.today, restored.today] { #expect(date == before || date == after) }
    #expect(made.snapshot().today == made.today, "the date is written, so the session replays the same")
  }

  /// Values still equal to the flow's initial data are derived, not written; a
  /// changed one is written; restoring gives the session's data back either way.
  @Test func valuesEqualToTheFlowsInitialDataAreLeftOutAndRestored() throws {
    var session = CheckoutSession(flow: Self.compiled, today: Self.today)
    let fresh = try SessionSnapshot(json: session.snapshotJSON())
    #expect(fresh.data.isEmpty, "a fresh session holds only the flow's initial data: \(fresh.data)")
    session.send(.set(.key("shipping.method"), .string("express")))
    session.send(.set(.key("shipping.city"), .string("Portland")))
    let changed = try SessionSnapshot(json: session.snapshotJSON())
    #expect(changed.data == ["shipping.method": .string("express"), "shipping.city": .string("Portland")])
    #expect(changed.data["cart.count"] == nil && changed.data["shipping.methods"] == nil)
    let restored = try CheckoutSession(restoringJSON: session.snapshotJSON(), flow: Self.compiled)
    #expect(restored.data == session.data)
    #expect(restored.data["cart.count"] == .number(3))
    #expect(restored.data["shipping.method"] == .string("express"))
  }

  @Test func theWriterWritesTheDocumentedShapes() throws {
    let routing = Self.sessions().first { $0.name == "a route in progress" }!.session
    let text = String(decoding: routing.snapshotJSON(), as: UTF8.self)
    #expect(text.hasPrefix(#"{"calls":[],"callsMade":1,"data":{"#))
    #expect(
      text.contains(#""fingerprint":"\#(Self.compiled.fingerprint)","flow":"plndr","format":3,"mode":{"routing":{"#))
    #expect(text.contains(#""mode":{"routing":{"driver":{"replans":0,"#))
    #expect(text.contains(#"}},"queued":[{"error":{"code":"address_zip_invalid"}"#))
    #expect(text.contains(#""row":"zip","step":"address"}]}},"navigation":"cart>stepOne>stepTwo","rowErrors":"#))
    #expect(text.hasSuffix(#""today":{"day":21,"month":11,"year":2026}}"#))
    #expect(
      text.contains(#""state":{"awaiting":{"expected":"stepOne","pending":"pop","remaining":["present creditCard"]}}"#))
    #expect(text.contains(#""replans":0,"resolution":"#))
    #expect(
      text.contains(
        #""route":{"commands":["pop","present creditCard"],"from":"cart>stepOne>stepTwo","target":"creditCard"}"#))
    #expect(text.contains(#""message":"Bad \"CVV\" /\\ 😀""#))
    #expect(!text.contains("\n"), "compact")
    #expect(
      String(decoding: SessionSnapshot.unusual("values of every kind").jsonData(), as: UTF8.self)
        .contains(
          #""text.escapes":"quote \" backslash \\ slash / tab \t newline \n return \r bell \u0007 nul \u0000 unit \u001f del \#u{7F}""#
        ))
  }

  @Test func theFingerprintIsComputedOnceAndUnchanged() {
    #expect(Self.compiled.fingerprint == FlowFingerprint.of(Self.compiled.flow))
    #expect(CheckoutSession(flow: Self.compiled).snapshot().fingerprint == FlowFingerprint.of(ShippedFlows.plndr))
  }

  @Test func theQuickMaskMasksAsMaskingDoes() {
    let texts = [
      "", " ", "-", "1", "12", "1234", "12345", "4242 4242 4242 4242", "4242-4242-4242-4242", " - 12 34 - ",
      "abcdefg", "ab cd", "ab\tcd ef", "x\r\ny z 1", "é1234", "👍🏽👍🏽👍🏽👍🏽👍🏽", "1234😀", "a-b-c-d-e", "\u{7F}12345",
    ]
    for text in texts { #expect(Masking.maskedQuickly(text) == Masking.masked(text), "\(text.debugDescription)") }
  }

  @Test func nonFiniteNumbersAreLeftOutOfJSONData() throws {
    var snapshot = CheckoutSession(flow: Self.compiled).snapshot()
    snapshot.data["x.nan"] = .number(.nan)
    snapshot.data["x.inf"] = .number(-.infinity)
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(snapshot) }
    #expect(!String(decoding: snapshot.jsonData(), as: UTF8.self).contains("x.nan"))
    let read = try SessionSnapshot(json: snapshot.jsonData())
    #expect(read.data["x.nan"] == nil && read.data["x.inf"] == nil)
    #expect(read.data.count == snapshot.data.count - 2)
  }

  @Test func unknownMembersAreSkippedAndNullsAreAbsent() throws {
    let json = Self.minimal.replacingOccurrences(
      of: #""calls":[]"#,
      with:
        #""calls":[{"operation":"placeOrder","key":"placeOrder-1","then":null,"later":{"a":[1,{"b":null}]}}],"offer":null,"focus":null,"today":null,"pending":null,"future":[true,false,null,-1.5e3,"\u00e9"]"#
    )
    let snapshot = try SessionSnapshot(json: Data(json.utf8))
    #expect(snapshot.calls == [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)])
    #expect(snapshot.mode == .start && snapshot.today == nil)
    #expect(
      try SessionSnapshot(json: Data(("\u{FEFF}" + Self.minimal).utf8))
        == SessionSnapshot(json: Data(Self.minimal.utf8)), "a byte order mark")
  }

  /// A snapshot claiming to be of the current flow (its fingerprint, no version) is
  /// restored exactly: every step and row it names must exist.
  @Test func restoringChecksTheFormatTheFlowAndDuplicateCalls() throws {
    func current(_ text: String) -> String {
      text.replacingOccurrences(of: #""fingerprint":"x""#, with: #""fingerprint":"\#(Self.compiled.fingerprint)""#)
    }
    let fresh = String(decoding: CheckoutSession(flow: Self.compiled).snapshotJSON(), as: UTF8.self)
    let other = fresh.replacingOccurrences(of: #""format":3"#, with: #""format":4"#)
    #expect(try SessionSnapshot(json: Data(other.utf8)).format == 4, "another format that reads is read")
    #expect(Self.restoreError(other) == "unsupported snapshot format 4; this version reads formats 1, 2 and 3")
    #expect(
      Self.restoreError(#"{"format":4,"shape":"new"}"#)
        == "unsupported snapshot format 4; this version reads formats 1, 2 and 3")
    #expect(try SessionSnapshot(json: Data(Self.minimal.utf8)).format == 3, "format 1 is read as format 3")
    #expect(
      Self.restoreError(Self.minimal.replacingOccurrences(of: "plndr", with: "shop"))
        == "the snapshot is of flow \"shop\", not \"plndr\"")
    #expect(
      Self.restoreError(current(Self.minimal.replacingOccurrences(of: "cart>stepOne", with: "cart>gone")))
        == "the flow \"plndr\" changed since the snapshot was made: step \"gone\" no longer exists")
    // Steps named only by the route in progress, the route planned, or a pending command.
    let awaitingGone = Self.withDriver(
      #"{"state":{"awaiting":{"expected":"cart","pending":"pop","remaining":["present gone"]}},"resolution":{"step":"cart","message":"m"},"replans":0}"#
    )
    #expect(
      Self.restoreError(current(awaitingGone))
        == "the flow \"plndr\" changed since the snapshot was made: step \"gone\" no longer exists")
    let routeGone = Self.withDriver(
      #"{"state":{"arrived":{"_0":"vanished"}},"route":{"from":"cart>old","target":"vanished","commands":["push vanished"]},"replans":0}"#
    )
    #expect(
      Self.restoreError(current(routeGone))
        == "the flow \"plndr\" changed since the snapshot was made: step \"old\", step \"vanished\" no longer exist")
    let pendingGone = Self.minimal.replacingOccurrences(
      of: #""calls":[]"#, with: #""calls":[],"pending":{"command":"push gone","expected":"gone"}"#)
    #expect(
      Self.restoreError(current(pendingGone))
        == "the flow \"plndr\" changed since the snapshot was made: step \"gone\" no longer exists")
    // Commands waiting for a step they cannot show.
    let wrongExpected = Self.withDriver(
      #"{"state":{"awaiting":{"expected":"stepTwo","pending":"pop","remaining":[]}},"resolution":{"step":"cart","message":"m"},"replans":0}"#
    )
    #expect(
      Self.restoreError(current(wrongExpected))
        == "the snapshot's route command \"pop\" on cart>stepOne shows cart, not the expected stepTwo")
    let impossible = Self.minimal.replacingOccurrences(
      of: #""calls":[]"#, with: #""calls":[],"pending":{"command":"dismiss","expected":"cart"}"#)
    #expect(
      Self.restoreError(current(impossible))
        == "the snapshot's pending command \"dismiss\" cannot be applied on cart>stepOne")
    #expect(Self.restoreError(Self.withDriver(Self.awaitingCart)) == nil)
    // A route in progress needs an error to go to; a format 1 snapshot waits for one step at a time.
    let aimless = Self.withDriver(
      Self.awaitingCart.replacingOccurrences(of: #""resolution":{"step":"cart","message":"m"},"#, with: ""))
    #expect(Self.error(aimless) == "snapshot JSON: driver: a route in progress (awaiting cart) names no error to go to")
    let twoWaits = Self.withDriver(Self.awaitingCart).replacingOccurrences(
      of: #""calls":[]"#, with: #""calls":[],"pending":{"command":"push stepTwo","expected":"stepTwo"}"#)
    #expect(
      Self.error(twoWaits)
        == "snapshot JSON: pending: waits for stepTwo after `push stepTwo` while the route waits for cart; a session waits for one step at a time"
    )
    let twice = Self.minimal.replacingOccurrences(
      of: #""calls":[]"#, with: #""calls":[{"operation":"a","key":"a-1"},{"operation":"a","key":"a-2","then":"cart"}]"#)
    #expect(Self.restoreError(twice) == "the snapshot lists the call \"a\" twice in calls")
    let keyless = Self.minimal.replacingOccurrences(of: #""calls":[]"#, with: #""calls":[{"operation":"a"}]"#)
    #expect(Self.error(keyless) == #"snapshot JSON: calls[0]: missing required key "key""#)
    let negative = Self.minimal.replacingOccurrences(of: #""calls":[]"#, with: #""calls":[],"callsMade":-1"#)
    #expect(Self.restoreError(negative) == "the snapshot's callsMade is -1; it counts keys made, 0 or more")
  }

  /// The same snapshots made on another version of the flow (another fingerprint)
  /// are migrated, not refused: what names a missing step is cut away or dropped.
  @Test func snapshotsOfAnotherVersionNamingMissingStepsAreMigrated() throws {
    let pop = CheckoutSession.PendingNavigation(command: .pop, expected: "cart")
    let cases: [(String, [MigrationReport.Change.Kind], CheckoutSession.PendingNavigation?)] = [
      (Self.minimal.replacingOccurrences(of: "cart>stepOne", with: "cart>gone"), [.cutNavigation], nil),
      // The route is given up; the pop the host is performing still leads to cart.
      (
        Self.withDriver(
          #"{"state":{"awaiting":{"expected":"cart","pending":"pop","remaining":["present gone"]}},"resolution":{"step":"cart","message":"m"},"replans":0}"#
        ),
        [.droppedRoute], pop
      ),
      (
        Self.minimal.replacingOccurrences(
          of: #""calls":[]"#, with: #""calls":[],"pending":{"command":"push gone","expected":"gone"}"#),
        [.droppedPending], nil
      ),
      (
        Self.minimal.replacingOccurrences(
          of: #""calls":[]"#, with: #""calls":[],"pending":{"command":"dismiss","expected":"cart"}"#),
        [.droppedPending], nil
      ),
    ]
    for (text, kinds, pending) in cases {
      let migrated = try SnapshotMigrator(to: Self.compiled).restore(SessionSnapshot(json: Data(text.utf8)))
      #expect(migrated.report?.changes.map(\.kind) == kinds, "\(text)")
      #expect(migrated.session.pending == pending)
      #expect(!migrated.session.driver.isDriving)
    }
  }

  // MARK: (b) No secret is ever written

  @Test func theCVVTypedOnTheCardStepIsNeverInTheBytes() throws {
    var driven = DrivenSession()
    driven.fillAddressAndCard(cvv: "9731")
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    let session = driven.session
    #expect(session.payloadForTesting?.values["payment.card.cvv"] == .string("9731"), "the session does hold it")
    for reveal in [false, true] {
      for bytes in [
        session.snapshotJSON(revealSensitive: reveal), session.snapshot(revealSensitive: reveal).jsonData(),
      ] {
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("9731"))
        // The key is named only by its generation (how often it changed), never with a value.
        #expect(try SessionSnapshot(json: bytes).data["payment.card.cvv"] == nil)
        #expect(try SessionSnapshot(json: bytes).secretGenerations == ["payment.card.cvv": 1])
        #expect(text.contains("4242 4242 4242 4242") == reveal, "the card number is masked unless revealed")
        #expect(text.contains("•••• 4242") != reveal)
      }
    }
  }

  // MARK: (c) Bad input says where and what would be valid

  /// A small valid snapshot of the PLNDR flow.
  static let minimal = SnapshotFixtures.minimal

  /// A format 1 driver awaiting cart after a pop, on its way to cart.
  static let awaitingCart =
    #"{"state":{"awaiting":{"expected":"cart","pending":"pop","remaining":["push stepOne"]}},"resolution":{"step":"cart","message":"m"},"replans":0}"#

  /// The minimal snapshot with its driver replaced.
  static func withDriver(_ driver: String) -> String {
    minimal.replacingOccurrences(of: #"{"state":{"idle":{}},"replans":0}"#, with: driver)
  }

  static func error(_ bytes: Data) -> String? { SnapshotFixtures.error(bytes) }

  static func error(_ text: String) -> String? { SnapshotFixtures.error(text) }

  static func restoreError(_ text: String) -> String? { SnapshotFixtures.restoreError(text) }

  @Test func theMinimalSnapshotReads() throws {
    #expect(Self.error(Self.minimal) == nil)
    #expect(
      try CheckoutSession(restoringJSON: Data(Self.minimal.utf8), flow: Self.compiled).navigation.description
        == "cart>stepOne")
  }

  @Test func truncatedInputIsNotValidJSON() {
    #expect(Self.error("") == #"snapshot JSON: (top level): not valid JSON: Unexpected end of file during JSON parse."#)
    let cut = String(Self.minimal.prefix(while: { $0 != "[" })) + "[{\"step\":\"cart\",\"mess"
    #expect(
      Self.error(cut) == #"snapshot JSON: (top level): not valid JSON: Unexpected end of file during JSON parse."#)
  }

  @Test func aWrongTypeNamesItsPath() {
    let driver = Self.withDriver(
      #"{"state":{"awaiting":{"expected":"stepOne","pending":"pop","remaining":["present creditCard",3]}},"replans":0}"#
    )
    #expect(
      Self.error(driver) == #"snapshot JSON: driver.state.awaiting.remaining[1]: expected a String, found number"#)
    #expect(
      Self.error(
        Self.minimal.replacingOccurrences(of: #""queued":[]"#, with: #""queued":[{"step":"cart","message":7}]"#))
        == #"snapshot JSON: queued[0].message: expected a String, found number"#)
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: #""data":{}"#, with: #""data":{"payment.card.name":null}"#))
        == #"snapshot JSON: data["payment.card.name"]: expected an array, found null"#)
    #expect(Self.error("[]") == #"snapshot JSON: (top level): expected an object, found an array"#)
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: #""replans":0"#, with: #""replans":"0""#))
        == #"snapshot JSON: driver.replans: expected an Int, found a string"#)
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: #""replans":0"#, with: #""replans":1.5"#))
        == #"snapshot JSON: (top level): The given data was not valid JSON. (the syntax is valid: a number does not fit its type, like 1.5 for an integer)"#
    )
  }

  @Test func anUnknownDriverStateIsRefusedAtItsPath() {
    #expect(
      Self.error(Self.withDriver(#"{"state":{"waiting":{}},"replans":0}"#))
        == #"snapshot JSON: driver.state: expected a RouteDriver.State: Invalid number of keys found, expected one."#)
    #expect(
      Self.error(Self.withDriver(#"{"state":{},"replans":0}"#))
        == #"snapshot JSON: driver.state: expected a RouteDriver.State: Invalid number of keys found, expected one."#)
    #expect(
      Self.error(Self.withDriver(#"{"state":{"idle":{},"arrived":{"_0":"cart"}},"replans":0}"#))
        == #"snapshot JSON: driver.state: expected a RouteDriver.State: Invalid number of keys found, expected one."#)
    #expect(
      Self.error(Self.withDriver(#"{"state":"idle","replans":0}"#))
        == #"snapshot JSON: driver.state: expected an object, found a string"#)
  }

  @Test func anUnknownCommandIsNamedAtItsPath() {
    let route = Self.withDriver(
      #"{"state":{"idle":{}},"route":{"from":"cart","target":"creditCard","commands":["pop","jump creditCard"]},"replans":0}"#
    )
    #expect(
      Self.error(route) == #"snapshot JSON: driver.route.commands[1]: "jump creditCard" is not a navigation command"#)
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: "cart>stepOne", with: "cart>>stepOne"))
        == #"snapshot JSON: navigation: invalid navigation state "cart>>stepOne": empty step name; write steps joined by '>' and layers joined by '|', like cart>stepOne|creditCard"#
    )
  }

  @Test func aMissingRequiredKeyIsNamed() {
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: #""fingerprint":"x","#, with: ""))
        == #"snapshot JSON: (top level): missing required key "fingerprint""#)
    #expect(
      Self.error(
        Self.minimal.replacingOccurrences(
          of: #""data":{}"#, with: #""offer":{"resolution":{"step":"cart","message":"m"}},"data":{}"#))
        == #"snapshot JSON: offer: missing required key "from""#)
    #expect(
      Self.error(Self.withDriver(#"{"state":{"arrived":{}},"replans":0}"#))
        == #"snapshot JSON: driver.state.arrived: missing required key "_0""#)
  }

  /// A misspelt member is named beside the missing one, at any depth.
  @Test func aMisspeltMemberIsNamedBesideTheMissingOne() {
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: #""fingerprint":"x","#, with: #""fingerprnit":"x","#))
        == #"snapshot JSON: (top level): missing required key "fingerprint"; the snapshot has "fingerprnit" there: a misspelling of it?"#
    )
    #expect(
      Self.error(
        Self.minimal.replacingOccurrences(
          of: #""data":{}"#, with: #""offer":{"resolution":{"step":"cart","message":"m"},"form":"cart"},"data":{}"#))
        == #"snapshot JSON: offer: missing required key "from"; the snapshot has "form" there: a misspelling of it?"#)
  }

  @Test func syntaxErrorsSayWhatIsWrong() throws {
    var bytes = Data(Self.minimal.replacingOccurrences(of: #""data":{}"#, with: #""data":{"a":"caf__"}"#).utf8)
    let at = bytes.firstRange(of: Data("__".utf8))!.lowerBound
    bytes[at] = 0xC3
    bytes[at + 1] = 0x28
    #expect(Self.error(bytes) == #"snapshot JSON: data.a: expected an array, found a string"#)
    #expect(
      Self.error(Self.minimal + " x")
        == #"snapshot JSON: (top level): not valid JSON: Invalid value around character 165."#)
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: #""calls":[]"#, with: "\n  \"calls\":[],\n}"))
        == #"snapshot JSON: (top level): not valid JSON: Invalid value around character 169."#)
    #expect(
      Self.error(Self.minimal.replacingOccurrences(of: #""data":{}"#, with: #""data":{"big":1e999}"#))
        == #"snapshot JSON: data.big: expected an array, found number"#)
    #expect(
      try SessionSnapshot(
        json: Data(
          Self.withDriver(Self.awaitingCart.replacingOccurrences(of: #""replans":0"#, with: #""replans":3e2"#)).utf8)
      )
      .mode.fields.driver.replans == 300, "a whole number written with an exponent")
  }

  @Test func deepNestingIsRefusedWithoutOverflowingTheStack() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let unknown = Self.minimal.replacingOccurrences(of: #""calls":[]"#, with: #""calls":[],"extra":"# + deep)
    #expect(
      Self.error(unknown)
        == #"snapshot JSON: (top level): not valid JSON: Too many nested arrays or dictionaries around character 684."#)
  }

  // MARK: (d) Seeded properties

  @Test func randomSessionsRoundTripToEqualSnapshots() throws {
    var random = SeededRandom(seed: 20_261_122)
    let decoder = JSONDecoder()
    for _ in 0..<60 {
      let compiled = CompiledFlow(SessionPropertyTests.flow(&random))
      var session = CheckoutSession(flow: compiled, today: ShippedFlows.today)
      for index in 0..<60 {
        session.send(SessionPropertyTests.event(session, &random))
        guard index % 3 == 0 else { continue }
        let reveal = random.chance(0.5)
        let snapshot = session.snapshot(revealSensitive: reveal)
        let json = session.snapshotJSON(revealSensitive: reveal)
        #expect(!String(decoding: json, as: UTF8.self).contains(SessionPropertyTests.secret))
        #expect(try SessionSnapshot(json: json) == snapshot)
        #expect(try decoder.decode(SessionSnapshot.self, from: json) == snapshot)
        #expect(try SessionSnapshot(json: JSONEncoder().encode(snapshot)) == snapshot)
        let restored = try CheckoutSession(restoringJSON: json, flow: compiled)
        #expect(restored.snapshot(revealSensitive: reveal) == snapshot)
        #expect(
          restored.snapshot(revealSensitive: true)
            == (try CheckoutSession(restoring: snapshot, flow: compiled)).snapshot(revealSensitive: true))
      }
    }
  }

  @Test func mutatedAndTruncatedSnapshotsNeverCrash() throws {
    var random = SeededRandom(seed: 4_711)
    let seeds = Self.allSnapshots().map { $0.snapshot.jsonData() } + [Data(Self.minimal.utf8)]
    let alphabet =
      Array(#"{}[],:"\ 0123456789.-+eEtrufalsn/u"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
    var read = 0
    var refused = 0
    for round in 0..<3_000 {
      var bytes = [UInt8](seeds[round % seeds.count])
      for _ in 0..<random.int(in: 1...4) {
        guard !bytes.isEmpty else { break }
        let at = random.int(in: 0..<bytes.count)
        switch random.int(in: 0...4) {
        case 0: bytes[at] = alphabet[random.int(in: 0..<alphabet.count)]
        case 1: bytes.insert(alphabet[random.int(in: 0..<alphabet.count)], at: at)
        case 2: bytes.remove(at: at)
        case 3: bytes.removeSubrange(at...)
        default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        }
      }
      do {
        _ = try SessionSnapshot(json: Data(bytes))
        _ = try? CheckoutSession(restoringJSON: Data(bytes), flow: Self.compiled)
        read += 1
      } catch {
        #expect(
          error.message.hasPrefix("snapshot JSON: ") || error.message.hasPrefix("unsupported snapshot format"),
          "\(error.message)")
        refused += 1
      }
    }
    #expect(read > 0 && refused > 0, "read \(read), refused \(refused)")
  }
}

extension SessionSnapshot {
  /// One of the unusual snapshots, by name.
  static func unusual(_ name: String) -> SessionSnapshot {
    fixture(SnapshotJSONTests.unusualSnapshots().first { $0.name == name }, "the unusual snapshot \(name)").snapshot
  }
}

extension CheckoutSession {
  /// Every bound value, secrets included, as the API would be sent them.
  var payloadForTesting: Payload? { Payload(values: data, masking: compiled.masking) }
}
