/// One form cell on a step, described entirely by its metadata.
///
/// Everything a host needs to lay out and drive the row lives here, so no host
/// writes a `cellForRow` switch over screens. What only one kind of cell has (a
/// picker's options, what a disclosure opens, a button's action, a text field's
/// keyboard) is carried by ``cell``; what every row may have is a field of its own.
public struct Row: Hashable, Sendable {
  /// The row's id, unique within its step.
  public var id: RowID
  /// The kind of cell, with what only that kind has.
  public var cell: Cell
  /// The row's label.
  public var title: LocalizedText
  /// Validation rules, checked in order; the first failing one is shown.
  public var rules: [Rule]
  /// The row is shown only while this holds.
  public var visibleWhen: Condition?
  /// The row can be used only while this holds.
  public var enabledWhen: Condition?
  /// Shown masked (`•••• 4242`) wherever printed or logged.
  public var sensitive: Bool
  /// Never printed, logged or persisted.
  public var secret: Bool
  /// Steps that must be complete before the row is enabled.
  public var requires: [StepID]

  /// Creates a row; unset attributes take their defaults.
  ///
  /// ```swift
  /// Row(id: "cvv", cell: .secure(TextEntry(bind: "payment.card.cvv", keyboard: .number)), title: "CVV", secret: true)
  /// ```
  public init(
    id: RowID, cell: Cell, title: LocalizedText, rules: [Rule] = [], visibleWhen: Condition? = nil,
    enabledWhen: Condition? = nil, sensitive: Bool = false, secret: Bool = false, requires: [StepID] = []
  ) {
    self.id = id
    self.cell = cell
    self.title = title
    self.rules = rules
    self.visibleWhen = visibleWhen
    self.enabledWhen = enabledWhen
    self.sensitive = sensitive
    self.secret = secret
    self.requires = requires
  }

  /// The payload-free name of the row's kind (`picker`), for messages and the flow format.
  package var kind: CellKind { cell.kind }
  /// The session data key the row reads and writes: always set on a row that takes a
  /// value, optional on disclosure and info rows, never on a button.
  public var bind: DataKey? { cell.bind }
  /// A text-like row's hint shown while it is empty.
  package var placeholder: LocalizedText? { cell.textEntry?.placeholder }
  /// The keyboard a host should show for a text-like row.
  package var keyboard: Keyboard? { cell.textEntry?.keyboard }
  /// A picker's choices.
  package var options: PickerOptions? { cell.options }
  /// A disclosure or info row's template; `{key}` is replaced by its value.
  package var detail: LocalizedText? { cell.detail }
  /// What tapping the row does: a disclosure opens a step, a button does its action.
  package var action: RowAction? { cell.action }
  /// The step this row opens when tapped, if it opens one.
  package var opens: StepID? {
    if case .opens(let step) = action { return step }
    return nil
  }
}

/// The keyboard hint a text-like row carries to hosts.
public enum Keyboard: String, Hashable, Sendable, Codable, CaseIterable {
  case `default`, number, decimal, email, phone, url
}

/// Where a picker's options come from.
public enum PickerOptions: Hashable, Sendable {
  /// A fixed list written in the flow.
  case list([PickerOption])
  /// A list held in the session data under this key.
  case from(DataKey)
}

/// What tapping a disclosure or button row does.
public enum RowAction: Hashable, Sendable {
  /// Opens a step: a graph edge from the row's step.
  case opens(StepID)
  /// Pops the step, or dismisses its modal layer.
  case close
  /// Validates, then calls an API operation; on success opens `then`.
  case submit(Submit)
  /// Finishes the action its step is for (a submit's ``Submit/actions``): the
  /// call waiting on it goes on, as the same call.
  case resume
}

/// A submit action: an API call guarded by local validation.
public struct Submit: Hashable, Sendable {
  /// The API operation to call.
  public var operation: OperationName
  /// The step opened when the operation succeeds.
  public var then: StepID?
  /// The steps whose rows are checked before the call; `nil` means every step on the stack.
  public var validates: [StepID]?
  /// The keys the operation's success data fills (`order.number`): a flow may read
  /// them in details, conditions and checks although no row binds them.
  public var provides: [DataKey]
  /// The actions the operation can ask the shopper for before it finishes, each
  /// with the step where it is done (`three_d_secure` -> `challenge`).
  public var actions: [ActionName: StepID]

  /// Creates a submit action.
  public init(
    operation: OperationName, then: StepID? = nil, validates: [StepID]? = nil, provides: [DataKey] = [],
    actions: [ActionName: StepID] = [:]
  ) {
    self.operation = operation
    self.then = then
    self.validates = validates
    self.provides = provides
    self.actions = actions
  }
}
