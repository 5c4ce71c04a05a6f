import CheckoutEngine

/// Any member name of a request body.
struct BodyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// The members of a request body's object, read by name inside a request type's
/// `init(from:)`, with 400s that name the member and say what would be valid.
///
/// Every text that only a refusal shows (what the body is, what a member expects)
/// is written only when a refusal needs it: a valid body costs no message.
struct BodyFields {
  private let container: KeyedDecodingContainer<BodyKey>
  /// Writes what the body is, for messages.
  private var describe: () -> String

  init(_ decoder: any Decoder, context: @autoclosure @escaping () -> String) throws {
    container = try decoder.container(keyedBy: BodyKey.self)
    describe = context
  }

  /// What the body is, for messages: `a set event`, `a new session`.
  var context: String { describe() }

  /// The same members, described as `context` in messages (an event once its kind
  /// is read).
  func described(as context: @autoclosure @escaping () -> String) -> BodyFields {
    var fields = self
    fields.describe = context
    return fields
  }

  /// Whether the body has the member (null included).
  func contains(_ name: String) -> Bool { container.contains(BodyKey(name)) }

  /// Rejects members other than `allowed`: a typo must not pass silently.
  func rejectUnknown(allowed: [String]) throws(ServerError) {
    for key in container.allKeys where !allowed.contains(key.stringValue) {
      let name = key.stringValue
      let hint = Suggestions.didYouMean(name, in: allowed).map { "; \($0)" } ?? ""
      throw ServerError.badField(
        "unknown_field",
        "unknown field \"\(name)\" in \(context)\(hint); it takes \(Suggestions.list(allowed, conjunction: "and"))",
        at: name)
    }
  }

  /// A required, non-empty string member.
  func string(_ name: String, expected: @autoclosure () -> String = "a string") throws -> String {
    guard contains(name) else { throw ServerError.badField("missing_field", "\(context) needs \"\(name)\"", at: name) }
    let text = try decode(String.self, name, expected: expected())
    guard !text.isEmpty else { throw ServerError.badField("invalid_field", "\"\(name)\" must not be empty", at: name) }
    return text
  }

  /// A member of type `T`, or nil when it is absent or null.
  func optional<T: Decodable>(_ type: T.Type, _ name: String, expected: @autoclosure () -> String) throws -> T? {
    guard contains(name), try !container.decodeNil(forKey: BodyKey(name)) else { return nil }
    return try decode(type, name, expected: expected())
  }

  /// A member of type `T`; a value of another type is a 400 saying what is expected.
  func decode<T: Decodable>(_ type: T.Type, _ name: String, expected: @autoclosure () -> String) throws -> T {
    do {
      return try container.decode(type, forKey: BodyKey(name))
    } catch let error as DecodingError {
      switch error {
      case .keyNotFound: throw ServerError.badField("missing_field", "\(context) needs \"\(name)\"", at: name)
      case .typeMismatch, .valueNotFound, .dataCorrupted:
        throw ServerError.badField("invalid_field", "\"\(name)\" must be \(expected())", at: name)
      @unknown default: throw ServerError(decoding: error)
      }
    }
  }
}
