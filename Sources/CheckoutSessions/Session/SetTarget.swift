import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// What a `set` event writes, named in its type: a row, or a data key.
///
/// ```swift
/// session.send(.set(.row("cvv"), .string("737")))                     // a row of the step on screen
/// session.send(.set(.row("zip", on: "address"), .string("97201")))    // a row of a named step
/// session.send(.set(.key("shipping.zip"), .string("97201")))          // the key a row binds
/// ```
///
/// Only rows write data: a key is accepted only when a value row binds it, and is
/// then set as that row would be (converted, validated, refused when the row is
/// hidden or disabled). The flow's `data`, keys a submit `provides` and keys only
/// info rows show are read-only to events (see ``CompiledFlow/setRefusal(for:)``).
public enum SetTarget: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A row of the step on screen, or of `step` when one is given.
  case row(RowID, on: StepID? = nil)
  /// A data key that a value row binds.
  case key(DataKey)

  /// `cvv`, `address.zip` (a row of a named step) or `key shipping.zip`.
  public var description: String {
    switch self {
    case .row(let row, let step?): return "\(step).\(row)"
    case .row(let row, nil): return row.rawValue
    case .key(let key): return "key \(key)"
    }
  }
}

/// Why an event may not set a data key: it is read-only to events, or no row binds it.
public struct SetRefusal: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of refusal.
  public enum Kind: String, Hashable, Sendable {
    /// The key is the flow's `data`, a submit `provides` it, or only rows that take
    /// no value (info, disclosure) show it.
    case readOnly
    /// No row binds the key and the flow does not know it.
    case unknownKey
  }

  /// The kind.
  public var kind: Kind
  /// The key refused.
  public var key: DataKey
  /// A sentence naming the key and saying why, and what may be set instead.
  public var message: String
  public var description: String { message }
}

extension CompiledFlow {
  /// The value row that an event setting `key` writes through: the first in flow
  /// order that binds it and takes a value; nil when none does.
  package func writingRow(for key: DataKey) -> CheckoutSession.RowRef? {
    dependencies.rows(binding: key).first { step($0.step)?.row($0.row)?.kind.takesValue == true }
  }

  /// Why an event may not set `key`, or nil when a value row binds it (only rows write data).
  ///
  /// ```swift
  /// compiled.setRefusal(for: "cart.subtotal")?.message
  /// // "cart.subtotal is read-only: it is the flow's data, and no row takes a value for it; …"
  /// ```
  public func setRefusal(for key: DataKey) -> SetRefusal? {
    guard writingRow(for: key) == nil else { return nil }
    let settable =
      boundKeys.first.map { "events may set only the keys a row binds, like \($0)" }
      ?? "this flow has no row that takes a value, so events set no key"
    if let shown = dependencies.rows(binding: key).first, let step = step(shown.step), let row = step.row(shown.row) {
      return SetRefusal(
        kind: .readOnly, key: key,
        message: "\(key) is read-only: \(row.title) on \(step.title) shows it but takes no value; \(settable)")
    }
    if let operation = providingOperation(of: key) {
      return SetRefusal(
        kind: .readOnly, key: key,
        message:
          "\(key) is read-only: the answer to \(operation) provides it, and no row takes a value for it; \(settable)")
    }
    if flow.data[key] != nil {
      return SetRefusal(
        kind: .readOnly, key: key,
        message: "\(key) is read-only: it is the flow's data, and no row takes a value for it; \(settable)")
    }
    let hint = Suggestions.didYouMean(key.rawValue, in: boundKeys.map(\.rawValue)).map { " (\($0))" } ?? ""
    return SetRefusal(
      kind: .unknownKey, key: key, message: "no row binds \(Quoting.quoted(key.rawValue))\(hint); \(settable)")
  }

  /// The operation of the first submit that `provides` the key.
  private func providingOperation(of key: DataKey) -> OperationName? {
    for row in flow.steps.flatMap(\.rows) {
      if case .submit(let submit)? = row.action, submit.provides.contains(key) { return submit.operation }
    }
    return nil
  }
}
