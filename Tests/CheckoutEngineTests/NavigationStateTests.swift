import CheckoutEngine
import Foundation
import Testing

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
          == "cannot pop on cart>stepOne|creditCard: the top layer holds one step (dismiss a modal instead)")
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
    let route = Route(from: try NavigationState(parsing: "cart>stepOne>stepTwo"), target: "creditCard",
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
