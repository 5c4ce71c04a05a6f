/// One checkout definition: its steps, the rows on each, and where each API error is fixed.
///
/// Load one from JSON with ``FlowLoader``; every id in a loaded flow resolves.
///
/// ```swift
/// let flow = try FlowLoader().load(contentsOf: "Flows/plndr.json")
/// flow.step(flow.start)?.title  // "My Cart"
/// ```
public struct Flow: Hashable, Sendable {
  /// The flow file format this model corresponds to.
  public static let currentFormat = 1

  /// The flow's id, e.g. `plndr`.
  public var id: FlowID
  /// A human title.
  public var title: String
  /// The step a session starts on.
  public var start: StepID
  /// The initial session data.
  public var data: [DataKey: Value]
  /// The steps, in file order.
  public var steps: [Step]
  /// The error matchers, in file order (first match wins).
  public var errors: [ErrorMatcher]

  /// Creates a flow from its parts; ``FlowLoader`` and the DSL check it.
  public init(
    id: FlowID, title: String, start: StepID, data: [DataKey: Value] = [:],
    steps: [Step], errors: [ErrorMatcher] = []
  ) {
    self.id = id
    self.title = title
    self.start = start
    self.data = data
    self.steps = steps
    self.errors = errors
  }

  /// The step with this id, if the flow has one.
  public func step(_ id: StepID) -> Step? {
    steps.first { $0.id == id }
  }
}

/// One screen of a flow.
public struct Step: Hashable, Sendable {
  /// The step's id, unique in the flow.
  public var id: StepID
  /// The screen title.
  public var title: String
  /// How the step is opened.
  public var presentation: Presentation
  /// The form rows, in order.
  public var rows: [Row]
  /// What must hold, beyond valid required rows, for the step to be complete.
  public var complete: [CompletionCheck]

  /// Creates a step.
  public init(
    id: StepID, title: String, presentation: Presentation = .push, rows: [Row] = [],
    complete: [CompletionCheck] = []
  ) {
    self.id = id
    self.title = title
    self.presentation = presentation
    self.rows = rows
    self.complete = complete
  }

  /// The row with this id, if the step has one.
  public func row(_ id: RowID) -> Row? {
    rows.first { $0.id == id }
  }
}

/// How a step is opened.
public enum Presentation: String, Hashable, Sendable, Codable, CaseIterable {
  /// Pushed onto the top navigation layer.
  case push
  /// Presented as a new modal layer.
  case modal
  /// Replaces the whole navigation state (a confirmation).
  case reset
}

/// A check that must hold for a step to count as complete.
public struct CompletionCheck: Hashable, Sendable {
  /// The condition that must hold.
  public var when: Condition
  /// Why the step is incomplete while it does not.
  public var message: String

  /// Creates a completion check.
  public init(when: Condition, message: String) {
    self.when = when
    self.message = message
  }
}
