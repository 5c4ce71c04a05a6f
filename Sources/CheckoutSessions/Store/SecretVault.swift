import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// Secret values (a CVV) held apart from everything that is stored: opaque, never
/// printed, dumped or encoded. A session hands them out only to be kept in memory
/// between requests (a ``SecretVault``) and takes them back before the next event.
public struct SecretValues: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
  fileprivate(set) var values: [DataKey: Value]
  /// The session's generation of each secret when these values were taken.
  fileprivate(set) var generations: [DataKey: Int]

  /// No secrets.
  package static let none = SecretValues(values: [:], generations: [:])

  /// Whether there are none.
  public var isEmpty: Bool { values.isEmpty }

  /// `3 secret values` — never the values.
  public var description: String { "\(values.count) secret value\(values.count == 1 ? "" : "s")" }

  public var customMirror: Mirror { Mirror(self, children: ["count": values.count]) }
}

extension SecretValues {
  /// The same values and generations under other keys (a flow version renamed them).
  func renamingKeys(_ rename: (DataKey) -> DataKey) -> SecretValues {
    SecretValues(
      values: Dictionary(values.map { (rename($0.key), $0.value) }, uniquingKeysWith: { _, newer in newer }),
      generations: Dictionary(generations.map { (rename($0.key), $0.value) }, uniquingKeysWith: max))
  }
}

extension CheckoutSession {
  /// The secret values entered, with their generations, to keep in memory until the next event.
  public var secretValues: SecretValues {
    // By the flow's few secret keys, not a test of every value's key.
    var kept: [DataKey: Value] = [:]
    for key in compiled.masking.secretKeys {
      if let value = data[key] { kept[key] = value }
    }
    return SecretValues(values: kept, generations: secretGenerations.filter { kept[$0.key] != nil })
  }

  /// Puts back secret values kept since an earlier event (after restoring a
  /// snapshot), each only if its generation is the session's current one. A copy
  /// that is stale (the secret was changed or cleared since, by another instance)
  /// is never used: the secret's rows ask for it again, saying why.
  public mutating func restoreSecrets(_ secrets: SecretValues) {
    for (key, value) in secrets.values where compiled.masking.isSecret(key) {
      guard secrets.generations[key, default: 0] == secretGenerations[key, default: 0] else {
        askAgain(for: key)
        continue
      }
      data[key] = value
    }
  }

  /// Shows on every value row bound to a secret key that it must be entered again
  /// (and a submit that finds it missing offers it with the same message).
  private mutating func askAgain(for key: DataKey) {
    for ref in compiled.dependencies.rows(binding: key) {
      guard let row = compiled.step(ref.step)?.row(ref.row), row.kind.takesValue else { continue }
      rowErrors[ref] = CheckoutSession.enterAgainMessage(for: row, in: rules)
    }
  }

  /// The message of a secret's row whose kept copy was stale, in the language of
  /// `rules`, the row by its title (`error.enterAgain`): "Enter the CVV again: it
  /// was changed in another window.", in German "CVV: Bitte erneut eingeben, …".
  static func enterAgainMessage(for row: Row, in rules: RuleEvaluator) -> String {
    rules.messages.text(.errorEnterAgain, row.title.text(in: rules.locale))
  }
}

/// Keeps sessions' secret values in this process's memory only, never in a store.
/// A server with several instances loses a secret when the next request lands on
/// another instance: the engine then asks for it again (its `required` rule). A
/// copy kept here is used only while its generation is the session's current one:
/// once another instance changed or cleared the secret, this copy is never used.
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
