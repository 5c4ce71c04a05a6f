/// One form cell on a step, described entirely by its metadata.
///
/// Everything a host needs to lay out and drive the row lives here, so no host
/// writes a `cellForRow` switch over screens.
public struct Row: Hashable, Sendable {
  /// The row's id, unique within its step.
  public var id: RowID
  /// The kind of cell.
  public var cell: CellKind
  /// The row's label.
  public var title: String
  /// The session data key the row reads and writes.
  public var bind: DataKey?
  /// A hint shown while the row is empty.
  public var placeholder: String?
  /// The keyboard a host should show.
  public var keyboard: Keyboard?
  /// A picker's choices.
  public var options: PickerOptions?
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
  /// A template shown on disclosure and info rows; `{key}` is replaced by its value.
  public var detail: String?
  /// What tapping the row does.
  public var action: RowAction?
  /// Steps that must be complete before the row is enabled.
  public var requires: [StepID]

  /// Creates a row; unset attributes take their defaults.
  public init(
    id: RowID, cell: CellKind, title: String, bind: DataKey? = nil,
    placeholder: String? = nil, keyboard: Keyboard? = nil, options: PickerOptions? = nil,
    rules: [Rule] = [], visibleWhen: Condition? = nil, enabledWhen: Condition? = nil,
    sensitive: Bool = false, secret: Bool = false, detail: String? = nil,
    action: RowAction? = nil, requires: [StepID] = []
  ) {
    self.id = id
    self.cell = cell
    self.title = title
    self.bind = bind
    self.placeholder = placeholder
    self.keyboard = keyboard
    self.options = options
    self.rules = rules
    self.visibleWhen = visibleWhen
    self.enabledWhen = enabledWhen
    self.sensitive = sensitive
    self.secret = secret
    self.detail = detail
    self.action = action
    self.requires = requires
  }

  /// The step this row opens when tapped, if it opens one.
  public var opens: StepID? {
    if case .opens(let step) = action { return step }
    return nil
  }
}

/// The kinds of cell a row can be.
public enum CellKind: String, Hashable, Sendable, Codable, CaseIterable {
  case text, secure, number, email, phone, picker, toggle, disclosure, button, info

  /// Whether the shopper enters a value in this kind of cell (it needs a `bind`).
  public var takesValue: Bool {
    switch self {
    case .text, .secure, .number, .email, .phone, .picker, .toggle: return true
    case .disclosure, .button, .info: return false
    }
  }

  /// Whether the cell is a text field (it may have a placeholder and a keyboard).
  public var isTextLike: Bool {
    switch self {
    case .text, .secure, .number, .email, .phone: return true
    case .picker, .toggle, .disclosure, .button, .info: return false
    }
  }

  /// `a text`, `an info`, `an email`: the kind with its article, for messages.
  public var withArticle: String {
    ("aeiou".contains(rawValue.prefix(1)) ? "an " : "a ") + rawValue
  }

  /// Whether tapping the cell does something (it opens, closes or submits).
  public var isTappable: Bool {
    self == .disclosure || self == .button
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

  /// Creates a submit action.
  public init(operation: OperationName, then: StepID? = nil, validates: [StepID]? = nil, provides: [DataKey] = []) {
    self.operation = operation
    self.then = then
    self.validates = validates
    self.provides = provides
  }
}
