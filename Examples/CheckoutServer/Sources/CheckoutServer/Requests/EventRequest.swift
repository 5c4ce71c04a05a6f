import CheckoutEngine

/// A request body read as one JSON object, with errors that name the field at fault.
struct RequestObject {
  let members: [(key: String, value: JSONValue)]

  /// Reads the body: 400 with the line and column when it is not JSON, or when it
  /// is JSON but not an object.
  init(body bytes: [UInt8]) throws(ServerError) {
    let value: JSONValue
    do {
      value = try RequestJSONReader.read(bytes)
    } catch {
      throw ServerError.malformedJSON(error)
    }
    guard case .object(let members) = value else {
      throw ServerError.badField("not_an_object", "the body must be a JSON object, not \(value.typeName)", at: "body")
    }
    self.members = members
  }

  subscript(_ key: String) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  /// Rejects members other than `allowed` (a typo must not pass silently).
  func rejectUnknown(allowed: [String], context: String) throws(ServerError) {
    for member in members where !allowed.contains(member.key) {
      let hint = Suggestions.didYouMean(member.key, in: allowed).map { "; \($0)" } ?? ""
      throw ServerError.badField(
        "unknown_field",
        "unknown field \"\(member.key)\" in \(context)\(hint); it takes \(Suggestions.list(allowed, conjunction: "and"))",
        at: member.key)
    }
  }

  /// A required string member.
  func string(_ key: String, for context: String) throws(ServerError) -> String {
    guard let value = self[key] else {
      throw ServerError.badField("missing_field", "\(context) needs \"\(key)\"", at: key)
    }
    guard case .string(let text) = value else {
      throw ServerError.badField("invalid_field", "\"\(key)\" must be a string, not \(value.typeName)", at: key)
    }
    guard !text.isEmpty else {
      throw ServerError.badField("invalid_field", "\"\(key)\" must not be empty", at: key)
    }
    return text
  }
}

/// An event a client sends: `{"event": "tap", "row": "checkout", "expectedVersion": 3}`.
struct ClientEvent: Sendable, Equatable {
  /// The event for the session.
  var event: SessionEvent
  /// The version the client last saw, if it wants the event applied only on it.
  var expectedVersion: Int?

  /// The event kinds a client may send, with the fields each takes.
  static let kinds: [(name: String, fields: [String])] = [
    ("tap", ["row"]),
    ("set", ["row", "key", "value"]),
    ("back", []),
    ("appeared", ["step"]),
    ("accept", []),
    ("decline", []),
  ]

  /// `tap`, `set`, … as the client wrote it.
  var kind: String {
    switch event {
    case .tap: return "tap"
    case .set: return "set"
    case .back: return "back"
    case .appeared: return "appeared"
    case .accept: return "accept"
    case .decline: return "decline"
    case .apiSucceeded, .apiFailed: return "api"
    }
  }

  /// The row (tap, set) or step (appeared) the event names, for logs and errors.
  var target: String? {
    switch event {
    case .tap(let row): return row.rawValue
    case .set(.row(let row, _), _): return row.rawValue
    case .set(.key(let key), _): return key.rawValue
    case .appeared(let step): return step.rawValue
    default: return nil
    }
  }

  /// The body field a refusal of this event points at.
  var refusalField: String {
    switch event {
    case .tap, .set(.row, _): return "row"
    case .set(.key, _): return "key"
    case .appeared: return "step"
    default: return "event"
    }
  }

  init(event: SessionEvent, expectedVersion: Int? = nil) {
    self.event = event
    self.expectedVersion = expectedVersion
  }

  /// Parses a body; every problem is a 400 naming the field.
  init(body bytes: [UInt8]) throws(ServerError) {
    let object = try RequestObject(body: bytes)
    let names = ClientEvent.kinds.map(\.name)
    guard let eventValue = object["event"] else {
      throw ServerError.badField(
        "missing_field", "an event needs \"event\": one of \(Suggestions.list(names))", at: "event")
    }
    guard case .string(let name) = eventValue else {
      throw ServerError.badField(
        "invalid_field", "\"event\" must be a string (one of \(Suggestions.list(names))), not \(eventValue.typeName)",
        at: "event")
    }
    guard let kind = ClientEvent.kinds.first(where: { $0.name == name }) else {
      let hint = Suggestions.didYouMean(name, in: names).map { " \($0)" } ?? ""
      throw ServerError.badField(
        "unknown_event", "unknown event \"\(name)\";\(hint) the events are \(Suggestions.list(names, conjunction: "and"))",
        at: "event")
    }
    try object.rejectUnknown(allowed: ["event"] + kind.fields + ["expectedVersion"], context: "a \(name) event")
    let context = "a \(name) event"
    switch name {
    case "tap":
      event = .tap(RowID(try object.string("row", for: context)))
    case "set":
      // A set names a row ("row") or a data key ("key"), never both: the field says which.
      let target: SetTarget
      switch (object["row"], object["key"]) {
      case (_?, _?):
        throw ServerError.badField(
          "invalid_field", "\(context) names a row or a data key, not both: drop \"row\" or \"key\"", at: "key")
      case (nil, _?):
        let key = try object.string("key", for: context)
        guard IdentifierSyntax.isKey(key) else {
          throw ServerError.badField(
            "invalid_field", "\"key\" must be a data key: names joined by dots, like shipping.zip", at: "key")
        }
        target = .key(DataKey(key))
      default:
        target = .row(RowID(try object.string("row", for: context)))
      }
      guard let raw = object["value"] else {
        throw ServerError.badField("missing_field", "\(context) needs \"value\"", at: "value")
      }
      event = .set(target, try ClientEvent.value(raw))
    case "appeared":
      event = .appeared(StepID(try object.string("step", for: context)))
    case "back": event = .back
    case "accept": event = .accept
    default: event = .decline
    }
    expectedVersion = try ClientEvent.version(object["expectedVersion"])
  }

  /// A value the shopper entered: a string, a number or a boolean (never echoed:
  /// it may be a secret).
  private static func value(_ raw: JSONValue) throws(ServerError) -> Value {
    switch raw {
    case .string(let text): return .string(text)
    case .number(let number, _): return .number(number)
    case .bool(let flag): return .bool(flag)
    default:
      throw ServerError.badField(
        "invalid_field", "\"value\" must be a string, a number or a boolean, not \(raw.typeName)", at: "value")
    }
  }

  private static func version(_ raw: JSONValue?) throws(ServerError) -> Int? {
    guard let raw else { return nil }
    if case .null = raw { return nil }
    guard case .number(let number, _) = raw, number.rounded() == number, number >= 1, number <= Double(Int32.max) else {
      throw ServerError.badField(
        "invalid_field", "\"expectedVersion\" must be a whole number of 1 or more (the version the client last saw)",
        at: "expectedVersion")
    }
    return Int(number)
  }
}

/// `{"flow": "plndr"}`.
struct CreateSessionRequest: Sendable, Equatable {
  var flow: String

  init(body bytes: [UInt8]) throws(ServerError) {
    let object = try RequestObject(body: bytes)
    try object.rejectUnknown(allowed: ["flow"], context: "a new session")
    flow = try object.string("flow", for: "a new session")
  }
}
