import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutSynthesis
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// The generated stories catch regressions: stories generated on the PLNDR flow,
/// replayed against a flow broken in one way, fail at a line that names the change.
/// And a flow whose guards or rules can never be met gets infeasible pairs with
/// their reasons, not a crash.
@Suite struct StoryGeneratorRegressionTests {
  static let today = StoryGeneratorTests.today

  /// The PLNDR stories, generated once on the unbroken flow.
  static let original: (flow: Flow, suite: StorySuite) = {
    let flow = fixture("the shipped flow plndr.json") {
      try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent("plndr.json").path)
    }
    return (flow, StoryGenerator(flow: CompiledFlow(flow), today: today, seed: 1).generate())
  }()

  /// Replays the old stories on a broken flow: the failure of each story, by name.
  static func replay(on broken: Flow) -> [String: StoryReplayer.Failure] {
    let replayer = StoryReplayer(flow: CompiledFlow(broken))
    var failures: [String: StoryReplayer.Failure] = [:]
    for story in original.suite.stories {
      if let failure = replayer.replay(story.text(flowPath: "plndr.json", today: today)) {
        failures[story.name] = failure
      }
    }
    return failures
  }

  static func index(of step: StepID, in flow: Flow) -> Int {
    fixture(flow.steps.firstIndex { $0.id == step }, "the step \(step) in \(flow.id)")
  }

  @Test func theUnbrokenFlowReplaysGreen() {
    #expect(Self.replay(on: Self.original.flow).isEmpty)
  }

  @Test func anEdgeRemovedChangesTheRoute() throws {
    var flow = Self.original.flow
    let stepTwo = Self.index(of: "stepTwo", in: flow)
    flow.steps[stepTwo].rows.removeAll { $0.id == "discount" }  // Step Two no longer opens the discount code
    let failures = Self.replay(on: flow)
    let failure = try #require(failures["stepTwo--discount_invalid"])
    #expect(failure.text == "expect route present discount")
    #expect(failure.message.contains("actual route pop, pop, present discount"))
    #expect(failures["stepTwo--cvv_invalid"] == nil, "stories that do not pass the edge still hold")
  }

  @Test func aMatchersRowChanged() throws {
    var flow = Self.original.flow
    let cvv = flow.errors.firstIndex { $0.code == .exact("cvv_invalid") }!
    flow.errors[cvv].row = "number"
    let failures = Self.replay(on: flow)
    let failure = try #require(failures["stepTwo--cvv_invalid"])
    #expect(failure.text == "expect offer creditCard.cvv")
    #expect(failure.message.contains("actual offer creditCard.number"))
    #expect(failures["stepTwo--address_zip_invalid"] == nil)
  }

  @Test func aRuleTightened() throws {
    var flow = Self.original.flow
    let creditCard = Self.index(of: "creditCard", in: flow)
    let cvv = flow.steps[creditCard].rows.firstIndex { $0.id == "cvv" }!
    flow.steps[creditCard].rows[cvv].rules = [
      Rule(.required), Rule(.pattern("^[0-9]{5}$"), message: "Enter all 5 digits."),
    ]
    let failures = Self.replay(on: flow)
    let failure = try #require(failures["stepTwo--cvv_invalid"])
    // The CVV the old story typed no longer completes the card: the guard says why.
    #expect(failure.text == "tap continue")
    #expect(failure.message.contains("Enter all 5 digits."))
    #expect(failures.count > 40, "every story that walks past the card fails")
  }

  @Test func aGuardAdded() throws {
    var flow = Self.original.flow
    let cart = Self.index(of: "cart", in: flow)
    let discount = flow.steps[cart].rows.firstIndex { $0.id == "discount" }!
    flow.steps[cart].rows[discount].requires = ["creditCard"]
    let failures = Self.replay(on: flow)
    let failure = try #require(failures["discount--discount_invalid"])
    #expect(failure.text == "tap discount")
    #expect(failure.message.contains("Complete \"Credit Card\" first."))
    #expect(failures["stepTwo--cvv_invalid"] == nil)
  }

  @Test func aFailureNeverShowsAValueTyped() throws {
    var flow = Self.original.flow
    let creditCard = Self.index(of: "creditCard", in: flow)
    let cvv = flow.steps[creditCard].rows.firstIndex { $0.id == "cvv" }!
    // A set of the old value is now refused.
    flow.steps[creditCard].rows[cvv].cell = .picker(
      bind: "payment.card.cvv", options: .list([PickerOption(value: "none")]))
    let story = try #require(Self.original.suite.stories.first { $0.name == "stepTwo--cvv_invalid" })
    let typed = try #require(story.lines.first { $0.hasPrefix("set cvv ") }).split(separator: " ")[2]
    let failure = try #require(
      StoryReplayer(flow: CompiledFlow(flow)).replay(story.text(flowPath: "p", today: Self.today)))
    #expect(failure.text == "set cvv •••")
    #expect(!failure.description.contains(typed))
  }

  // MARK: Infeasible pairs

  static let blocked = """
    {
      "format": 1, "id": "blocked", "title": "Blocked", "start": "cart",
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "kind", "cell": "picker", "title": "Kind", "bind": "promo.kind",
            "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }] },
          { "id": "promo", "cell": "disclosure", "title": "Promo", "opens": "promo",
            "enabledWhen": { "all": [{ "key": "promo.kind", "equals": "a" }, { "key": "promo.kind", "equals": "b" }] } },
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "card" },
          { "id": "checkout", "cell": "button", "title": "Checkout", "opens": "review", "requires": ["card"] } ] },
        { "id": "card", "title": "Card", "presentation": "modal", "rows": [
          { "id": "code", "cell": "text", "title": "Code", "bind": "payment.code",
            "rules": ["required", "digits", { "pattern": "^[a-z]+$" }] },
          { "id": "done", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "review", "title": "Review", "rows": [
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks" } ] },
        { "id": "promo", "title": "Promo", "presentation": "modal", "rows": [
          { "id": "apply", "cell": "button", "title": "Apply", "submit": "applyPromo" },
          { "id": "close", "cell": "button", "title": "Close", "action": "close" } ] },
        { "id": "thanks", "title": "Thanks", "presentation": "reset", "rows": [] }
      ],
      "errors": [
        { "code": "card_*", "step": "card", "row": "code" },
        { "code": "card_declined", "step": "card", "row": "code" },
        { "code": "*", "step": "cart" }
      ]
    }
    """

  @Test func guardsThatNeverHoldAndRulesNoValueMeetsMakeInfeasiblePairs() throws {
    let flow = try FlowLoader().load(json: Self.blocked, file: "blocked.json")
    let suite = StoryGenerator(flow: CompiledFlow(flow), today: Self.today).generate()
    #expect(suite.pairs.count == 6)
    #expect(suite.stories.filter { $0.pair != nil }.isEmpty)
    #expect(suite.infeasible.count == 6)
    let reasons = Dictionary(grouping: suite.infeasible, by: \.pair.origin).mapValues { $0.map(\.reason) }
    for reason in reasons["review"] ?? [] {
      #expect(reason.contains("card.code"), "\(reason)")
      #expect(reason.contains("no value satisfies"), "\(reason)")
    }
    for reason in reasons["promo"] ?? [] {
      #expect(reason.contains("cart.promo enabledWhen"), "\(reason)")
      #expect(reason.contains("can never hold"), "\(reason)")
    }
    #expect(reasons["review"]?.count == 3 && reasons["promo"]?.count == 3)
  }

  /// The review step is reached only through a submit whose guard needs a code
  /// its own row refuses: its pair is infeasible, for the reason lint gives.
  static let refusedGuard = """
    {
      "format": 1, "id": "refused", "title": "Refused", "start": "cart",
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "code", "cell": "text", "title": "Code", "bind": "order.code", "rules": ["digits"] },
          { "id": "reserve", "cell": "button", "title": "Reserve", "submit": "reserve", "then": "review",
            "enabledWhen": { "key": "order.code", "equals": "FREE" } } ] },
        { "id": "review", "title": "Review", "rows": [
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks" } ] },
        { "id": "thanks", "title": "Thanks", "presentation": "reset", "rows": [] }
      ],
      "errors": [{ "code": "*", "step": "cart" }]
    }
    """

  @Test func aStepOnlyASubmitItsChecksBlockLeadsToIsInfeasible() throws {
    let flow = try FlowLoader().load(json: Self.refusedGuard, file: "refused.json")
    let suite = StoryGenerator(flow: CompiledFlow(flow), today: Self.today).generate()
    #expect(suite.stories.filter { $0.pair != nil }.isEmpty)
    // The pair on cart itself: the walk stops at the submit, for lint's reason.
    let cart = try #require(suite.infeasible.first { $0.pair.origin == "cart" })
    #expect(
      cart.reason.hasSuffix(
        #"cart.reserve never calls reserve: "order.code" would have to be "FREE", which row "code" on step "cart" refuses ("Code must contain digits only")"#
      ), "\(cart.reason)")
    let review = try #require(suite.infeasible.first { $0.pair.origin == "review" })
    #expect(
      review.reason.contains(
        #"cart.reserve never calls reserve: "order.code" would have to be "FREE", which row "code" on step "cart" refuses"#
      ), "\(review.reason)")
  }

  @Test func aMatcherNoErrorReachesIsInfeasible() throws {
    var flow = try FlowLoader().load(json: Self.blocked, file: "blocked.json")
    let cart = Self.index(of: "cart", in: flow)
    flow.steps[cart].rows.removeAll { $0.id == "promo" || $0.id == "checkout" }
    flow.steps[cart].rows.append(
      Row(id: "pay", cell: .button(.submit(Submit(operation: "placeOrder"))), title: "Pay"))
    let suite = StoryGenerator(flow: CompiledFlow(flow), today: Self.today).generate()
    let shadowed = try #require(suite.infeasible.first { $0.pair.matcher == 1 })
    #expect(shadowed.reason.contains("no error reaches matcher 2"))
    #expect(shadowed.reason.contains("card_*"))
  }
}
