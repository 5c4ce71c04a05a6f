import CheckoutEngine
import Foundation

/// A sealed value this instance cannot open. It is never erased or overwritten:
/// the request on its session is refused. The instance stays ready: an instance
/// holding none of the database's keys does not start (``DataKeyAdmission``), so
/// one that runs and meets a key it lacks is not the odd one.
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

  /// The id of the key the value names (nil for a `sealed:v1:` value).
  var keyID: String? {
    switch reason {
    case .unknownKey(let id): return id
    case .tampered(let id): return id
    }
  }

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
          + "nothing was changed. If it is an old key, start this instance with it in \(DataKeyring.oldVariable); "
          + "if it is the new key of a rotation this instance missed (other instances seal with it), start this "
          + "instance with it as \(DataKeyMaterial.variable) and its current key in \(DataKeyring.oldVariable)",
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
