import Foundation

/// Reading a snapshot's parts: the same keys and value shapes its `Codable`
/// conformance reads. Required members must be there (a missing one is named);
/// optional ones may be left out or `null`; members this version does not know are
/// skipped; a member given twice is an error (JSONDecoder would keep the first).
extension SnapshotJSONReader {
  static let driverStates = #""idle", "awaiting", "arrived", "cancelled""#

  /// The snapshot; with `keyedData`, its data read into `[DataKey: Value]` and
  /// returned beside it (the snapshot's own `data` left empty).
  mutating func readSnapshot(keyedData: Bool) throws(Failure) -> (snapshot: SessionSnapshot, data: [DataKey: Value]?) {
    skipWhitespace()
    if isAtEnd { throw syntaxError("the input is empty; expected a JSON object (a session snapshot)") }
    var seen: UInt32 = 0
    var format: Int?
    var flow: String?
    var fingerprint: String?
    var navigation: NavigationState?
    var today: CalendarDate?
    var data: [String: Value]?
    var keyed: [DataKey: Value]?
    var rowErrors: [String: String]?
    var offer: Offer?
    var queued: [Resolution]?
    var driver: RouteDriver?
    var pending: CheckoutSession.PendingNavigation?
    var calls: [SessionSnapshot.Call]?
    var focus: CheckoutSession.RowRef?
    try object("an object (a session snapshot)") { reader, key throws(Failure) in
      switch key {
      case "format":
        try reader.once(&seen, 0)
        format = try reader.readInt()
      case "flow":
        try reader.once(&seen, 1)
        flow = try reader.readString("a string (the flow's id)")
      case "fingerprint":
        try reader.once(&seen, 2)
        fingerprint = try reader.readString("a string")
      case "navigation":
        try reader.once(&seen, 3)
        navigation = try reader.readNavigation()
      case "today":
        try reader.once(&seen, 4)
        today = try reader.skipNull() ? nil : reader.readDate()
      case "data":
        try reader.once(&seen, 5)
        if keyedData {
          keyed = try reader.readData(DataKey.init)
        } else {
          data = try reader.readData { $0 }
        }
      case "rowErrors":
        try reader.once(&seen, 6)
        rowErrors = try reader.readRowErrors()
      case "offer":
        try reader.once(&seen, 7)
        offer = try reader.skipNull() ? nil : reader.readOffer()
      case "queued":
        try reader.once(&seen, 8)
        queued = try reader.readResolutions()
      case "driver":
        try reader.once(&seen, 9)
        driver = try reader.readDriver()
      case "pending":
        try reader.once(&seen, 10)
        pending = try reader.skipNull() ? nil : reader.readPending()
      case "calls":
        try reader.once(&seen, 11)
        calls = try reader.readCalls()
      case "focus":
        try reader.once(&seen, 12)
        focus = try reader.skipNull() ? nil : reader.readRowRef()
      default:
        try reader.skipValue()
      }
    }
    guard let format else { throw missing("format") }
    guard let flow else { throw missing("flow") }
    guard let fingerprint else { throw missing("fingerprint") }
    guard let navigation else { throw missing("navigation") }
    guard seen & (1 << 5) != 0 else { throw missing("data") }
    guard let rowErrors else { throw missing("rowErrors") }
    guard let queued else { throw missing("queued") }
    guard let driver else { throw missing("driver") }
    guard let calls else { throw missing("calls") }
    let snapshot = SessionSnapshot(
      format: format, flow: FlowID(flow), fingerprint: fingerprint, navigation: navigation, today: today, data: data ?? [:],
      rowErrors: rowErrors, offer: offer, queued: queued, driver: driver, pending: pending, calls: calls, focus: focus)
    return (snapshot, keyed)
  }

  /// The `format` member of a document that failed to read, if it got that far:
  /// a snapshot of another format is reported as such, not by what its shape lacks.
  static func declaredFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var reader = SnapshotJSONReader(bytes)
    var format: Int?
    try? reader.object("an object") { reader, key throws(Failure) in
      if case "format" = key, format == nil { format = try reader.readInt() } else { try reader.skipValue() }
    }
    return format
  }

  // MARK: Members

  /// Marks a member read; a second time is an error.
  @inline(__always)
  mutating func once(_ seen: inout UInt32, _ bit: UInt32) throws(Failure) {
    guard seen & (1 << bit) == 0 else { throw error("duplicate key") }
    seen |= 1 << bit
  }

  /// A required member is missing from the object just read.
  func missing(_ key: String) -> Failure {
    error("missing required key \"\(key)\"")
  }

  // MARK: Data

  private mutating func readData<Key: Hashable>(_ makeKey: (String) -> Key) throws(Failure) -> [Key: Value] {
    var data = [Key: Value](minimumCapacity: 24)
    try object("an object of values by key") { reader, key throws(Failure) in
      let value = try reader.readValue()
      guard data.updateValue(value, forKey: makeKey(key.text)) == nil else { throw reader.error("duplicate key") }
    }
    return data
  }

  /// A string, number, boolean, or list of options, as `Value`'s `Codable` reads it.
  mutating func readValue() throws(Failure) -> Value {
    skipWhitespace()
    switch current {
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try readBool())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readDouble())
    case UInt8(ascii: "["):
      var options: [PickerOption] = []
      try array("a list of options") { reader, _ throws(Failure) in options.append(try reader.readOption()) }
      return .options(options)
    default:
      throw mismatch("a string, number, boolean or list of options")
    }
  }

  private mutating func readOption() throws(Failure) -> PickerOption {
    var seen: UInt32 = 0
    var value: String?
    var label: String?
    try object(#"an object (an option {"value", "label"})"#) { reader, key throws(Failure) in
      switch key {
      case "value":
        try reader.once(&seen, 0)
        value = try reader.readString("a string")
      case "label":
        try reader.once(&seen, 1)
        label = try reader.readString("a string")
      default:
        try reader.skipValue()
      }
    }
    guard let value else { throw missing("value") }
    guard let label else { throw missing("label") }
    return PickerOption(value: value, label: label)
  }

  private mutating func readRowErrors() throws(Failure) -> [String: String] {
    var errors: [String: String] = [:]
    try object("an object of messages by \"step.row\"") { reader, key throws(Failure) in
      let message = try reader.readString("a string (the error shown on the row)")
      guard errors.updateValue(message, forKey: key.text) == nil else { throw reader.error("duplicate key") }
    }
    return errors
  }

  private mutating func readDate() throws(Failure) -> CalendarDate {
    var seen: UInt32 = 0
    var year: Int?
    var month: Int?
    var day: Int?
    try object(#"an object {"year", "month", "day"}"#) { reader, key throws(Failure) in
      switch key {
      case "year":
        try reader.once(&seen, 0)
        year = try reader.readInt()
      case "month":
        try reader.once(&seen, 1)
        month = try reader.readInt()
      case "day":
        try reader.once(&seen, 2)
        day = try reader.readInt()
      default:
        try reader.skipValue()
      }
    }
    guard let year else { throw missing("year") }
    guard let month else { throw missing("month") }
    guard let day else { throw missing("day") }
    // As the Codable conformance does, a day the calendar does not have is refused.
    guard let date = CalendarDate(year: year, month: month, day: day) else {
      throw error("not a date: \(CalendarDate.whyNotADate(year: year, month: month, day: day) ?? "")")
    }
    return date
  }

  // MARK: Navigation

  /// `cart>stepOne|creditCard`.
  mutating func readNavigation() throws(Failure) -> NavigationState {
    skipWhitespace()
    let start = position
    if current == UInt8(ascii: "\""), let state = readPlainNavigation() { return state }
    position = start
    let text = try readString(#"a string (a navigation state like "cart>stepOne|creditCard")"#)
    do {
      return try NavigationState(parsing: text)
    } catch {
      throw self.error(error.description)
    }
  }

  /// The notation when it is plain (identifiers joined by `>` and `|`, nothing
  /// else, no escapes), straight from the bytes; nil otherwise, for the general
  /// parser and its messages.
  private mutating func readPlainNavigation() -> NavigationState? {
    guard let text = readPlainString() else { return nil }
    var state: NavigationState?
    var opensModal = false
    var stepStart = 0
    for index in 0...text.count {
      let byte = index < text.count ? text[index] : UInt8(ascii: "|")
      switch byte {
      case UInt8(ascii: ">"), UInt8(ascii: "|"):
        guard stepStart < index else { return nil }
        let step = StepID(String(decoding: UnsafeBufferPointer(rebasing: text[stepStart..<index]), as: UTF8.self))
        if state == nil {
          state = NavigationState(root: step)
        } else {
          guard (try? state?.apply(opensModal ? .present(step) : .push(step))) != nil else { return nil }
        }
        opensModal = byte == UInt8(ascii: "|")
        stepStart = index + 1
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        break
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
        guard index != stepStart else { return nil }
      default:
        return nil
      }
    }
    return state
  }

  /// `pop`, `dismiss`, `push X`, `present X`, `reset X`.
  mutating func readCommand() throws(Failure) -> NavigationCommand {
    let text = try readString(#"a string (a navigation command like "pop" or "present creditCard")"#)
    switch text {
    case "pop": return .pop
    case "dismiss": return .dismiss
    default:
      guard let command = NavigationCommand(parsing: text) else {
        throw error(
          "\(SnapshotJSONReader.quoted(text)) is not a navigation command; expected \"pop\", \"dismiss\", \"push <step>\", \"present <step>\" or \"reset <step>\"")
      }
      return command
    }
  }

  private mutating func readCommands() throws(Failure) -> [NavigationCommand] {
    var commands: [NavigationCommand] = []
    try array("an array of navigation commands") { reader, _ throws(Failure) in commands.append(try reader.readCommand()) }
    return commands
  }

  private mutating func readPending() throws(Failure) -> CheckoutSession.PendingNavigation {
    var seen: UInt32 = 0
    var command: NavigationCommand?
    var expected: String?
    try object(#"an object {"command", "expected"}"#) { reader, key throws(Failure) in
      switch key {
      case "command":
        try reader.once(&seen, 0)
        command = try reader.readCommand()
      case "expected":
        try reader.once(&seen, 1)
        expected = try reader.readString("a string (a step id)")
      default:
        try reader.skipValue()
      }
    }
    guard let command else { throw missing("command") }
    guard let expected else { throw missing("expected") }
    return CheckoutSession.PendingNavigation(command: command, expected: StepID(expected))
  }

  private mutating func readRowRef() throws(Failure) -> CheckoutSession.RowRef {
    var seen: UInt32 = 0
    var step: String?
    var row: String?
    try object(#"an object {"step", "row"}"#) { reader, key throws(Failure) in
      switch key {
      case "step":
        try reader.once(&seen, 0)
        step = try reader.readString("a string (a step id)")
      case "row":
        try reader.once(&seen, 1)
        row = try reader.readString("a string (a row id)")
      default:
        try reader.skipValue()
      }
    }
    guard let step else { throw missing("step") }
    guard let row else { throw missing("row") }
    return CheckoutSession.RowRef(step: StepID(step), row: RowID(row))
  }

  private mutating func readCalls() throws(Failure) -> [SessionSnapshot.Call] {
    var calls: [SessionSnapshot.Call] = []
    try array(#"an array of calls {"operation", "then"}"#) { reader, _ throws(Failure) in
      var seen: UInt32 = 0
      var operation: String?
      var then: StepID?
      try reader.object(#"an object {"operation", "then"}"#) { reader, key throws(Failure) in
        switch key {
        case "operation":
          try reader.once(&seen, 0)
          operation = try reader.readString("a string (an operation name)")
        case "then":
          try reader.once(&seen, 1)
          then = try reader.skipNull() ? nil : StepID(reader.readString("a string (a step id) or null"))
        default:
          try reader.skipValue()
        }
      }
      guard let operation else { throw reader.missing("operation") }
      calls.append(SessionSnapshot.Call(operation: OperationName(operation), then: then))
    }
    return calls
  }

  // MARK: Errors and offers

  private mutating func readResolutions() throws(Failure) -> [Resolution] {
    var resolutions: [Resolution] = []
    try array("an array of resolutions") { reader, _ throws(Failure) in resolutions.append(try reader.readResolution()) }
    return resolutions
  }

  private mutating func readResolution() throws(Failure) -> Resolution {
    var seen: UInt32 = 0
    var step: String?
    var row: RowID?
    var message: String?
    var apiError: APIError?
    try object(#"an object (a resolution {"step", "row", "message", "error"})"#) { reader, key throws(Failure) in
      switch key {
      case "step":
        try reader.once(&seen, 0)
        step = try reader.readString("a string (a step id)")
      case "row":
        try reader.once(&seen, 1)
        row = try reader.skipNull() ? nil : RowID(reader.readString("a string (a row id) or null"))
      case "message":
        try reader.once(&seen, 2)
        message = try reader.readString("a string")
      case "error":
        try reader.once(&seen, 3)
        apiError = try reader.skipNull() ? nil : reader.readAPIError()
      default:
        try reader.skipValue()
      }
    }
    guard let step else { throw missing("step") }
    guard let message else { throw missing("message") }
    return Resolution(step: StepID(step), row: row, message: message, error: apiError)
  }

  private mutating func readAPIError() throws(Failure) -> APIError {
    var seen: UInt32 = 0
    var code: String?
    var field: String?
    var message: String?
    try object(#"an object (an API error {"code", "field", "message"})"#) { reader, key throws(Failure) in
      switch key {
      case "code":
        try reader.once(&seen, 0)
        code = try reader.readString("a string")
      case "field":
        try reader.once(&seen, 1)
        field = try reader.skipNull() ? nil : reader.readString("a string or null")
      case "message":
        try reader.once(&seen, 2)
        message = try reader.skipNull() ? nil : reader.readString("a string or null")
      default:
        try reader.skipValue()
      }
    }
    guard let code else { throw missing("code") }
    return APIError(code: code, field: field, message: message)
  }

  private mutating func readOffer() throws(Failure) -> Offer {
    var seen: UInt32 = 0
    var resolution: Resolution?
    var from: String?
    try object(#"an object (an offer {"resolution", "from"})"#) { reader, key throws(Failure) in
      switch key {
      case "resolution":
        try reader.once(&seen, 0)
        resolution = try reader.readResolution()
      case "from":
        try reader.once(&seen, 1)
        from = try reader.readString("a string (a step id)")
      default:
        try reader.skipValue()
      }
    }
    guard let resolution else { throw missing("resolution") }
    guard let from else { throw missing("from") }
    return Offer(resolution: resolution, from: StepID(from))
  }

  // MARK: The route driver

  private mutating func readDriver() throws(Failure) -> RouteDriver {
    var seen: UInt32 = 0
    var state: RouteDriver.State?
    var resolution: Resolution?
    var route: Route?
    var replans: Int?
    try object(#"an object (the route driver {"state", "resolution", "route", "replans"})"#) { reader, key throws(Failure) in
      switch key {
      case "state":
        try reader.once(&seen, 0)
        state = try reader.readDriverState()
      case "resolution":
        try reader.once(&seen, 1)
        resolution = try reader.skipNull() ? nil : reader.readResolution()
      case "route":
        try reader.once(&seen, 2)
        route = try reader.skipNull() ? nil : reader.readRoute()
      case "replans":
        try reader.once(&seen, 3)
        replans = try reader.readInt()
      default:
        try reader.skipValue()
      }
    }
    guard let state else { throw missing("state") }
    guard let replans else { throw missing("replans") }
    // A driver that never planned (no resolution, no route, no replans) is built
    // with its own API; anything else through its Codable initializer.
    if resolution == nil, route == nil, replans == 0 {
      switch state {
      case .idle: return RouteDriver()
      case .cancelled(let reason):
        var driver = RouteDriver()
        _ = driver.cancel(reason)
        return driver
      case .awaiting, .arrived: break
      }
    }
    do {
      return try RouteDriver(from: RouteDriverParts(state: state, resolution: resolution, route: route, replans: replans))
    } catch {
      throw self.error("the route driver cannot be rebuilt: \(error)")
    }
  }

  /// `{"idle": {}}`, `{"awaiting": {expected, pending, remaining}}`,
  /// `{"arrived": {"_0": step}}` or `{"cancelled": {reason}}`: one key, the case.
  private mutating func readDriverState() throws(Failure) -> RouteDriver.State {
    var state: RouteDriver.State?
    var name = ""
    try object("an object with one of the keys \(SnapshotJSONReader.driverStates)") { reader, key throws(Failure) in
      guard state == nil else {
        throw Failure(
          message: "expected a single key (the state), found \(SnapshotJSONReader.quoted(name)) and \(SnapshotJSONReader.quoted(key.text))",
          offset: nil, aboutContainer: true)
      }
      name = key.text
      switch key {
      case "idle":
        try reader.object("an object") { reader, _ throws(Failure) in try reader.skipValue() }
        state = .idle
      case "awaiting":
        state = try reader.readAwaiting()
      case "arrived":
        var seen: UInt32 = 0
        var step: String?
        try reader.object(#"an object {"_0": step}"#) { reader, key throws(Failure) in
          guard case "_0" = key else { return try reader.skipValue() }
          try reader.once(&seen, 0)
          step = try reader.readString("a string (a step id)")
        }
        guard let step else { throw reader.missing("_0") }
        state = .arrived(StepID(step))
      case "cancelled":
        var seen: UInt32 = 0
        var reason: String?
        try reader.object(#"an object {"reason"}"#) { reader, key throws(Failure) in
          guard case "reason" = key else { return try reader.skipValue() }
          try reader.once(&seen, 0)
          reason = try reader.readString("a string")
        }
        guard let reason else { throw reader.missing("reason") }
        state = .cancelled(reason: reason)
      default:
        throw Failure(
          message: "expected one of \(SnapshotJSONReader.driverStates), found \(SnapshotJSONReader.quoted(key.text))",
          offset: nil, aboutContainer: true)
      }
    }
    guard let state else { throw error("expected one of \(SnapshotJSONReader.driverStates), found an empty object") }
    return state
  }

  private mutating func readAwaiting() throws(Failure) -> RouteDriver.State {
    var seen: UInt32 = 0
    var expected: String?
    var pending: NavigationCommand?
    var remaining: [NavigationCommand]?
    try object(#"an object {"expected", "pending", "remaining"}"#) { reader, key throws(Failure) in
      switch key {
      case "expected":
        try reader.once(&seen, 0)
        expected = try reader.readString("a string (a step id)")
      case "pending":
        try reader.once(&seen, 1)
        pending = try reader.readCommand()
      case "remaining":
        try reader.once(&seen, 2)
        remaining = try reader.readCommands()
      default:
        try reader.skipValue()
      }
    }
    guard let expected else { throw missing("expected") }
    guard let pending else { throw missing("pending") }
    guard let remaining else { throw missing("remaining") }
    return .awaiting(expected: StepID(expected), pending: pending, remaining: RouteCommands(remaining))
  }

  private mutating func readRoute() throws(Failure) -> Route {
    var seen: UInt32 = 0
    var from: NavigationState?
    var target: String?
    var commands: [NavigationCommand]?
    try object(#"an object (a route {"from", "target", "commands"})"#) { reader, key throws(Failure) in
      switch key {
      case "from":
        try reader.once(&seen, 0)
        from = try reader.readNavigation()
      case "target":
        try reader.once(&seen, 1)
        target = try reader.readString("a string (a step id)")
      case "commands":
        try reader.once(&seen, 2)
        commands = try reader.readCommands()
      default:
        try reader.skipValue()
      }
    }
    guard let from else { throw missing("from") }
    guard let target else { throw missing("target") }
    guard let commands else { throw missing("commands") }
    return Route(from: from, target: StepID(target), commands: commands)
  }
}

/// A ``RouteDriver`` from its four parts, through its own `Codable` initializer:
/// its properties' setters are private to its file, and that initializer is the
/// one way in that restores them exactly. A minimal decoder that hands over the
/// values already read; nothing is parsed here.
private struct RouteDriverParts: Decoder {
  var state: RouteDriver.State
  var resolution: Resolution?
  var route: Route?
  var replans: Int

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Container(parts: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "a route driver is an object"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DecodingError.typeMismatch(RouteDriver.self, .init(codingPath: [], debugDescription: "a route driver is an object"))
  }

  struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let parts: RouteDriverParts
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
      ["state", "resolution", "route", "replans"].compactMap(Key.init(stringValue:)).filter(contains)
    }

    private func value(_ key: Key) -> Any? {
      switch key.stringValue {
      case "state": return parts.state
      case "resolution": return parts.resolution
      case "route": return parts.route
      case "replans": return parts.replans
      default: return nil
      }
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { value(key) == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      guard let value = value(key) as? T else {
        throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no \(T.self) for \(key.stringValue)"))
      }
      return value
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no nested container"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no nested container"))
    }

    func superDecoder() throws -> any Decoder { parts }
    func superDecoder(forKey key: Key) throws -> any Decoder { parts }
  }
}
