import CheckoutModel

extension Payload {
  /// The API's answer to this payload's call as it may be shown to a client or in
  /// a log: a value of a secret key hidden (`•••`) and of a sensitive key masked
  /// (`•••• 4242`), and in every other value and in each error's message, every
  /// secret or sensitive value this payload carries and any card number masked as
  /// their rows show them. An API that repeats the CVV under a key the flow does
  /// not know, or writes the card number into its message, shows neither.
  public func redacted(_ outcome: CheckoutAPIOutcome) -> CheckoutAPIOutcome {
    let hidden = HiddenValues(heldIn: values, secretKeys: secretKeys, sensitiveKeys: sensitiveKeys)
    func shownData(_ data: [DataKey: Value]) -> [DataKey: Value] {
      var result: [DataKey: Value] = [:]
      for (key, value) in data {
        let text = shown(value, of: key)
        result[key] = .string(secretKeys.contains(key) || sensitiveKeys.contains(key) ? text : hidden.masking(text))
      }
      return result
    }
    switch outcome {
    case .succeeded(let data): return .succeeded(shownData(data))
    case .actionRequired(let action, let data): return .actionRequired(action, shownData(data))
    case .failed(let errors):
      return .failed(
        errors.map { error in
          var error = error
          error.message = error.message.map(hidden.masking)
          return error
        })
    }
  }
}
