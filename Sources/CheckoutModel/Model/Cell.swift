/// The kind of a row's cell, with what only that kind has: a picker its options, a
/// disclosure the step it opens, a button its action, a text field its keyboard.
///
/// A row cannot hold an attribute its kind does not take, nor lack one its kind
/// needs: adding a kind is a new case here, and the compiler then names every
/// `switch` that must decide what the new kind does. ``CellKind`` is the payload-free
/// name of the case, for messages and the flow format.
///
/// ```swift
/// switch row.cell {
/// case .picker(let bind, let options): …
/// case .disclosure(let opens, _, _): …
/// …
/// }
/// ```
public enum Cell: Hashable, Sendable {
  /// A single-line text field.
  case text(TextEntry)
  /// An obscured text field, e.g. a CVV.
  case secure(TextEntry)
  /// A text field for a number.
  case number(TextEntry)
  /// A text field for an e-mail address.
  case email(TextEntry)
  /// A text field for a phone number.
  case phone(TextEntry)
  /// A choice of one option, from a list written in the flow or held in the data.
  case picker(bind: DataKey, options: PickerOptions)
  /// An on/off switch.
  case toggle(bind: DataKey)
  /// A row that opens a step, optionally showing a bound value or a detail template.
  case disclosure(opens: StepID, bind: DataKey? = nil, detail: LocalizedText? = nil)
  /// A row that opens a step, closes its step, finishes an action (resume), or submits.
  case button(RowAction)
  /// A row that shows text: a bound value or a detail template.
  case info(bind: DataKey? = nil, detail: LocalizedText? = nil)

  /// The payload-free name of the case.
  public var kind: CellKind {
    switch self {
    case .text: return .text
    case .secure: return .secure
    case .number: return .number
    case .email: return .email
    case .phone: return .phone
    case .picker: return .picker
    case .toggle: return .toggle
    case .disclosure: return .disclosure
    case .button: return .button
    case .info: return .info
    }
  }

  /// The data key the cell reads and writes, if it binds one.
  package var bind: DataKey? {
    switch self {
    case .text(let entry), .secure(let entry), .number(let entry), .email(let entry), .phone(let entry):
      return entry.bind
    case .picker(let bind, _), .toggle(let bind): return bind
    case .disclosure(_, let bind, _), .info(let bind, _): return bind
    case .button: return nil
    }
  }

  /// A text-like cell's field: its key, placeholder and keyboard.
  package var textEntry: TextEntry? {
    switch self {
    case .text(let entry), .secure(let entry), .number(let entry), .email(let entry), .phone(let entry):
      return entry
    case .picker, .toggle, .disclosure, .button, .info: return nil
    }
  }

  /// A picker's options.
  package var options: PickerOptions? {
    switch self {
    case .picker(_, let options): return options
    case .text, .secure, .number, .email, .phone, .toggle, .disclosure, .button, .info: return nil
    }
  }

  /// A disclosure or info cell's detail template.
  package var detail: LocalizedText? {
    switch self {
    case .disclosure(_, _, let detail), .info(_, let detail): return detail
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .button: return nil
    }
  }

  /// What tapping the cell does: a disclosure opens its step, a button does its action.
  package var action: RowAction? {
    switch self {
    case .disclosure(let opens, _, _): return .opens(opens)
    case .button(let action): return action
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .info: return nil
    }
  }

  /// The cell with its text entry changed by `change`; only a text-like cell has one,
  /// so the other kinds are returned as they are.
  func changingTextEntry(_ change: (inout TextEntry) -> Void) -> Cell {
    switch self {
    case .text(var entry): change(&entry); return .text(entry)
    case .secure(var entry): change(&entry); return .secure(entry)
    case .number(var entry): change(&entry); return .number(entry)
    case .email(var entry): change(&entry); return .email(entry)
    case .phone(var entry): change(&entry); return .phone(entry)
    case .picker, .toggle, .disclosure, .button, .info: return self
    }
  }

  /// The cell with this detail template; only disclosure and info cells show one,
  /// so the other kinds are returned as they are.
  func withDetail(_ template: LocalizedText) -> Cell {
    switch self {
    case .disclosure(let opens, let bind, _): return .disclosure(opens: opens, bind: bind, detail: template)
    case .info(let bind, _): return .info(bind: bind, detail: template)
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .button: return self
    }
  }
}

/// What a text-like cell carries: the key it writes, its placeholder and its keyboard.
public struct TextEntry: Hashable, Sendable {
  /// The session data key the field reads and writes.
  public var bind: DataKey
  /// A hint shown while the field is empty.
  public var placeholder: LocalizedText?
  /// The keyboard a host should show.
  public var keyboard: Keyboard?

  /// A text field's entry bound to `bind`.
  public init(bind: DataKey, placeholder: LocalizedText? = nil, keyboard: Keyboard? = nil) {
    self.bind = bind
    self.placeholder = placeholder
    self.keyboard = keyboard
  }
}

/// The kinds of cell a row can be: the name of each ``Cell`` case, without what it
/// carries (the flow format's `cell`, and the kind a ``Screen`` row shows).
public enum CellKind: String, Hashable, Sendable, Codable, CaseIterable {
  case text, secure, number, email, phone, picker, toggle, disclosure, button, info

  /// Whether the shopper enters a value in this kind of cell (it needs a `bind`).
  package var takesValue: Bool {
    switch self {
    case .text, .secure, .number, .email, .phone, .picker, .toggle: return true
    case .disclosure, .button, .info: return false
    }
  }

  /// Whether the cell is a text field (it may have a placeholder and a keyboard).
  package var isTextLike: Bool {
    switch self {
    case .text, .secure, .number, .email, .phone: return true
    case .picker, .toggle, .disclosure, .button, .info: return false
    }
  }

  /// Whether the cell may name a data key at all (a button never does).
  package var mayBind: Bool {
    switch self {
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .disclosure, .info: return true
    case .button: return false
    }
  }

  /// Whether the cell shows a detail template (disclosure and info cells).
  package var showsDetail: Bool {
    switch self {
    case .disclosure, .info: return true
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .button: return false
    }
  }

  /// Whether tapping the cell does something (it opens, closes or submits).
  package var isTappable: Bool {
    switch self {
    case .disclosure, .button: return true
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .info: return false
    }
  }

  /// `a text`, `an info`, `an email`: the kind with its article, for messages.
  package var withArticle: String {
    ("aeiou".contains(rawValue.prefix(1)) ? "an " : "a ") + rawValue
  }
}
