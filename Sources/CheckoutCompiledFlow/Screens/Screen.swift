import CheckoutModel
import CheckoutPlanning

/// A step rendered for a host to draw: everything a UIKit table, a web page or a
/// terminal needs, with values already masked. No host needs to know what kind
/// of row it is beyond reading this value.
public struct Screen: Hashable, Sendable, Codable {
  /// The step shown.
  public var step: StepID
  /// Its title.
  public var title: String
  /// How it was presented.
  public var presentation: Presentation
  /// The visible rows, in order.
  public var rows: [ScreenRow]

  /// Creates a screen.
  package init(step: StepID, title: String, presentation: Presentation, rows: [ScreenRow]) {
    self.step = step
    self.title = title
    self.presentation = presentation
    self.rows = rows
  }

  /// The rows the shopper can tap now.
  package var tappableRows: [ScreenRow] { rows.filter { $0.isTappable && $0.isEnabled } }

  /// The rows that are disabled, each with why.
  package var disabledRows: [ScreenRow] { rows.filter { !$0.isEnabled } }

  /// The row with this id, if visible.
  package func row(_ id: RowID) -> ScreenRow? { rows.first { $0.id == id } }
}

/// One row of a screen.
public struct ScreenRow: Hashable, Sendable, Codable {
  /// The row's id.
  public var id: RowID
  /// The kind of cell.
  public var kind: CellKind
  /// The label.
  public var title: String
  /// The value to show, masked as the row's key requires (empty when none).
  public var value: String
  /// The text for disclosure and info rows, with values filled in (masked).
  public var detail: String?
  /// The hint for an empty text field.
  public var placeholder: String?
  /// The keyboard for a text field.
  public var keyboard: Keyboard?
  /// A picker's choices.
  public var options: [PickerOption]?
  /// A picker's chosen option value (``value`` shows its label); nil for other rows
  /// and for a picker with nothing chosen.
  public var selection: String?
  /// Whether the shopper can use it.
  public var isEnabled: Bool
  /// Why it is disabled, in the session's language: `Complete "Shipping Address"
  /// first. Full name is required.` (a `requires` guard), or `Not available until
  /// Terms is on.` (its own `enabledWhen`).
  public var disabledReason: String?
  /// The steps its `requires` guard waits for, each with what is missing there, in
  /// the order the row requires them: the data behind ``disabledReason``, for hosts
  /// that lay it out themselves. Nil when no guard holds the row back.
  public var incompleteSteps: [IncompleteStep]?
  /// Whether tapping it does something (disclosure and button rows).
  public var isTappable: Bool
  /// Whether the value is masked (sensitive) or hidden (secret).
  public var isMasked: Bool
  /// The error shown on the row (from a rule or from the server).
  public var error: String?
  /// Whether the row has the focus (an error route arrived here).
  public var isFocused: Bool

  /// The synthesized encoding (absent optionals left out), with the id, the kind and
  /// the keyboard written as the strings they encode to: a JSON encoder makes an
  /// encoder of its own for every value that is not a plain string, number or
  /// Boolean, and a server writes every row of a screen on every answer.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id.rawValue, forKey: .id)
    try container.encode(kind.rawValue, forKey: .kind)
    try container.encode(title, forKey: .title)
    try container.encode(value, forKey: .value)
    try container.encodeIfPresent(detail, forKey: .detail)
    try container.encodeIfPresent(placeholder, forKey: .placeholder)
    try container.encodeIfPresent(keyboard?.rawValue, forKey: .keyboard)
    try container.encodeIfPresent(options, forKey: .options)
    try container.encodeIfPresent(selection, forKey: .selection)
    try container.encode(isEnabled, forKey: .isEnabled)
    try container.encodeIfPresent(disabledReason, forKey: .disabledReason)
    try container.encodeIfPresent(incompleteSteps, forKey: .incompleteSteps)
    try container.encode(isTappable, forKey: .isTappable)
    try container.encode(isMasked, forKey: .isMasked)
    try container.encodeIfPresent(error, forKey: .error)
    try container.encode(isFocused, forKey: .isFocused)
  }
}

/// A step a row's `requires` guard waits for, and what keeps it from being complete.
///
/// ```swift
/// screen.row("continue")?.incompleteSteps?.first?.problems  // ["Full name is required", …]
/// ```
public struct IncompleteStep: Hashable, Sendable, Codable {
  /// The step.
  public var step: StepID
  /// Its title.
  public var title: String
  /// Its value rows that fail their rules, in row order.
  public var rows: [RowID]
  /// Every message: the failing rows' first, then the step's failing completion checks.
  public var problems: [String]

  /// Creates the record of an incomplete step.
  package init(step: StepID, title: String, rows: [RowID], problems: [String]) {
    self.step = step
    self.title = title
    self.rows = rows
    self.problems = problems
  }
}
