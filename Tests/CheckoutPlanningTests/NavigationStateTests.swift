import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning

@Suite struct NavigationStateTests {
  @Test(arguments: [
    ("cart", NavigationCommand.push("stepOne"), "cart>stepOne"),
    ("cart>stepOne", .present("creditCard"), "cart>stepOne|creditCard"),
    ("cart>stepOne|creditCard", .push("billing"), "cart>stepOne|creditCard>billing"),
    ("cart>stepOne>stepTwo", .pop, "cart>stepOne"),
    ("cart>stepOne|creditCard>billing", .pop, "cart>stepOne|creditCard"),
    ("cart>stepOne|sheet>detail|nested", .dismiss, "cart>stepOne|sheet>detail"),
    ("cart>stepOne|sheet>detail", .dismiss, "cart>stepOne"),
    ("cart>stepOne|sheet", .reset("confirmation"), "confirmation"),
  ])
  func commandsApplyAsDefined(from: String, command: NavigationCommand, expected: String) throws {
    let state = try NavigationState(parsing: from)
    #expect(try state.applying(command).description == expected)
  }

  @Test func popNeedsTwoStepsInTheTopLayerAndDismissNeedsAModal() throws {
    let modal = try NavigationState(parsing: "cart>stepOne|creditCard")
    #expect(throws: NavigationError.self) { try modal.applying(.pop) }
    #expect(
      (try? modal.applying(.pop)) == nil
        && NavigationError(command: .pop, state: modal).description
          == "cannot pop on cart>stepOne|creditCard: the top layer holds one step (dismiss a modal instead)"
    )
    let root = NavigationState(root: "cart")
    #expect(throws: NavigationError.self) { try root.applying(.dismiss) }
    #expect(throws: NavigationError.self) { try root.applying(.pop) }
  }

  @Test func notationRoundTripsAndRejectsNonsense() throws {
    for text in ["cart", "cart>stepOne>stepTwo|discount", "a|b|c>d"] {
      #expect(try NavigationState(parsing: text).description == text)
    }
    #expect(try NavigationState(parsing: "cart>stepOne|creditCard").layers == [["cart", "stepOne"], ["creditCard"]])
    for bad in ["", "cart>", "|cart", "cart>>stepOne", "cart>step one", "2fa"] {
      #expect(throws: NavigationStateSyntaxError.self, "\(bad)") { try NavigationState(parsing: bad) }
    }
    #expect(
      throws: NavigationStateSyntaxError(
        text: "cart>",
        message: "empty step name; write steps joined by '>' and layers joined by '|', like cart>stepOne|creditCard")
    ) { try NavigationState(parsing: "cart>") }
  }

  @Test func commandsAndStatesEncodeAsTheirNotation() throws {
    let route = Route(
      from: try NavigationState(parsing: "cart>stepOne>stepTwo"), target: "creditCard",
      commands: [.pop, .present("creditCard")])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(route), as: UTF8.self)
    #expect(json == #"{"commands":["pop","present creditCard"],"from":"cart>stepOne>stepTwo","target":"creditCard"}"#)
    #expect(try JSONDecoder().decode(Route.self, from: Data(json.utf8)) == route)
    #expect(NavigationCommand(parsing: "reset confirmation") == .reset("confirmation"))
    #expect(NavigationCommand(parsing: "jump cart") == nil)
    #expect(NavigationCommand(parsing: "pop now") == nil)
  }
}

/// Layer marks are held inline up to 64 steps and as a list beyond: both forms
/// must behave the same and compare equal for equal states.
@Suite struct NavigationStateLayerTests {
  /// A state of `count` steps, a modal every `every` steps.
  func deep(_ count: Int, modalEvery every: Int) throws -> NavigationState {
    var state = NavigationState(root: "s0")
    for index in 1..<count {
      try state.apply(index % every == 0 ? .present(StepID("s\(index)")) : .push(StepID("s\(index)")))
    }
    return state
  }

  @Test func deepStatesKeepEveryLayer() throws {
    for count in [63, 64, 65, 66, 130] {
      let state = try deep(count, modalEvery: 7)
      let expectedStarts = [0] + stride(from: 7, to: count, by: 7).map { $0 }
      #expect(state.layerStarts == expectedStarts, "\(count) steps")
      #expect(state.layerCount == expectedStarts.count && state.topLayerStart == expectedStarts.last)
      #expect(try NavigationState(parsing: state.description) == state, "\(count) steps: parsed equals built")
      #expect(NavigationState(layers: state.layers) == state)
    }
  }

  @Test func dismissingBackUnder64StepsEqualsAStateBuiltThere() throws {
    var state = try deep(70, modalEvery: 5)  // a layer starts at 65
    try state.apply(.dismiss)  // the layer at 65 goes: 65 steps, top layer starts at 60
    try state.apply(.dismiss)  // 60 steps
    #expect(state == (try deep(60, modalEvery: 5)))
    #expect(state.hashValue == (try deep(60, modalEvery: 5)).hashValue)
    try state.apply(.present("x"))
    #expect(state.description.hasSuffix("|x"))
  }

  @Test func topAfterACommandMatchesApplyingIt() throws {
    let states = ["cart", "cart>stepOne", "cart>stepOne|creditCard", "a|b>c|d>e>f"].map {
      try! NavigationState(parsing: $0)
    }
    let commands: [NavigationCommand] = [.pop, .dismiss, .push("x"), .present("y"), .reset("z")]
    for state in states {
      for command in commands {
        #expect(state.top(after: command) == (try? state.applying(command))?.top, "\(command) on \(state)")
      }
    }
  }

  @Test func truncatingGoesBackToTheTopmostOccurrence() throws {
    let state = try NavigationState(parsing: "cart>stepOne>stepTwo|discount>stepOne|sheet")
    #expect(state.truncated(to: "stepOne")?.description == "cart>stepOne>stepTwo|discount>stepOne")
    #expect(state.truncated(to: "stepTwo")?.description == "cart>stepOne>stepTwo")
    #expect(state.truncated(to: "sheet") == state)
    #expect(state.truncated(to: "cart")?.description == "cart")
    #expect(state.truncated(to: "missing") == nil)
    let deepState = try deep(80, modalEvery: 9)
    #expect(deepState.truncated(to: "s10") == (try deep(11, modalEvery: 9)))
  }
}
