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
  package static let currentFormat = 1

  /// The flow's id, e.g. `plndr`.
  public var id: FlowID
  /// A human title.
  public var title: LocalizedText
  /// The languages the flow ships, as BCP 47 tags (`en`, `de`, `pt-BR`), the first
  /// being the default; empty for a flow in one unnamed language. Any of its
  /// ``LocalizedText`` strings may be written per locale.
  public var locales: [String]
  /// The flow's version (a positive integer), when it declares one: sessions and
  /// snapshots record it, and a server can run several versions of one flow.
  public var version: Int?
  /// What was renamed since the previous version, to carry saved sessions across.
  public var renamed: FlowRenames
  /// The step a session starts on.
  public var start: StepID
  /// The initial session data.
  public var data: [DataKey: Value]
  /// The rules the flow names itself, built from the built-in ones
  /// (`postalCode` -> `{ "pattern": "^[0-9]{5}$", "message": "5 digits" }`). Rows
  /// use them by name; a row's rule naming one is resolved to it (kind and message,
  /// with ``Rule/name`` remembering the name) when the flow is created.
  public private(set) var rules: [String: Rule]
  /// The steps, in file order.
  public var steps: [Step]
  /// The error matchers, in file order (first match wins).
  public var errors: [ErrorMatcher]
  /// The flow's own words for engine messages, by message id (`rule.required`):
  /// they replace the engine's text in sessions of the flow.
  package var messages: [String: EngineMessageText] = [:]

  /// Creates a flow from its parts; ``FlowLoader`` and the DSL check it.
  ///
  /// A row's rule `.custom(name)` where `rules` defines `name` becomes the named
  /// rule (its kind, and its message unless the row's rule has its own). With
  /// `locales`, each string written per locale takes the first locale's text as
  /// its default.
  public init(
    id: FlowID, title: LocalizedText, start: StepID, data: [DataKey: Value] = [:], rules: [String: Rule] = [:],
    steps: [Step], errors: [ErrorMatcher] = [], version: Int? = nil, renamed: FlowRenames = FlowRenames(),
    locales: [String] = []
  ) {
    self.id = id
    self.title = title
    self.locales = locales
    self.version = version
    self.renamed = renamed
    self.start = start
    self.data = data
    self.rules = locales.first.map { first in rules.mapValues { $0.defaulting(to: first) } } ?? rules
    self.steps = rules.isEmpty ? steps : Flow.resolving(rules, in: steps)
    self.errors = errors
    if let first = locales.first { defaultLocalizedTexts(to: first) }
  }

  /// The steps with every row rule that names one of `rules` resolved to it.
  static func resolving(_ rules: [String: Rule], in steps: [Step]) -> [Step] {
    steps.map { step in
      var step = step
      for index in step.rows.indices {
        guard
          step.rows[index].rules.contains(where: {
            if case .custom(let name) = $0.kind { rules[name] != nil } else { false }
          })
        else { continue }
        step.rows[index].rules = step.rows[index].rules.map { rule in
          guard case .custom(let name) = rule.kind, let definition = rules[name] else { return rule }
          return Rule(definition.kind, message: rule.message ?? definition.message, name: name)
        }
      }
      return step
    }
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
  public var title: LocalizedText
  /// How the step is opened.
  public var presentation: Presentation
  /// The form rows, in order.
  public var rows: [Row]
  /// What must hold, beyond valid required rows, for the step to be complete.
  public var complete: [CompletionCheck]

  /// Creates a step.
  public init(
    id: StepID, title: LocalizedText, presentation: Presentation = .push, rows: [Row] = [],
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
    // Compares ids in place: `first(where:)` would copy every row it passes over
    // (a row is a large value), and a tap looks up several rows.
    for index in rows.indices where rows[index].id == id { return rows[index] }
    return nil
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
  public var message: LocalizedText

  /// Creates a completion check.
  public init(when: Condition, message: LocalizedText) {
    self.when = when
    self.message = message
  }
}
