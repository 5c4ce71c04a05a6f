import CheckoutEngine

extension ClientValue {
  /// What `data` of an `actionCompleted` event must be.
  static let actionDataExpected =
    "an object of data keys to values (strings, numbers or booleans), like {\"three_d_secure.result\": \"authenticated\"}"

  /// The `data` of an `actionCompleted` event: the result of the action the host
  /// merges into the session before the call goes on; empty when absent or null.
  /// Each key must be a data key (names joined by dots); which keys the session
  /// takes is checked against it (``ActionCompletion``).
  static func actionData(in fields: BodyFields) throws -> [DataKey: Value] {
    let given = try fields.optional([String: ClientValue].self, "data", expected: actionDataExpected) ?? [:]
    var data: [DataKey: Value] = [:]
    for (key, value) in given {
      guard IdentifierSyntax.isKey(key) else {
        throw ServerError.badField(
          "invalid_field",
          "\"data\" must be \(actionDataExpected); \"\(LogText.safe(key))\" is not a data key (names joined by dots)",
          at: "data")
      }
      data[DataKey(key)] = value.value
    }
    return data
  }
}
