import CheckoutEngine
import Foundation

/// The checkout API's record of the calls it answered, by idempotency key: a
/// repeated key gets the first answer and acts (charges) once. Kept in the
/// session store's database (``PostgresCallLedger``) so that it survives a
/// restart and is shared by every instance; in memory otherwise.
protocol CallLedger: Sendable {
  /// The answer recorded for a key, if any.
  func answer(for key: String) async throws -> CheckoutAPIOutcome?
  /// Records the answer to a call unless the key has one already (a concurrent
  /// call with the same key won); returns the answer that stands.
  func record(_ outcome: CheckoutAPIOutcome, for request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome
}

/// One recorded answer: `{"status": "succeeded", "data": {…}}`,
/// `{"status": "failed", "errors": [{"code", "field", "message"}]}` or
/// `{"status": "actionRequired", "action": "three_d_secure", "data": {…}}`, the
/// JSON the PostgreSQL ledger keeps.
struct LedgerAnswer: Codable, Sendable, Equatable {
  var status: String
  var data: [String: Value]?
  var errors: [APIError]?
  var action: String?

  init(_ outcome: CheckoutAPIOutcome) {
    switch outcome {
    case .succeeded(let values):
      status = "succeeded"
      data = Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
    case .failed(let errors):
      status = "failed"
      self.errors = errors
    case .actionRequired(let action, let values):
      status = "actionRequired"
      self.action = action.rawValue
      data = Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
    }
  }

  /// The outcome; nil for a status this version does not know.
  var outcome: CheckoutAPIOutcome? {
    switch status {
    case "succeeded":
      return .succeeded(Dictionary(uniqueKeysWithValues: (data ?? [:]).map { (DataKey($0.key), $0.value) }))
    case "failed":
      return .failed(errors ?? [])
    case "actionRequired":
      guard let action else { return nil }
      return .actionRequired(
        ActionName(action), Dictionary(uniqueKeysWithValues: (data ?? [:]).map { (DataKey($0.key), $0.value) }))
    default:
      return nil
    }
  }
}

/// The ledger in this process's memory (the memory store's; a test's).
actor InMemoryCallLedger: CallLedger {
  /// One answered call.
  struct Entry: Sendable, Equatable {
    var session: SessionID
    var operation: OperationName
    var outcome: CheckoutAPIOutcome
  }

  private(set) var entries: [String: Entry] = [:]

  init() {}

  func answer(for key: String) -> CheckoutAPIOutcome? { entries[key]?.outcome }

  func record(_ outcome: CheckoutAPIOutcome, for request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
    if let first = entries[request.idempotencyKey] { return first.outcome }
    entries[request.idempotencyKey] = Entry(session: request.session, operation: request.operation, outcome: outcome)
    return outcome
  }

  /// How many calls to an operation succeeded for a session: for `placeOrder`, its charges.
  func successes(of operation: OperationName, in session: SessionID) -> Int {
    entries.values.filter {
      guard $0.session == session, $0.operation == operation, case .succeeded = $0.outcome else { return false }
      return true
    }.count
  }
}
