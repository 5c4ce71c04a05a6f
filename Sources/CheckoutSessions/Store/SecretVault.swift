import CheckoutModel
import CheckoutPlanning
import CheckoutRows

/// Secret values (a CVV) held apart from everything that is stored: opaque, never
/// printed, dumped or encoded. A session hands them out only to be kept in memory
/// between requests (a ``SecretVault``) and takes them back before the next event.
public struct SecretValues: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
  fileprivate(set) var values: [DataKey: Value]

  /// No secrets.
  public static let none = SecretValues(values: [:])

  /// Whether there are none.
  public var isEmpty: Bool { values.isEmpty }

  /// `3 secret values` — never the values.
  public var description: String { "\(values.count) secret value\(values.count == 1 ? "" : "s")" }

  public var customMirror: Mirror { Mirror(self, children: ["count": values.count]) }
}

extension CheckoutSession {
  /// The secret values entered, to keep in memory until the next event.
  public var secretValues: SecretValues {
    SecretValues(values: data.filter { compiled.masking.isSecret($0.key) })
  }

  /// Puts back secret values kept since the last event (after restoring a snapshot).
  public mutating func restoreSecrets(_ secrets: SecretValues) {
    for (key, value) in secrets.values where compiled.masking.isSecret(key) { data[key] = value }
  }
}

/// Keeps sessions' secret values in this process's memory only, never in a store.
/// A server with several instances loses a secret when the next request lands on
/// another instance: the engine then asks for it again (its `required` rule).
public actor SecretVault {
  private var secrets: [SessionID: SecretValues] = [:]

  /// An empty vault.
  public init() {}

  /// The secrets kept for a session.
  public func secrets(for id: SessionID) -> SecretValues { secrets[id] ?? .none }

  /// Keeps (or, when empty, forgets) a session's secrets.
  public func keep(_ values: SecretValues, for id: SessionID) {
    secrets[id] = values.isEmpty ? nil : values
  }

  /// Forgets a session's secrets.
  public func forget(_ id: SessionID) { secrets[id] = nil }
}
