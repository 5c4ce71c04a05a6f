import CheckoutModel

/// The key that makes one API call idempotent: the checkout API answers a call
/// repeated with the same key with its first answer, and acts (charges) once.
///
/// The session makes it before the call and records it with the call, so a host
/// that lost the answer (a crash, a failed save) calls again with the same key.
/// A key is the operation and the number of calls the session has made, of every
/// operation (`verifyAddress-1`, `verifyAddress-2`, then `placeOrder-3`): unique
/// within a session, not across sessions, so a host serving many sessions prefixes
/// the session's id (``CheckoutAPIRequest/idempotencyKey``).
///
/// The continuation of a call after an action (``SessionEvent/actionCompleted(_:_:)``)
/// is the same call, sent under the call's key with the action appended:
/// `placeOrder-1/three_d_secure-1` (``call`` is `placeOrder-1`, ``continuation``
/// is `three_d_secure-1`), so an API that replays whatever it stored under a
/// request key answers the continuation, not the first request again.
public struct IdempotencyKey: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The key of the continuation after the `number`th action of the call `call`.
  package init(continuing call: IdempotencyKey, after action: ActionName, number: Int) {
    self.init("\(call.call.rawValue)/\(action.rawValue)-\(number)")
  }

  /// The call's own key: this key without its continuation.
  public var call: IdempotencyKey {
    guard let slash = rawValue.firstIndex(of: "/") else { return self }
    return IdempotencyKey(String(rawValue[..<slash]))
  }

  /// The continuation this key marks (`three_d_secure-1`), or nil for a call's first request.
  public var continuation: String? {
    guard let slash = rawValue.firstIndex(of: "/") else { return nil }
    return String(rawValue[rawValue.index(after: slash)...])
  }
}

/// An API call the session made and has no answer for: the operation, its
/// idempotency key, the step to open when it succeeds, a digest of what it sent,
/// and the action it waits on, if it asked the shopper for one.
public struct APICall: Hashable, Sendable, Codable {
  /// The operation.
  public var operation: OperationName
  /// The idempotency key the call is made with (and made again with).
  public var key: IdempotencyKey
  /// The step opened when it succeeds.
  public var then: StepID?
  /// The digest (FNV-1a, see `PayloadDigest`) of the body its latest request sent (a retry must
  /// send the same); nil in snapshots older than format 3.
  public var digest: String?
  /// What the call waits for: nil for the API's answer, or the action the API
  /// asked the shopper for (the call stays open while the shopper does it).
  public var action: PendingAction?
  /// How many actions the call has asked for (its continuations are numbered by
  /// it); nil before the first.
  package var actions: Int?
  /// The last action the call asked for (kept once it is completed, to name the
  /// continuation's key); nil before the first.
  package var lastAction: ActionName?

  /// Creates a call.
  public init(
    operation: OperationName, key: IdempotencyKey, then: StepID?, digest: String? = nil,
    action: PendingAction? = nil, actions: Int? = nil, lastAction: ActionName? = nil
  ) {
    self.operation = operation
    self.key = key
    self.then = then
    self.digest = digest
    self.action = action
    self.actions = actions
    self.lastAction = lastAction
  }

  /// The call's key, or once it has asked for an action its continuation's
  /// (`placeOrder-1/three_d_secure-1`): the key the latest request was sent with,
  /// and while the call waits on the action, the key its continuation will carry
  /// (an abandonment asks the API under it, so a late continuation meets the
  /// answer the abandonment got).
  package var requestKey: IdempotencyKey {
    guard let actions, actions > 0, let last = lastAction else { return key }
    return IdempotencyKey(continuing: key, after: last, number: actions)
  }
}

/// An action a call waits on: the shopper does it on its step, then the call goes on.
public struct PendingAction: Hashable, Sendable, Codable {
  /// The action's name, e.g. `three_d_secure`.
  public var name: ActionName
  /// The step where the shopper does it (the submit's `actions` says which).
  public var step: StepID
  /// What the API sent with it for the host to show (a challenge's address); no secrets.
  public var data: [DataKey: Value]
  /// The shopper's own values that the action's data replaced, for the keys a row
  /// binds (nil: the key had no value), put back when the action is left without
  /// being completed (declined, closed, left by `back` or a route, cancelled):
  /// declining a suggested address keeps the street the shopper typed; completing
  /// it keeps the suggestion. Never a secret key.
  package var replaced: [DataKey: Value?]

  /// Creates a pending action.
  package init(name: ActionName, step: StepID, data: [DataKey: Value] = [:], replaced: [DataKey: Value?] = [:]) {
    self.name = name
    self.step = step
    self.data = data
    self.replaced = replaced
  }

  private enum CodingKeys: String, CodingKey { case name, step, data, replaced }

  /// Reads `{name, step, data, replaced}`, `data` an object of key -> value,
  /// `replaced` of key -> value or null (absent in snapshots written before it).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(ActionName.self, forKey: .name)
    step = try container.decode(StepID.self, forKey: .step)
    let data = try container.decodeIfPresent([String: Value].self, forKey: .data) ?? [:]
    self.data = Dictionary(uniqueKeysWithValues: data.map { (DataKey($0.key), $0.value) })
    let replaced = try container.decodeIfPresent([String: Value?].self, forKey: .replaced) ?? [:]
    self.replaced = Dictionary(uniqueKeysWithValues: replaced.map { (DataKey($0.key), $0.value) })
  }

  /// Writes `{name, step, data, replaced}`, `data` an object of key -> value,
  /// `replaced` of key -> value or null (each absent when empty).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(step, forKey: .step)
    if !data.isEmpty {
      try container.encode(Dictionary(uniqueKeysWithValues: data.map { ($0.key.rawValue, $0.value) }), forKey: .data)
    }
    if !replaced.isEmpty {
      try container.encode(
        Dictionary(uniqueKeysWithValues: replaced.map { ($0.key.rawValue, $0.value) }), forKey: .replaced)
    }
  }

  /// The action as a snapshot keeps it: a sensitive value it replaced masked,
  /// unless `revealSensitive` (as the snapshot's `data` is).
  func masked(by masking: Masking, revealSensitive: Bool) -> PendingAction {
    guard !revealSensitive, replaced.keys.contains(where: masking.sensitiveKeys.contains) else { return self }
    var copy = self
    for case (let key, let value?) in replaced where masking.sensitiveKeys.contains(key) {
      copy.replaced[key] = .some(.string(Masking.maskedQuickly(value.displayText)))
    }
    return copy
  }
}
