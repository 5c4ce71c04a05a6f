import CheckoutEngine
import Foundation
import Synchronization

/// A sealed value this instance cannot open. It is never erased or overwritten:
/// the request on its session is refused, and ``SealHealth`` keeps `/ready` 503
/// until the session opens again.
struct SealedValueError: Error, Hashable, Sendable, CustomStringConvertible {
  enum Reason: Hashable, Sendable {
    /// Sealed under a key this instance does not hold (its id; nil for a value
    /// sealed before values named their key, which no held key opens).
    case unknownKey(String?)
    /// A held key's authentication failed: altered, or copied from another session or field.
    case tampered(keyID: String)
  }

  var reason: Reason
  var session: SessionID
  /// The data key (field) whose value it is; never the value.
  var field: String

  /// The metric's `reason`.
  var metricReason: String {
    switch reason {
    case .unknownKey: return "unknown_key"
    case .tampered: return "tampered"
    }
  }

  var description: String {
    switch reason {
    case .unknownKey(let id):
      return
        "the value of \(field) in session \(session) is sealed with data key \(id ?? "(unnamed, sealed:v1)"), which this instance does not hold"
    case .tampered(let id):
      return
        "the sealed value of \(field) in session \(session) does not authenticate under data key \(id): it was altered or copied"
    }
  }

  /// The answer: 503 `sealed_with_unknown_key` (the operator must give the key;
  /// nothing was changed) or 409 `sealed_value_tampered`.
  var serverError: ServerError {
    switch reason {
    case .unknownKey(let id):
      return ServerError(
        .serviceUnavailable, "sealed_with_unknown_key",
        "a value of this session is sealed with data key \(id ?? "(unnamed)"), which this instance does not hold; "
          + "nothing was changed: start the instance with that key in \(DataKeyring.oldVariable)",
        at: "/sessions/\(session)")
    case .tampered(let id):
      return ServerError(
        .conflict, "sealed_value_tampered",
        "a sealed value of this session (\(field)) does not authenticate under data key \(id): it was altered or "
          + "copied; nothing was changed",
        at: "/sessions/\(session)")
    }
  }
}

/// The sealed values this instance could not open, by session, so that `/ready`
/// answers 503 while any remain: a session is forgotten once it opens again or is
/// no longer stored (after a restart with the key, a reseal, the sweeper or another
/// instance deleting it), which the next read of it, or `/ready`'s recheck
/// (``SealingSessionStore/recheckUnreadable(limit:)``), finds.
final class SealHealth: Sendable {
  private let problems = Mutex<[SessionID: SealedValueError]>([:])
  /// When each session was last checked, so that rechecks take the oldest first.
  private let checked = Mutex<[SessionID: ContinuousClock.Instant]>([:])

  init() {}

  func record(_ error: SealedValueError) {
    problems.withLock { problems in
      if problems.count < 10_000 || problems[error.session] != nil { problems[error.session] = error }
    }
    checked.withLock { $0[error.session] = .now }
  }

  func clear(_ id: SessionID) {
    // Every read of a session clears it; almost always there is nothing to clear.
    guard problems.withLock({ $0.isEmpty ? nil : $0.removeValue(forKey: id) }) != nil else { return }
    checked.withLock { _ = $0.removeValue(forKey: id) }
  }

  /// Marks `id` as checked now (still unreadable).
  func stillUnreadable(_ id: SessionID) {
    checked.withLock { $0[id] = .now }
  }

  /// The sessions held, the longest unchecked first, at most `limit`.
  func sessions(limit: Int) -> [SessionID] {
    let ids = problems.withLock { Array($0.keys) }
    let (times, now) = (checked.withLock { $0 }, ContinuousClock.now)
    return Array(ids.sorted { (times[$0] ?? now) < (times[$1] ?? now) }.prefix(limit))
  }

  /// What `/ready` answers while problems remain: 503 naming the keys (never a value).
  var readiness: ServerError? {
    problems.withLock { problems -> ServerError? in
      guard !problems.isEmpty else { return nil }
      var unknown = Set<String>()
      var tampered = 0
      for problem in problems.values {
        switch problem.reason {
        case .unknownKey(let id): unknown.insert(id ?? "(unnamed)")
        case .tampered: tampered += 1
        }
      }
      let code = unknown.isEmpty ? "sealed_value_tampered" : "sealed_with_unknown_key"
      var parts: [String] = []
      if !unknown.isEmpty {
        parts.append("sealed with data keys this instance does not hold: \(unknown.sorted().joined(separator: ", "))")
      }
      if tampered > 0 { parts.append("\(tampered) that do not authenticate (altered or copied)") }
      return ServerError(
        .serviceUnavailable, code,
        "\(problems.count) sessions hold sealed values this instance cannot open (\(parts.joined(separator: "; "))); "
          + "their events are refused and the values kept")
    }
  }
}
