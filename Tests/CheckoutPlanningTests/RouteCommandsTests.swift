import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutPlanning

/// A route read off the compiled tables holds no list of commands; it must read,
/// compare, hash, encode and drive exactly like the same route held as a list.
@Suite struct RouteCommandsTests {
  let flow = ShippedFlows.plndr

  @Test func aCompiledRouteReadsAsItsCommands() throws {
    let planner = RoutePlanner(flow)
    let route = try planner.plan(from: NavigationState(parsing: "cart>stepOne>stepTwo|discount"), to: "creditCard")
      .get()
    let listed: RouteCommands = [.dismiss, .pop, .present("creditCard")]
    #expect(Array(route.commands) == Array(listed))
    #expect(route.commands == listed)
    #expect(route.commands.count == 3 && !route.commands.isEmpty)
    #expect(route.commands.first == .dismiss)
    #expect(Array(route.commands.dropFirst()) == [.pop, .present("creditCard")])
    #expect(route.commands.description == "dismiss, pop, present creditCard")
    #expect(route.backwardCount == 2)
    var hasher = Hasher(), listedHasher = Hasher()
    route.commands.hash(into: &hasher)
    listed.hash(into: &listedHasher)
    #expect(hasher.finalize() == listedHasher.finalize())
    #expect(Set([route.commands, listed]).count == 1)
  }

  @Test func indicesWalkForwardAndCountFromTheStart() throws {
    let planner = RoutePlanner(flow)
    let route = try planner.plan(from: NavigationState(parsing: "cart|discount"), to: "creditCard").get()
    #expect(route.description == "dismiss, push stepOne, present creditCard")
    let commands = route.commands
    var index = commands.startIndex
    var read: [NavigationCommand] = []
    while index != commands.endIndex {
      #expect(index.offset == read.count)
      read.append(commands[index])
      index = commands.index(after: index)
    }
    #expect(read == [.dismiss, .push("stepOne"), .present("creditCard")])
    #expect(commands[commands.index(commands.startIndex, offsetBy: 2)] == .present("creditCard"))
    #expect(commands.distance(from: commands.startIndex, to: commands.endIndex) == 3)
  }

  @Test func droppingTheFirstCommandKeepsTheRest() throws {
    let planner = RoutePlanner(flow)
    let compiled = try planner.plan(from: NavigationState(parsing: "cart>stepOne>stepTwo|discount"), to: "creditCard")
      .get()
      .commands
    for commands in [compiled, RouteCommands(Array(compiled))] {
      var rest = commands
      var seen: [NavigationCommand] = []
      while let first = rest.first {
        seen.append(first)
        rest = rest.droppingFirst()
        #expect(rest.count == 3 - seen.count)
        #expect(Array(rest) == Array(Array(commands).dropFirst(seen.count)))
      }
      #expect(seen == [.dismiss, .pop, .present("creditCard")])
      #expect(rest.droppingFirst().isEmpty)
    }
  }

  @Test func anEmptyRouteAndAnAlreadyThereRouteAreEmpty() throws {
    let planner = RoutePlanner(flow)
    let route = try planner.plan(from: NavigationState(parsing: "cart>stepOne"), to: "stepOne").get()
    #expect(route.commands.isEmpty && route.commands == [] && route.description == "(already there)")
    #expect(RouteCommands([]).description == "(none)")
  }

  @Test func compiledRoutesEncodeAndDecodeAsLists() throws {
    let planner = RoutePlanner(flow)
    let route = try planner.plan(from: NavigationState(parsing: "cart>stepOne>stepTwo"), to: "creditCard").get()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(route), as: UTF8.self)
    #expect(json == #"{"commands":["pop","present creditCard"],"from":"cart>stepOne>stepTwo","target":"creditCard"}"#)
    #expect(try JSONDecoder().decode(Route.self, from: Data(json.utf8)) == route)
  }

  /// A compiled route outlives its planner: it keeps the tables it reads.
  @Test func aRouteOutlivesItsPlanner() throws {
    var route: Route?
    do {
      let planner = RoutePlanner(flow)
      route = try planner.plan(from: NavigationState(parsing: "cart>stepOne>stepTwo|discount"), to: "creditCard").get()
    }
    #expect(route.map { Array($0.commands) } == [.dismiss, .pop, .present("creditCard")])
  }

  /// On seeded random flows and states, every compiled route equals the list of
  /// its own commands, and applying them ends on the target.
  @Test func compiledRoutesEqualTheirListsOnRandomFlows() throws {
    var random = SeededRandom(seed: 0xC0_11EC7)
    let generator = FlowGenerator(steps: 12, maximumEdges: 3, modalChance: 0.3, resetChance: 0.05)
    var checked = 0
    for _ in 0..<40 {
      let generated = generator.flow(using: &random)
      let planner = RoutePlanner(generated)
      for _ in 0..<10 {
        let state = FlowGenerator.randomState(in: generated, commands: random.int(in: 0...12), using: &random)
        let target = generated.steps[random.int(in: 0..<generated.steps.count)].id
        guard let route = try? planner.plan(from: state, to: target).get() else { continue }
        let listed = Route(from: route.from, target: route.target, commands: Array(route.commands))
        #expect(route == listed)
        #expect(route.hashValue == listed.hashValue)
        #expect(route.commands.count == Array(route.commands).count)
        #expect(route.destination.top == target)
        checked += 1
      }
    }
    #expect(checked > 200)
  }
}
