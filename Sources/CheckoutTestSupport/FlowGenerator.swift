import CheckoutEngine

/// Generates random, valid flows of many shapes for property tests and benchmarks:
/// chains and cycles, pushes, nested modals, resets, guarded rows and error matchers.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// let flow = FlowGenerator(steps: 6).flow(using: &random)
/// ```
public struct FlowGenerator: Sendable {
  /// How many steps each flow has.
  public var steps: Int
  /// The most rows that open other steps, per step.
  public var maximumEdges: Int
  /// The chance a step is presented modally.
  public var modalChance: Double
  /// The chance a (non-start) step resets the navigation state.
  public var resetChance: Double
  /// The chance an edge is guarded by `requires`.
  public var guardChance: Double
  /// When set, this many error matchers (the last the `*` fallback) replace the
  /// default few, and every tenth step gets a submit row where the API can fail.
  public var matchers: Int?

  /// Creates a generator.
  public init(
    steps: Int, maximumEdges: Int = 3, modalChance: Double = 0.3, resetChance: Double = 0.1,
    guardChance: Double = 0.15, matchers: Int? = nil
  ) {
    self.matchers = matchers
    self.steps = steps
    self.maximumEdges = maximumEdges
    self.modalChance = modalChance
    self.resetChance = resetChance
    self.guardChance = guardChance
  }

  /// The id of step `index`.
  public static func stepID(_ index: Int) -> StepID { StepID("s\(index)") }

  /// A random flow; every step is reachable (step i+1 is opened from some step ≤ i).
  public func flow(using random: inout SeededRandom) -> Flow {
    var steps: [Step] = []
    for index in 0..<self.steps {
      let presentation: Presentation
      if index == 0 {
        presentation = .push
      } else if random.chance(resetChance) {
        presentation = .reset
      } else {
        presentation = random.chance(modalChance) ? .modal : .push
      }
      var rows: [Row] = [
        Row(
          id: "name", cell: .text(TextEntry(bind: DataKey("form.s\(index).name"))), title: "Name \(index)",
          rules: [Rule(.required)])
      ]
      var targets: [Int] = []
      for _ in 0..<random.int(in: 0...maximumEdges) {
        targets.append(random.int(in: 0..<self.steps))
      }
      for (edge, target) in targets.enumerated() {
        let requires: [StepID] = random.chance(guardChance) ? [Self.stepID(random.int(in: 0..<self.steps))] : []
        rows.append(
          Row(
            id: RowID("open\(edge)"), cell: .disclosure(opens: Self.stepID(target)), title: "Open s\(target)",
            requires: requires))
      }
      steps.append(Step(id: Self.stepID(index), title: "Step \(index)", presentation: presentation, rows: rows))
    }
    for index in 1..<max(1, self.steps) {
      let parent = random.int(in: 0..<index)
      steps[parent].rows.append(
        Row(id: RowID("next\(index)"), cell: .button(.opens(Self.stepID(index))), title: "Continue to s\(index)"))
    }
    if let matchers {
      return withSubmits(steps, matchers: matchers, using: &random)
    }
    let errors =
      (0..<min(4, self.steps)).map { _ in
        let target = random.int(in: 0..<self.steps)
        return ErrorMatcher(code: "error_s\(target)", step: Self.stepID(target), row: "name")
      } + [ErrorMatcher(code: "*", step: Self.stepID(0))]
    return Flow(id: "generated", title: "Generated flow", start: Self.stepID(0), steps: steps, errors: errors)
  }

  /// The flow with a submit row on every tenth step (`submit9` on s9, …; on s0 when
  /// there are fewer than ten steps) and `matchers` error matchers: exact codes
  /// resolved on random steps' `name` rows, then the `*` fallback on the start.
  private func withSubmits(_ steps: [Step], matchers: Int, using random: inout SeededRandom) -> Flow {
    var steps = steps
    let origins = steps.count < 10 ? [0] : Array(stride(from: 9, to: steps.count, by: 10))
    for index in origins {
      steps[index].rows.append(
        Row(
          id: "submit",
          cell: .button(.submit(Submit(operation: OperationName("submit\(index)"), validates: [Self.stepID(index)]))),
          title: "Submit \(index)"))
    }
    var errors = (0..<max(0, matchers - 1)).map { number in
      let target = random.int(in: 0..<self.steps)
      return ErrorMatcher(code: "error_\(number)_s\(target)", step: Self.stepID(target), row: "name")
    }
    if matchers > 0 { errors.append(ErrorMatcher(code: "*", step: Self.stepID(0))) }
    return Flow(id: "generated", title: "Generated flow", start: Self.stepID(0), steps: steps, errors: errors)
  }

  /// A navigation state reached by a random walk of `commands` commands from the start.
  public static func randomState(
    in flow: Flow, commands: Int, using random: inout SeededRandom
  ) -> NavigationState {
    var state = NavigationState(root: flow.start)
    let graph = FlowGraph(flow)
    let presentations = Dictionary(flow.steps.map { ($0.id, $0.presentation) }, uniquingKeysWith: { a, _ in a })
    for _ in 0..<commands {
      var options: [NavigationCommand] = []
      if state.canApply(.pop) { options.append(.pop) }
      if state.canApply(.dismiss) { options.append(.dismiss) }
      for edge in graph.edges(from: state.top) where edge.kind == .opens {
        if let presentation = presentations[edge.to] {
          let command = NavigationCommand.opening(edge.to, as: presentation)
          options += [command, command]
        }
      }
      guard let command = options.randomElement(using: &random) else { break }
      try? state.apply(command)
    }
    return state
  }
}
