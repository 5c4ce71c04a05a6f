import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutSynthesis
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// `StoryGenerator` on the shipped flows and on small flows made to be hard:
/// every story replays, every pair is a story or an infeasible pair with a
/// reason, and regeneration is byte-identical.
@Suite struct StoryGeneratorTests {
  static let today = fixture(CalendarDate(year: 2026, month: 11, day: 21), "the date 2026-11-21")

  static func shipped(_ name: String) throws -> CompiledFlow {
    CompiledFlow(try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent(name).path))
  }

  /// The shipped flows' suites (seed 1), generated once for every test that reads them.
  static let shippedSuites: [String: StorySuite] = Dictionary(
    uniqueKeysWithValues: ["plndr.json", "express.json", "tickets.json"].map { name in
      (
        name,
        StoryGenerator(flow: fixture("the shipped flow \(name)") { try shipped(name) }, today: today, seed: 1)
          .generate()
      )
    })

  static func suite(_ flow: CompiledFlow, seed: UInt64 = 1) -> StorySuite {
    StoryGenerator(flow: flow, today: today, seed: seed).generate()
  }

  static func shippedSuite(_ name: String) -> StorySuite { fixture(shippedSuites[name], "the suite of \(name)") }

  static func texts(_ suite: StorySuite) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: suite.stories.map { ($0.fileName, $0.text(flowPath: "flow.json", today: suite.today)) })
  }

  @Test(arguments: ["plndr.json", "express.json"])
  func everyStoryOfAShippedFlowReplays(_ name: String) throws {
    let flow = try Self.shipped(name)
    let suite = Self.shippedSuite(name)
    let replayer = StoryReplayer(flow: flow)
    for story in suite.stories {
      let failure = replayer.replay(story.text(flowPath: name, today: suite.today))
      #expect(failure == nil, "\(story.fileName): \(failure?.description ?? "")")
    }
    // Action stories only where a submit declares an action (Express's 3-D Secure).
    let declaresActions = flow.flow.steps.flatMap(\.rows).contains { row in
      if case .submit(let submit)? = row.action { return !submit.actions.isEmpty }
      return false
    }
    #expect(Set(suite.stories.map(\.kind)) == Set(Story.Kind.allCases.filter { $0 != .action || declaresActions }))
    #expect(declaresActions == (name == "express.json"))
  }

  @Test(arguments: ["plndr.json", "express.json", "tickets.json"])
  func storiesAndInfeasiblePairsAreEveryPairOfTheMatrix(_ name: String) throws {
    let flow = try Self.shipped(name)
    let suite = Self.shippedSuite(name)
    let matrix = CoverageMatrix(flow.flow)
    // Each failing step and operation × the matchers of its operation (every matcher, unscoped).
    #expect(
      suite.pairs.count
        == matrix.origins.map { origin in flow.flow.errors.filter { $0.applies(to: origin.operation) }.count }
        .reduce(0, +))
    let storied = suite.stories.compactMap(\.pair)
    let infeasible = suite.infeasible.map(\.pair)
    #expect(Set(storied).isDisjoint(with: infeasible))
    #expect(Set(storied).union(infeasible) == Set(suite.pairs))
    #expect(storied.count + infeasible.count == suite.pairs.count)
    // Each matrix cell's pairs: one per matcher of the origin's operation resolving to its target.
    #expect(matrix.cells.map(\.matchers.count).reduce(0, +) == suite.pairs.count)
  }

  @Test func regenerationIsByteIdentical() throws {
    let flow = try Self.shipped("plndr.json")
    let first = Self.texts(Self.suite(flow))
    #expect(first == Self.texts(Self.suite(flow)))
    let other = Self.texts(Self.suite(flow, seed: 7))
    #expect(Set(other.keys) == Set(first.keys))
    #expect(other != first, "another seed draws other values")
  }

  @Test func anAPIStoryReadsAsTheShopperLivesIt() throws {
    let suite = Self.shippedSuite("plndr.json")
    let story = try #require(suite.stories.first { $0.name == "stepTwo--cvv_invalid" })
    let text = story.text(flowPath: "../../Flows/plndr.json", today: suite.today)
    #expect(text.hasPrefix(Story.generatedLine + "\n# placeOrder on stepTwo fails with cvv_invalid"))
    #expect(text.contains("\nflow ../../Flows/plndr.json\ntoday 2026-11-21\n"))
    for line in [
      "tap continue", "expect stack cart>stepOne>stepTwo",
      "api placeOrder fail cvv_invalid \"The checkout API says: cvv invalid.\"", "tap placeOrder",
      "expect offer creditCard.cvv", "accept", "expect route pop, present creditCard",
      "expect stack cart>stepOne|creditCard", "expect focus cvv", "api placeOrder ok", "expect at confirmation",
    ] {
      #expect(story.lines.contains(line), "\(line)")
    }
    #expect(story.lines.contains { $0.hasPrefix("set cvv ") && $0.hasSuffix("# a new valid value") })
  }

  /// PLNDR's billing ZIP is hidden while billing is the shipping address: the story
  /// makes it show (and fills the billing rows it brings) before the API's error,
  /// so the engine offers it on the row, and expects the focus and the error there.
  @Test func anErrorOnAHiddenRowIsSeenOnceTheShopperMakesTheRowShow() throws {
    let suite = Self.shippedSuite("plndr.json")
    let story = try #require(suite.stories.first { $0.name == "stepTwo--field-billing.zip" })
    let lines = story.lines
    let shows = try #require(lines.firstIndex(of: "set billingSame off"), "\(lines)")
    let failed = try #require(lines.firstIndex { $0.hasPrefix("api placeOrder fail ") })
    let focus = try #require(lines.firstIndex(of: "expect focus billingZip"))
    #expect(shows < failed && failed < focus, "\(lines)")
    #expect(lines.contains("expect offer address.billingZip"))
    #expect(lines[focus + 1] == #"expect error billingZip "Please check the ZIP code of your billing address.""#)
    #expect(lines.contains { $0.hasPrefix("# address.billingZip shows when Billing address same as shipping is off:") })
  }

  @Test func errorCodesFitTheirMatchers() throws {
    let flow = try Self.shipped("plndr.json")
    let suite = Self.shippedSuite("plndr.json")
    let resolver = ErrorResolver(flow.flow)
    for story in suite.stories {
      guard let pair = story.pair else { continue }
      let apiLine = try #require(story.lines.first { $0.hasPrefix("api \(pair.operation) fail ") })
      let words = apiLine.split(separator: " ").map(String.init)
      let field = words.first { $0.hasPrefix("field=") }.map { String($0.dropFirst(6)) }
      let error = APIError(code: words[3], field: field)
      // The code (and field) reach exactly this pair's matcher: first match wins.
      #expect(resolver.matcher(for: error) == flow.flow.errors[pair.matcher], "\(apiLine)")
      switch flow.flow.errors[pair.matcher].code {
      case .prefix(let prefix)?: #expect(error.code.hasPrefix(prefix) && error.code != "card_declined")
      case .any?: #expect(!flow.flow.errors.dropLast().contains { $0.matches(code: error.code, field: nil) })
      case nil: #expect(field == flow.flow.errors[pair.matcher].field)
      case .exact?: break
      }
    }
  }

  @Test func oneStoryHasTwoErrorsInOneResponseAndTheSecondIsQueued() throws {
    let suite = Self.shippedSuite("plndr.json")
    let story = try #require(suite.stories.first { $0.kind == .queuedErrors })
    let apiLine = try #require(story.lines.first { $0.hasPrefix("api placeOrder fail") })
    #expect(apiLine.contains(" ; "))
    #expect(story.lines.filter { $0 == "accept" }.count == 2)
    #expect(story.lines.filter { $0.hasPrefix("expect offer ") }.count == 2)
  }

  @Test func localStoriesCoverEachValidatedRowAndRule() throws {
    let suite = Self.shippedSuite("plndr.json")
    let names = Set(suite.stories.filter { $0.kind == .localValidation }.map(\.name))
    for name in [
      "local--creditCard.expiry--expiry", "local--creditCard.number--luhn", "local--creditCard.cvv--pattern",
      "local--address.zip--pattern", "local--address.name--maxLength", "local--cart.quantity--required",
      "local--address.billingZip--pattern",
    ] {
      #expect(names.contains(name), "\(name)")
    }
    let expiry = try #require(suite.stories.first { $0.name == "local--creditCard.expiry--expiry" })
    let call = try #require(expiry.lines.firstIndex { $0.hasPrefix("tap placeOrder") })
    #expect(expiry.lines[call + 1] == "expect effect offer creditCard.expiry", "offered before any call")
    #expect(suite.unwritten.isEmpty, "\(suite.unwritten)")
  }

  @Test func toursTakeEveryOpeningRowAndEveryBackOrClose() throws {
    let flow = try Self.shipped("plndr.json")
    let suite = Self.shippedSuite("plndr.json")
    let tours = suite.stories.filter { $0.kind == .tour }
    #expect(!tours.isEmpty)
    #expect(suite.untoured.isEmpty, "\(suite.untoured)")
    // Every tap or back is followed by the whole stack.
    for tour in tours {
      for (index, line) in tour.lines.enumerated() where line.hasPrefix("tap ") || line == "back" {
        #expect(tour.lines[index + 1].hasPrefix("expect stack "), "\(tour.name): \(line)")
      }
    }
    // Every row that opens a step is tapped in some tour (from its own step).
    let tapped = Set(tours.flatMap(\.lines).filter { $0.hasPrefix("tap ") }.map { String($0.dropFirst(4)) })
    for step in flow.flow.steps {
      for row in step.rows where row.opens != nil || row.action == .close {
        #expect(tapped.contains(row.id.rawValue), "\(step.id).\(row.id)")
      }
    }
    #expect(tours.flatMap(\.lines).contains("back"))
  }
}
