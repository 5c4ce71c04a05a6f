/// Anything that describes a row in the flow DSL.
public protocol RowConvertible: Sendable {
  /// The row described.
  var row: Row { get set }
}

extension Row: RowConvertible {
  public var row: Row {
    get { self }
    set { self = newValue }
  }
}

extension RowConvertible {
  private func with(_ change: (inout Row) -> Void) -> Self {
    var copy = self
    change(&copy.row)
    return copy
  }

  /// Adds validation rules, checked in order.
  public func rules(_ kinds: RuleKind...) -> Self { with { $0.rules += kinds.map { Rule($0) } } }
  /// Adds rules that carry their own messages.
  public func rules(_ rules: [Rule]) -> Self { with { $0.rules += rules } }
  /// Sets the placeholder.
  public func placeholder(_ text: String) -> Self { with { $0.placeholder = text } }
  /// Sets the keyboard hint.
  public func keyboard(_ keyboard: Keyboard) -> Self { with { $0.keyboard = keyboard } }
  /// Shows the value masked.
  public func sensitive() -> Self { with { $0.sensitive = true } }
  /// Never shows, logs or persists the value.
  public func secret() -> Self { with { $0.secret = true } }
  /// Shows the row only while the condition holds.
  public func visible(when condition: Condition) -> Self { with { $0.visibleWhen = condition } }
  /// Enables the row only while the condition holds.
  public func enabled(when condition: Condition) -> Self { with { $0.enabledWhen = condition } }
  /// Requires steps to be complete before the row is enabled.
  public func requires(_ steps: StepID...) -> Self { with { $0.requires += steps } }
  /// Sets the detail template (`"{shipping.street}"`).
  public func detail(_ template: String) -> Self { with { $0.detail = template } }
}

/// A text field row.
public struct TextField: RowConvertible {
  public var row: Row
  /// A text field of the given kind (`text`, `number`, `email`, `phone`).
  public init(_ id: RowID, title: String, bind: DataKey, cell: CellKind = .text) {
    row = Row(id: id, cell: cell, title: title, bind: bind)
  }
}

/// A secure (obscured) text field row, e.g. a CVV.
public struct SecureField: RowConvertible {
  public var row: Row
  /// A secure field bound to a key.
  public init(_ id: RowID, title: String, bind: DataKey) {
    row = Row(id: id, cell: .secure, title: title, bind: bind)
  }
}

/// A picker row.
public struct Picker: RowConvertible {
  public var row: Row
  /// A picker with fixed options.
  public init(_ id: RowID, title: String, bind: DataKey, options: [PickerOption]) {
    row = Row(id: id, cell: .picker, title: title, bind: bind, options: .list(options))
  }
  /// A picker whose options are held in the data under `from`.
  public init(_ id: RowID, title: String, bind: DataKey, optionsFrom key: DataKey) {
    row = Row(id: id, cell: .picker, title: title, bind: bind, options: .from(key))
  }
}

/// A toggle (boolean) row.
public struct Toggle: RowConvertible {
  public var row: Row
  /// A toggle bound to a key.
  public init(_ id: RowID, title: String, bind: DataKey) {
    row = Row(id: id, cell: .toggle, title: title, bind: bind)
  }
}

/// A disclosure row that opens a step.
public struct Disclosure: RowConvertible {
  public var row: Row
  /// A disclosure opening `opens`, optionally showing a bound value or a detail template.
  public init(_ id: RowID, title: String, opens: StepID, bind: DataKey? = nil) {
    row = Row(id: id, cell: .disclosure, title: title, bind: bind, action: .opens(opens))
  }
}

/// A button row: it opens a step, closes its step, or submits.
public struct Button: RowConvertible {
  public var row: Row
  /// A button that opens a step.
  public init(_ id: RowID, title: String, opens: StepID) {
    row = Row(id: id, cell: .button, title: title, action: .opens(opens))
  }
  /// A button that closes its step (pop or dismiss): `Button.closing("done", title: "Done")`.
  public static func closing(_ id: RowID, title: String) -> Button {
    Button(row: Row(id: id, cell: .button, title: title, action: .close))
  }

  private init(row: Row) {
    self.row = row
  }
  /// A button that validates and calls an API operation, opening `then` on success;
  /// `provides` names the keys the operation's success data fills (`order.number`).
  public init(
    _ id: RowID, title: String, submit: OperationName, then: StepID? = nil, validates: [StepID]? = nil,
    provides: [DataKey] = []
  ) {
    row = Row(
      id: id, cell: .button, title: title,
      action: .submit(Submit(operation: submit, then: then, validates: validates, provides: provides)))
  }
}

/// An info row showing text or a bound value.
public struct Info: RowConvertible {
  public var row: Row
  /// An info row, optionally bound to a key it shows.
  public init(_ id: RowID, title: String, bind: DataKey? = nil) {
    row = Row(id: id, cell: .info, title: title, bind: bind)
  }
}
