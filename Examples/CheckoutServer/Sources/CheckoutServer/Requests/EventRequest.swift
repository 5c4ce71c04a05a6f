import CheckoutEngine

/// An event a client sends: `{"event": "tap", "row": "checkout", "expectedVersion": 3}`.
struct ClientEvent: Decodable, Sendable, Equatable {
  /// The event for the session.
  var event: SessionEvent
  /// The version the client last saw, if it wants the event applied only on it.
  var expectedVersion: Int?

  /// The event kinds a client may send, with the fields each takes.
  /// Their names are the library's (``SessionEvent/Kind``), not spelled again here.
  static let kinds: [(kind: SessionEvent.Kind, fields: [String])] = [
    (.tap, ["row"]),
    (.set, ["row", "key", "value"]),
    (.back, []),
    (.appeared, ["step"]),
    (.accept, []),
    (.decline, []),
    (.actionCompleted, ["operation", "data"]),
  ]

  /// The names of ``kinds``, in their order.
  static let kindNames = kinds.map(\.kind.rawValue)

  /// `tap`, `set`, … as the client wrote it; `api` for the events only the server sends.
  var kind: String {
    ClientEvent.kinds.contains { $0.kind == event.kind } ? event.kind.rawValue : "api"
  }

  /// The row (tap, set) or step (appeared) the event names, for logs and errors.
  var target: String? {
    switch event {
    case .tap(let row): return row.rawValue
    case .set(.row(let row, _), _): return row.rawValue
    case .set(.key(let key), _): return key.rawValue
    case .appeared(let step): return step.rawValue
    case .actionCompleted(let operation, _): return operation.rawValue
    default: return nil
    }
  }

  /// The body field a refusal of this event points at.
  var refusalField: String {
    switch event {
    case .tap, .set(.row, _): return "row"
    case .set(.key, _): return "key"
    case .appeared: return "step"
    case .actionCompleted: return "operation"
    default: return "event"
    }
  }

  init(event: SessionEvent, expectedVersion: Int? = nil) {
    self.event = event
    self.expectedVersion = expectedVersion
  }

  /// Decodes a body; every problem is a 400 naming the field (``BodyFields``).
  init(from decoder: any Decoder) throws {
    let names = ClientEvent.kindNames
    let envelope = try BodyFields(decoder, context: "an event")
    guard envelope.contains("event") else {
      throw ServerError.badField(
        "missing_field", "an event needs \"event\": one of \(Suggestions.list(names))", at: "event")
    }
    let name = try envelope.decode(String.self, "event", expected: "a string (one of \(Suggestions.list(names)))")
    guard let kind = ClientEvent.kinds.first(where: { $0.kind.rawValue == name }) else {
      let hint = Suggestions.didYouMean(name, in: names).map { " \($0)" } ?? ""
      throw ServerError.badField(
        "unknown_event",
        "unknown event \"\(name)\";\(hint) the events are \(Suggestions.list(names, conjunction: "and"))",
        at: "event")
    }
    let fields = envelope.described(as: ClientEvent.phrase(name))
    try fields.rejectUnknown(allowed: ["event"] + kind.fields + ["expectedVersion"])
    switch kind.kind {
    case .tap:
      event = .tap(RowID(try fields.string("row")))
    case .set:
      // A set names a row ("row") or a data key ("key"), never both: the field says which.
      let target: SetTarget
      switch (fields.contains("row"), fields.contains("key")) {
      case (true, true):
        throw ServerError.badField(
          "invalid_field", "\(fields.context) names a row or a data key, not both: drop \"row\" or \"key\"", at: "key")
      case (false, true):
        let key = try fields.string("key")
        guard IdentifierSyntax.isKey(key) else {
          throw ServerError.badField(
            "invalid_field", "\"key\" must be a data key: names joined by dots, like shipping.zip", at: "key")
        }
        target = .key(DataKey(key))
      default:
        target = .row(RowID(try fields.string("row")))
      }
      guard fields.contains("value") else {
        throw ServerError.badField("missing_field", "\(fields.context) needs \"value\"", at: "value")
      }
      event = .set(target, try fields.decode(ClientValue.self, "value", expected: ClientValue.expected).value)
    case .appeared:
      event = .appeared(StepID(try fields.string("step")))
    case .back: event = .back
    case .accept: event = .accept
    case .decline: event = .decline
    case .actionCompleted:
      event = .actionCompleted(OperationName(try fields.string("operation")), try ClientValue.actionData(in: fields))
    case .apiSucceeded, .apiFailed, .callAgain, .apiExpired, .apiActionRequired:
      // Not in `kinds`: API answers come from the server's own call, never from a client.
      throw ServerError.badField("unknown_event", "\(name) is sent by the server, not by a client", at: "event")
    }
    let version = try fields.optional(
      Double.self, "expectedVersion", expected: ClientEvent.versionExpected)
    if let version {
      guard version.rounded() == version, version >= 1, version <= Double(Int32.max) else {
        throw ServerError.badField(
          "invalid_field", "\"expectedVersion\" must be \(ClientEvent.versionExpected)", at: "expectedVersion")
      }
      expectedVersion = Int(version)
    }
  }

  /// `a tap event`, `an appeared event`: an event's name with its article, for messages.
  static func phrase(_ name: String) -> String {
    let article = name.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    return "\(article) \(name) event"
  }

  private static let versionExpected = "a whole number of 1 or more (the version the client last saw)"
}

/// A value the shopper entered: a string, a number or a boolean (never echoed: it
/// may be a secret).
struct ClientValue: Decodable {
  static let expected = "a string, a number or a boolean"

  var value: Value

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if let text = try? single.decode(String.self) {
      value = .string(text)
    } else if let flag = try? single.decode(Bool.self) {
      value = .bool(flag)
    } else if let number = try? single.decode(Double.self) {
      value = .number(number)
    } else {
      throw DecodingError.typeMismatch(
        Value.self, .init(codingPath: decoder.codingPath, debugDescription: "expected \(ClientValue.expected)"))
    }
  }
}

/// `{"flow": "plndr"}`.
struct CreateSessionRequest: Decodable, Sendable, Equatable {
  var flow: String
  /// The shopper's language (a BCP 47 tag such as `de`); nil: the flow's default.
  var locale: String?

  init(flow: String, locale: String? = nil) {
    self.flow = flow
    self.locale = locale
  }

  init(from decoder: any Decoder) throws {
    let fields = try BodyFields(decoder, context: "a new session")
    try fields.rejectUnknown(allowed: ["flow", "locale"])
    flow = try fields.string("flow")
    locale = try fields.optional(String.self, "locale", expected: "a language tag such as \"de\"")
  }
}
