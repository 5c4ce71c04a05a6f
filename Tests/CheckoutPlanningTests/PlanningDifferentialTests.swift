import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning

/// The planner against exhaustive breadth-first search over navigation states, on
/// seeded random flows of many shapes: it must find a route exactly when one
/// exists, as short as the shortest, with as few backward commands, and valid.
@Suite struct PlanningDifferentialTests {
  struct Shape: Sendable, CustomStringConvertible {
    var name: String
    var generator: FlowGenerator
    var walk: ClosedRange<Int>
    var description: String { name }
  }

  static let shapes: [Shape] = [
    Shape(name: "small push chains", generator: FlowGenerator(steps: 4, modalChance: 0, resetChance: 0), walk: 0...6),
    Shape(name: "nested modals", generator: FlowGenerator(steps: 6, modalChance: 0.7, resetChance: 0), walk: 2...12),
    Shape(
      name: "resets and cycles", generator: FlowGenerator(steps: 7, maximumEdges: 4, resetChance: 0.3), walk: 0...10),
    Shape(
      name: "deep stacks", generator: FlowGenerator(steps: 8, maximumEdges: 2, modalChance: 0.2, resetChance: 0.05),
      walk: 10...25),
    Shape(name: "guarded", generator: FlowGenerator(steps: 6, guardChance: 0.5), walk: 0...8),
  ]

  @Test(arguments: shapes)
  func plannerMatchesExhaustiveSearch(shape: Shape) throws {
    var random = SeededRandom(seed: 0x5EED_0000 &+ UInt64(shape.name.utf8.count))
    var compared = 0
    var withoutRoute = 0
    for _ in 0..<50 {
      let flow = shape.generator.flow(using: &random)
      let planner = RoutePlanner(flow)
      let search = ExhaustiveSearch(flow)
      let complete = Set(flow.steps.map(\.id).filter { _ in random.chance(0.5) })
      for _ in 0..<5 {
        let state = FlowGenerator.randomState(in: flow, commands: random.int(in: shape.walk), using: &random)
        let target = flow.steps[random.int(in: 0..<flow.steps.count)].id
        let useGuards = random.chance(0.5)
        let isComplete: ((StepID) -> Bool)? = useGuards ? { complete.contains($0) } : nil
        let expected = search.shortest(from: state, to: target) { edge in
          !useGuards || edge.requires.allSatisfy(complete.contains)
        }
        let planned = planner.plan(from: state, to: target, isComplete: isComplete)
        let context =
          "\(shape.name): flow \(flow.steps.map { "\($0.id)(\($0.presentation))" }) from \(state) to \(target) guards \(useGuards)"
        switch (planned, expected) {
        case (.success(let route), let best?):
          #expect(route.length == best.length, "length: \(context): \(route)")
          #expect(route.backwardCount == best.backward, "backward: \(context): \(route)")
          try checkValid(route, in: flow, isComplete: isComplete, context: context)
        case (.failure, nil):
          withoutRoute += 1
        case (.success(let route), nil):
          Issue.record("planner found \(route) but exhaustive search found none: \(context)")
        case (.failure(let reason), let best?):
          Issue.record("planner found no route (\(reason)) but one of length \(best.length) exists: \(context)")
        }
        compared += 1
      }
    }
    #expect(compared == 250)
    #expect(withoutRoute < compared)
  }

  /// The compiled next-edge tables (taken when no guard is on the way) and the
  /// edge-by-edge scan (taken when one is) pick the same route: the first shortest
  /// path in row order. Every guard met sends guarded paths through the scan.
  @Test func compiledNextEdgesAndTheGuardedScanAgree() {
    var random = SeededRandom(seed: 0xA6_2EE5)
    let generator = FlowGenerator(steps: 9, maximumEdges: 4, modalChance: 0.3, resetChance: 0.05, guardChance: 0.4)
    var compared = 0
    for _ in 0..<60 {
      let flow = generator.flow(using: &random)
      let planner = RoutePlanner(flow)
      for _ in 0..<10 {
        let state = FlowGenerator.randomState(in: flow, commands: random.int(in: 0...10), using: &random)
        let target = flow.steps[random.int(in: 0..<flow.steps.count)].id
        let unguarded = try? planner.plan(from: state, to: target).get()
        let allMet = try? planner.plan(from: state, to: target, isComplete: { _ in true }).get()
        #expect(unguarded == allMet, "flow \(flow.steps.map(\.id)) from \(state) to \(target)")
        if unguarded != nil { compared += 1 }
      }
    }
    #expect(compared > 300)
  }

  /// Every command applies, every forward command is an enabled edge from the
  /// step on top, and the route ends on the target.
  private func checkValid(
    _ route: Route, in flow: Flow, isComplete: ((StepID) -> Bool)?, context: String
  ) throws {
    var state = route.from
    let graph = FlowGraph(flow)
    for command in route.commands {
      if let opened = command.opened {
        let edges = graph.edges(from: state.top).filter {
          $0.kind == .opens && $0.to == opened && $0.requires.allSatisfy { isComplete?($0) ?? true }
        }
        #expect(!edges.isEmpty, "no enabled edge \(state.top) -> \(opened): \(context)")
        let presentation = try #require(flow.step(opened)).presentation
        #expect(command == .opening(opened, as: presentation), "\(command): \(context)")
      }
      try state.apply(command)
    }
    #expect(state.top == route.target, "\(context)")
  }
}
