import CheckoutEngine

/// `POST /sessions/{id}/script` (with `--dev-scripted-answers`): the next answer of
/// an operation for the session.
///
/// ```json
/// {"operation": "book", "answer": {"status": "failed", "code": "seat_taken", "field": "seat"}}
/// {"operation": "placeOrder", "answer": {"status": "failed", "errors": [{"code": "card_declined"}]}}
/// {"operation": "placeOrder", "answer": {"status": "succeeded", "data": {"order.number": "T-1"}}}
/// {"operation": "confirmPayment", "answer": {"status": "actionRequired", "action": "three_d_secure"}}
/// ```
struct ScriptRequest: Decodable, Sendable, Equatable {
  var operation: OperationName
  var answer: CheckoutAPIOutcome

  init(from decoder: any Decoder) throws {
    let fields = try BodyFields(decoder, context: "a script")
    try fields.rejectUnknown(allowed: ["operation", "answer"])
    operation = OperationName(try fields.string("operation"))
    guard fields.contains("answer") else {
      throw ServerError.badField("missing_field", "a script needs \"answer\": \(ScriptedAnswer.expected)", at: "answer")
    }
    answer = try fields.decode(ScriptedAnswer.self, "answer", expected: ScriptedAnswer.expected).outcome
  }
}

/// A scripted answer: `{"status": "succeeded", "data"?}`, `{"status": "failed",
/// "errors": [{"code", "field"?, "message"?}]}` (or one error's `code`, `field`,
/// `message` beside the status) or `{"status": "actionRequired", "action", "data"?}`.
struct ScriptedAnswer: Decodable {
  static let expected =
    "an object with \"status\": \"succeeded\" (and \"data\"), \"failed\" (and \"errors\", or \"code\") or \"actionRequired\" (and \"action\")"
  static let statuses = ["succeeded", "failed", "actionRequired"]

  var outcome: CheckoutAPIOutcome

  init(from decoder: any Decoder) throws {
    let fields = try BodyFields(decoder, context: "an answer")
    let status = try fields.string("status", expected: "one of \(Suggestions.list(Self.statuses))")
    switch status {
    case "succeeded":
      try fields.rejectUnknown(allowed: ["status", "data"])
      outcome = .succeeded(try Self.data(in: fields))
    case "failed":
      try fields.rejectUnknown(allowed: ["status", "errors", "code", "field", "message"])
      outcome = .failed(try Self.errors(in: fields))
    case "actionRequired":
      try fields.rejectUnknown(allowed: ["status", "action", "data"])
      let action = try fields.string("action")
      guard IdentifierSyntax.isKey(action), !action.contains(".") else {
        throw ServerError.badField("invalid_field", "\"action\" must be a name like three_d_secure", at: "action")
      }
      outcome = .actionRequired(ActionName(action), try Self.data(in: fields))
    default:
      let hint = Suggestions.didYouMean(status, in: Self.statuses).map { "; \($0)" } ?? ""
      throw ServerError.badField(
        "invalid_field", "unknown status \"\(LogText.safe(status))\"\(hint); use \(Suggestions.list(Self.statuses))",
        at: "status")
    }
    try Self.checkCharacters(of: outcome, listed: fields.contains("errors"))
  }

  /// An answer's texts reach the session's snapshot, the ledger and the shopper's
  /// screen: none may hold a control character (``ClientText``), 422
  /// `control_character`, or be longer than a `set` value may be
  /// (``DataLimits/valueBytes``), 413 `value_too_large`, each at its path
  /// (`answer.errors[0].message`, or `answer.message` for the one error beside the status).
  private static func checkCharacters(of outcome: CheckoutAPIOutcome, listed: Bool) throws(ServerError) {
    switch outcome {
    case .succeeded(let data), .actionRequired(_, let data):
      for (key, value) in data.sorted(by: { $0.key < $1.key }) {
        guard case .string(let text) = value else { continue }
        try checkText(text, at: "answer.data.\(key)", what: "the value of \"data\" \(key)")
      }
    case .failed(let errors):
      for (index, error) in errors.enumerated() {
        let path = listed ? "answer.errors[\(index)]" : "answer"
        for case (let name, let text?) in [("code", error.code), ("field", error.field), ("message", error.message)] {
          try checkText(text, at: "\(path).\(name)", what: "the error's \"\(name)\"")
        }
      }
    }
  }

  /// One text of a scripted answer: at most ``DataLimits/valueBytes`` of UTF-8, no
  /// control character.
  private static func checkText(_ text: String, at path: String, what: String) throws(ServerError) {
    let most = DataLimits().valueBytes
    let bytes = text.utf8.count
    guard bytes <= most else {
      throw ServerError(
        .contentTooLarge, "value_too_large",
        "\(what) is \(bytes) bytes; a scripted answer's text may hold at most \(most) bytes (UTF-8), as a set value may",
        at: path)
    }
    try ClientText.check(text, at: path, what: what)
  }

  /// The answer's `data`: data keys to strings, numbers or booleans; empty when absent.
  private static func data(in fields: BodyFields) throws -> [DataKey: Value] {
    let expected = "an object of data keys to values (strings, numbers or booleans)"
    let given = try fields.optional([String: ClientValue].self, "data", expected: expected) ?? [:]
    var data: [DataKey: Value] = [:]
    for (key, value) in given {
      guard IdentifierSyntax.isKey(key) else {
        throw ServerError.badField("invalid_field", "\"data\" must be \(expected), keyed like order.number", at: "data")
      }
      data[DataKey(key)] = value.value
    }
    return data
  }

  /// A failure's errors: `errors`, or the one error beside the status; at least one.
  private static func errors(in fields: BodyFields) throws -> [APIError] {
    let single = ["code", "field", "message"].filter(fields.contains)
    if fields.contains("errors") {
      if let extra = single.first {
        throw ServerError.badField(
          "invalid_field", "a failed answer gives \"errors\" or one error's fields, not both: drop \"\(extra)\"",
          at: extra)
      }
      let errors = try fields.decode([ScriptedError].self, "errors", expected: ScriptedError.expected).map(\.error)
      guard !errors.isEmpty else {
        throw ServerError.badField("invalid_field", "\"errors\" must hold at least one error", at: "errors")
      }
      return errors
    }
    guard fields.contains("code") else {
      throw ServerError.badField(
        "missing_field", "a failed answer needs \"errors\", or \"code\" (with \"field\" and \"message\" if any)",
        at: "code")
    }
    return [try ScriptedError(fields).error]
  }
}

/// One error of a scripted failure: `{"code", "field"?, "message"?}`.
struct ScriptedError: Decodable {
  static let expected = "a list of errors, each {\"code\", \"field\"?, \"message\"?}"

  var error: APIError

  init(from decoder: any Decoder) throws {
    let fields = try BodyFields(decoder, context: "an error")
    try fields.rejectUnknown(allowed: ["code", "field", "message"])
    try self.init(fields)
  }

  init(_ fields: BodyFields) throws {
    error = APIError(
      code: try fields.string("code"), field: try fields.optional(String.self, "field", expected: "a string"),
      message: try fields.optional(String.self, "message", expected: "a string"))
  }
}
