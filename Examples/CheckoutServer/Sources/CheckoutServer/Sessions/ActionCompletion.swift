import CheckoutEngine

/// How the server takes the completion of an action a call waits on (3-D Secure):
/// `{"event": "actionCompleted", "operation": O, "data": {…}}`, or a tap on the
/// action step's `resume` row.
///
/// An `actionCompleted` is checked against the stored session before it is
/// applied: an operation the flow does not have is a 422 `unknown_operation`; one
/// with no call waiting on an action is the session's refusal (422 `refused`,
/// `noActionWaiting`), said in the shopper's language as a tap on the `resume` row
/// is; `data` may only hold the action's own keys (`three_d_secure.result`), never
/// what the shopper enters or an API provides, within the size a `set` may write.
///
/// The server stands in for the bank's page, so it gives every completion of
/// `three_d_secure` its result (``ThreeDSecureCard/resultKey``): the client's, or
/// `authenticated` when it gives none; and a tap on the `resume` row of the
/// waiting step is a completion that passed. A result from an earlier challenge
/// left in the session's data is never read for a later one.
enum ActionCompletion {
  /// The most keys an action's `data` may hold.
  static let maximumKeys = 16

  /// The event to apply for `event` on the stored `snapshot` of a session of `flow`.
  static func prepare(_ event: SessionEvent, snapshot: SessionSnapshot, flow: Flow, limits: DataLimits)
    throws(ServerError) -> SessionEvent
  {
    switch event {
    case .actionCompleted(let operation, let data):
      try ServerError.checkOperation(operation, in: flow)
      // No call waits on an action (the bank's return after a restart or a deploy
      // cancelled the call): the session refuses it, in the shopper's language, and
      // nothing of the data goes further.
      guard let action = snapshot.calls.first(where: { $0.operation == operation })?.action?.name else {
        return .actionCompleted(operation, [:])
      }
      try check(data, of: action, limits: limits)
      return .actionCompleted(operation, withResult(data, of: action))
    case .tap(let row):
      guard let call = snapshot.calls.first(where: { $0.action?.step == snapshot.navigation.top }),
        let action = call.action, action.name == ThreeDSecureCard.action,
        let step = flow.steps.first(where: { $0.id == action.step }),
        step.rows.contains(where: { $0.id == row && $0.cell == .button(.resume) })
      else { return event }
      return .actionCompleted(call.operation, withResult([:], of: action.name))
    default:
      return event
    }
  }

  /// The data must hold only keys of the action (`three_d_secure.…`), at most
  /// ``maximumKeys``, each value within a `set`'s size, with no control character
  /// (``ClientText``) and no card number; a 3-D Secure result must be one of
  /// ``ThreeDSecureCard/results``.
  private static func check(_ data: [DataKey: Value], of action: ActionName, limits: DataLimits) throws(ServerError) {
    guard data.count <= maximumKeys else {
      throw ServerError(
        .unprocessableContent, "invalid_action_data",
        "\"data\" holds \(data.count) keys; an action's result may hold at most \(maximumKeys)", at: "data")
    }
    let prefix = action.rawValue + "."
    for (key, value) in data.sorted(by: { $0.key < $1.key }) {
      guard key.rawValue.hasPrefix(prefix) else {
        throw ServerError(
          .unprocessableContent, "invalid_action_data",
          "\"data\" of \(action) may only hold the action's own keys, \(prefix)…, not \"\(LogText.safe(key.rawValue))\"",
          at: "data")
      }
      let bytes = value.displayText.utf8.count
      guard bytes <= limits.valueBytes else {
        throw ServerError(
          .contentTooLarge, "value_too_large",
          "a value of \"data\" is \(bytes) bytes; a value may hold at most \(limits.valueBytes) bytes (UTF-8)",
          at: "data")
      }
      try ClientText.check(value, at: "data.\(key)", what: "the value of \"data\" \(key)")
      guard !CardNumberText.containsCardNumber(value.displayText) else {
        throw ServerError(
          .unprocessableContent, "card_number_in_text", "an action's result is no place for a card number",
          at: "data")
      }
    }
    try checkResult(data, of: action)
  }

  /// A 3-D Secure result the server does not know would be taken as a failed
  /// authentication without a word: 422 `invalid_action_data` at
  /// `data.three_d_secure.result`, naming the results.
  private static func checkResult(_ data: [DataKey: Value], of action: ActionName) throws(ServerError) {
    guard action == ThreeDSecureCard.action, let result = data[ThreeDSecureCard.resultKey] else { return }
    if case .string(let text) = result, ThreeDSecureCard.results.contains(text) { return }
    let given: String
    switch result {
    case .string(let text): given = "\"\(LogText.safe(text))\""
    case .number, .bool, .options: given = "not a string"
    }
    throw ServerError(
      .unprocessableContent, "invalid_action_data",
      "\(ThreeDSecureCard.resultKey) is \(given); it must be \(Suggestions.list(ThreeDSecureCard.results)) "
        + "(\"\(ThreeDSecureCard.authenticated)\": the shopper passed the bank's challenge)",
      at: "data.\(ThreeDSecureCard.resultKey)")
  }

  /// `data` with `three_d_secure.result` set to `authenticated` when the action is
  /// 3-D Secure and the client gave no result; as given otherwise.
  private static func withResult(_ data: [DataKey: Value], of action: ActionName) -> [DataKey: Value] {
    guard action == ThreeDSecureCard.action, data[ThreeDSecureCard.resultKey] == nil else { return data }
    return data.merging([ThreeDSecureCard.resultKey: .string(ThreeDSecureCard.authenticated)]) { given, _ in given }
  }
}
