/// A row's kind-specific attributes as the flow format writes them: flat fields,
/// each optional whatever the kind.
///
/// The loader reads a row into this shape, ``RowValidator`` checks each field against
/// the kind (a `placeholder` on a picker, a button without an action), and ``cell``
/// maps the fields onto the ``Cell`` the model holds. The writer writes a cell back
/// through the same shape, so the format and the sum type meet in this one place.
struct CellFields: Hashable, Sendable {
  var kind: CellKind
  var bind: DataKey?
  var placeholder: LocalizedText?
  var keyboard: Keyboard?
  var options: PickerOptions?
  var detail: LocalizedText?
  var action: RowAction?

  /// Fields as read from a document.
  init(
    kind: CellKind, bind: DataKey? = nil, placeholder: LocalizedText? = nil, keyboard: Keyboard? = nil,
    options: PickerOptions? = nil, detail: LocalizedText? = nil, action: RowAction? = nil
  ) {
    self.kind = kind
    self.bind = bind
    self.placeholder = placeholder
    self.keyboard = keyboard
    self.options = options
    self.detail = detail
    self.action = action
  }

  /// The fields a cell is written with.
  init(_ cell: Cell) {
    self.init(
      kind: cell.kind, bind: cell.bind, placeholder: cell.textEntry?.placeholder, keyboard: cell.textEntry?.keyboard,
      options: cell.options, detail: cell.detail, action: cell.action)
  }

  /// The cell the fields describe, without the fields its kind does not take; nil
  /// when a field the kind needs is missing (a picker's `bind` or `options`, what a
  /// disclosure opens, a button's action), which ``RowValidator`` reports.
  var cell: Cell? {
    let entry = bind.map { TextEntry(bind: $0, placeholder: placeholder, keyboard: keyboard) }
    switch kind {
    case .text: return entry.map(Cell.text)
    case .secure: return entry.map(Cell.secure)
    case .number: return entry.map(Cell.number)
    case .email: return entry.map(Cell.email)
    case .phone: return entry.map(Cell.phone)
    case .picker:
      guard let bind, let options else { return nil }
      return .picker(bind: bind, options: options)
    case .toggle: return bind.map { .toggle(bind: $0) }
    case .disclosure:
      guard case .opens(let step)? = action else { return nil }
      return .disclosure(opens: step, bind: bind, detail: detail)
    case .button: return action.map(Cell.button)
    case .info: return .info(bind: bind, detail: detail)
    }
  }

  /// What stands in the model for a row whose fields make no cell: an info row with
  /// the key and template it named, so the checks that do not depend on the kind
  /// still run (the loader refuses the flow for the error already reported).
  var placeholderCell: Cell { .info(bind: bind, detail: detail) }
}
