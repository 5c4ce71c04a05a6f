import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

extension StoryGenerator {
  /// One move from one step, as tours cover them: a row that opens, a close row, back.
  struct TourEdge: Hashable, Sendable, CustomStringConvertible {
    var step: StepID
    var move: WalkPlanner.Move

    var description: String {
      switch move {
      case .open(let row), .close(let row), .submit(let row, _): return "\(step): tap \(row)"
      case .back: return "\(step): back"
      }
    }
  }

  /// Tours that together take every opening row, every close row and back from every
  /// step where it can be pressed (edge coverage), with `expect stack` after each
  /// move; and the moves no tour could take, with the reason.
  func tourStories() -> (stories: [Story], untoured: [String]) {
    var uncovered = tourEdges()
    var untoured: [String] = []
    var stories: [Story] = []
    while !uncovered.isEmpty, stories.count < 50 {
      var driver = newTourDriver()
      var covered = 0
      var moves = 0
      var blocked = false
      tour: while moves < movesPerTour {
        let pending = uncovered
        let available: (NavigationState) -> TourEdge? = { state in
          walker.edges(from: state, includeBack: true).lazy.map { TourEdge(step: state.top, move: $0.move) }
            .first { pending.contains($0) }
        }
        guard let walk = walker.walk(from: driver.session.navigation, to: { available($0) != nil }),
          let goal = available(walk.last?.to ?? driver.session.navigation)
        else { break }
        for edge in walk.map(\.move) + [goal.move] {
          let taken = TourEdge(step: driver.session.navigation.top, move: edge)
          do {
            try driver.take(edge)
          } catch {
            // The move, and the one the walk was heading for, are left out of every
            // later tour (so each block shrinks what is left).
            for edge in Set([taken, goal]) where uncovered.remove(edge) != nil {
              untoured.append(
                edge == taken
                  ? "\(taken): \(error.reason)" : "\(edge): the walk there is blocked at \(taken): \(error.reason)")
            }
            blocked = true
            break tour
          }
          moves += 1
          if uncovered.remove(taken) != nil { covered += 1 }
        }
      }
      if covered == 0 {
        if blocked { continue }
        // Nothing new from the start: what is left cannot be reached.
        untoured += uncovered.sorted { $0.description < $1.description }.map {
          "\($0): no walk from the start reaches it"
        }
        break
      }
      let number = stories.count + 1
      stories.append(
        Story(
          name: "tour-\(number)", kind: .tour,
          summary:
            "Edge tour \(number): taps rows that open steps, closes them and goes back, checking the whole navigation stack after each move.",
          lines: driver.recorder.lines))
    }
    return (stories, untoured)
  }

  private func newTourDriver() -> StoryDriver {
    var driver = StoryDriver(recorder: StoryRecorder(flow: flow, today: today), walker: walker, values: values)
    driver.expectStackAfterMoves = true
    return driver
  }

  /// Every opening row, close row and back move of the states reachable from the
  /// start, in the order a breadth-first search meets them.
  private func tourEdges() -> OrderedEdges {
    var edges = OrderedEdges()
    let start = NavigationState(root: flow.flow.start)
    var frontier = [start]
    var seen: Set<NavigationState> = [start]
    let depthLimit = flow.flow.steps.count + 1
    while !frontier.isEmpty, seen.count < walker.stateLimit {
      var next: [NavigationState] = []
      for state in frontier {
        for edge in walker.edges(from: state, includeBack: true) {
          if case .submit = edge.move {} else { edges.insert(TourEdge(step: state.top, move: edge.move)) }
          guard edge.to.steps.count <= depthLimit, seen.insert(edge.to).inserted else { continue }
          next.append(edge.to)
        }
      }
      frontier = next
    }
    return edges
  }
}

/// A set of tour edges that remembers the order they were found in.
struct OrderedEdges {
  private var order: [StoryGenerator.TourEdge] = []
  private var members: Set<StoryGenerator.TourEdge> = []

  var isEmpty: Bool { members.isEmpty }

  mutating func insert(_ edge: StoryGenerator.TourEdge) {
    if members.insert(edge).inserted { order.append(edge) }
  }

  func contains(_ edge: StoryGenerator.TourEdge) -> Bool { members.contains(edge) }

  @discardableResult
  mutating func remove(_ edge: StoryGenerator.TourEdge) -> StoryGenerator.TourEdge? {
    guard members.remove(edge) != nil else { return nil }
    order.removeAll { $0 == edge }
    return edge
  }

  func sorted(by order: (StoryGenerator.TourEdge, StoryGenerator.TourEdge) -> Bool) -> [StoryGenerator.TourEdge] {
    self.order.sorted(by: order)
  }
}
