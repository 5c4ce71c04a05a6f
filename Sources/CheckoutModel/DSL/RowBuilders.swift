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
}

/// A text-like row in the flow DSL: it takes a placeholder and a keyboard hint.
public protocol TextRowConvertible: RowConvertible {}

extension TextRowConvertible {
  /// Sets the placeholder.
  public func placeholder(_ text: LocalizedText) -> Self {
    var copy = self
    copy.row.cell = row.cell.changingTextEntry { $0.placeholder = text }
    return copy
  }
  /// Sets the keyboard hint.
  public func keyboard(_ keyboard: Keyboard) -> Self {
    var copy = self
    copy.row.cell = row.cell.changingTextEntry { $0.keyboard = keyboard }
    return copy
  }
}

/// A row in the flow DSL that shows a detail template: a disclosure or an info row.
public protocol DetailRowConvertible: RowConvertible {}

extension DetailRowConvertible {
  /// Sets the detail template (`"{shipping.street}"`).
  public func detail(_ template: LocalizedText) -> Self {
    var copy = self
    copy.row.cell = row.cell.withDetail(template)
    return copy
  }
}

/// A text field row.
public struct TextField: TextRowConvertible {
  public var row: Row

  /// The kinds of plain (not secure) text field.
  public enum Kind: Hashable, Sendable, CaseIterable {
    /// A plain text field (`text`).
    case text
    /// A field for a number (`number`).
    case number
    /// A field for an e-mail address (`email`).
    case email
    /// A field for a phone number (`phone`).
    case phone

    /// The cell of this kind with `entry`.
    func cell(_ entry: TextEntry) -> Cell {
      switch self {
      case .text: return .text(entry)
      case .number: return .number(entry)
      case .email: return .email(entry)
      case .phone: return .phone(entry)
      }
    }
  }

  /// A text field of the given kind (`text`, `number`, `email`, `phone`).
  public init(_ id: RowID, title: LocalizedText, bind: DataKey, cell: Kind = .text) {
    row = Row(id: id, cell: cell.cell(TextEntry(bind: bind)), title: title)
  }
}

/// A secure (obscured) text field row, e.g. a CVV.
public struct SecureField: TextRowConvertible {
  public var row: Row
  /// A secure field bound to a key.
  public init(_ id: RowID, title: LocalizedText, bind: DataKey) {
    row = Row(id: id, cell: .secure(TextEntry(bind: bind)), title: title)
  }
}

/// A picker row.
public struct Picker: RowConvertible {
  public var row: Row
  /// A picker with fixed options.
  public init(_ id: RowID, title: LocalizedText, bind: DataKey, options: [PickerOption]) {
    row = Row(id: id, cell: .picker(bind: bind, options: .list(options)), title: title)
  }
  /// A picker whose options are held in the data under `from`.
  public init(_ id: RowID, title: LocalizedText, bind: DataKey, optionsFrom key: DataKey) {
    row = Row(id: id, cell: .picker(bind: bind, options: .from(key)), title: title)
  }
}

/// A toggle (boolean) row.
public struct Toggle: RowConvertible {
  public var row: Row
  /// A toggle bound to a key.
  public init(_ id: RowID, title: LocalizedText, bind: DataKey) {
    row = Row(id: id, cell: .toggle(bind: bind), title: title)
  }
}

/// A disclosure row that opens a step.
public struct Disclosure: DetailRowConvertible {
  public var row: Row
  /// A disclosure opening `opens`, optionally showing a bound value or a detail template.
  public init(_ id: RowID, title: LocalizedText, opens: StepID, bind: DataKey? = nil) {
    row = Row(id: id, cell: .disclosure(opens: opens, bind: bind), title: title)
  }
}

/// A button row: it opens a step, closes its step, or submits.
public struct Button: RowConvertible {
  public var row: Row
  /// A button that opens a step.
  public init(_ id: RowID, title: LocalizedText, opens: StepID) {
    row = Row(id: id, cell: .button(.opens(opens)), title: title)
  }
  /// A button that closes its step (pop or dismiss): `Button.closing("done", title: "Done")`.
  public static func closing(_ id: RowID, title: LocalizedText) -> Button {
    Button(row: Row(id: id, cell: .button(.close), title: title))
  }

  private init(row: Row) {
    self.row = row
  }
  /// A button that validates and calls an API operation, opening `then` on success;
  /// `provides` names the keys the operation's success data fills (`order.number`).
  public init(
    _ id: RowID, title: LocalizedText, submit: OperationName, then: StepID? = nil, validates: [StepID]? = nil,
    provides: [DataKey] = []
  ) {
    row = Row(
      id: id, cell: .button(.submit(Submit(operation: submit, then: then, validates: validates, provides: provides))),
      title: title)
  }
}

/// An info row showing text or a bound value.
public struct Info: DetailRowConvertible {
  public var row: Row
  /// An info row, optionally bound to a key it shows.
  public init(_ id: RowID, title: LocalizedText, bind: DataKey? = nil) {
    row = Row(id: id, cell: .info(bind: bind), title: title)
  }
}
