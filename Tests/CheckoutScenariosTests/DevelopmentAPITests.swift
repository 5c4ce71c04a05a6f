import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSynthesis
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// The development API fills what a submit `provides` when no data is scripted.
@Suite struct DevelopmentAPITests {
  /// `order-confirmed.scenario` with its `api` line changed, run through a host.
  static func replayOrderConfirmed(apiLine: String) throws -> ScenarioHost {
    let url = ScenarioReplayTests.scenarioFolder.appendingPathComponent("order-confirmed.scenario")
    let text = try String(contentsOf: url, encoding: .utf8)
      .replacingOccurrences(of: "api placeOrder ok order.number=PL-20261121-0042", with: apiLine)
      .replacingOccurrences(of: "expect value order.number PL-20261121-0042\n", with: "")
    var host = ScenarioHost(baseDirectory: ScenarioReplayTests.scenarioFolder.path)
    for (line, command) in try ScenarioParser.parseScript(text) {
      let outcome = host.run(command)
      #expect(
        outcome.problem == nil && outcome.failure == nil,
        "line \(line): \(outcome.problem ?? outcome.failure?.description ?? "")")
    }
    return host
  }

  @Test func anUnscriptedSuccessFillsTheOrderNumberTheSubmitProvides() throws {
    let host = try Self.replayOrderConfirmed(apiLine: "api placeOrder ok")
    let session = try #require(host.session)
    #expect(session.navigation.description == "confirmation")
    let number = try #require(session.value(for: "order.number")?.displayText)
    #expect(number.wholeMatch(of: /PL-[0-9]{6}/) != nil, "\(number)")
    #expect(session.screen.row("thanks")?.detail == "Order number \(number)")
    // The same on every run.
    #expect(
      try Self.replayOrderConfirmed(apiLine: "api placeOrder ok").session?.value(for: "order.number") == .string(number)
    )
  }

  @Test func scriptedDataWinsForTheKeysItGives() throws {
    let host = try Self.replayOrderConfirmed(apiLine: "api placeOrder ok order.number=A-7731 note=gift")
    #expect(host.session?.value(for: "order.number") == .string("A-7731"))
    #expect(host.session?.screen.row("thanks")?.detail == "Order number A-7731")
  }

  @Test func standInsAreDeterministicAndShapedByTheKey() {
    let number = DevelopmentAPI.standIn(for: "order.number", operation: "placeOrder", flow: "plndr")
    #expect(number == DevelopmentAPI.standIn(for: "order.number", operation: "placeOrder", flow: "plndr"))
    #expect(number.displayText.wholeMatch(of: /PL-[0-9]{6}/) != nil)
    #expect(
      DevelopmentAPI.standIn(for: "order.number", operation: "confirmPayment", flow: "express").displayText.hasPrefix(
        "EX-"))
    #expect(
      DevelopmentAPI.standIn(for: "shipment.trackingNumber", operation: "ship", flow: "plndr").displayText.hasPrefix(
        "PL-"))
    let url = DevelopmentAPI.standIn(for: "receipt.url", operation: "placeOrder", flow: "plndr").displayText
    #expect(url.wholeMatch(of: /url-[0-9]{6}/) != nil, "\(url)")
    #expect(
      DevelopmentAPI.standIn(for: "order.paid", operation: "placeOrder", flow: "plndr").displayText.hasPrefix("paid-"))
  }

  /// A provided key a value row binds (an API that corrects what the shopper
  /// typed) keeps the shopper's value unless the script gives one (was: `api
  /// validateAddress ok` replaced the typed street with `street-535892`).
  @Test func aProvidedKeyTheShopperTypesGetsNoStandIn() throws {
    let path = ScenarioReplayTests.packageRoot.appendingPathComponent("Flows/plndr.json").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(
        of: #""provides": ["order.number"]"#, with: #""provides": ["order.number", "payment.card.name"]"#)
    let flow = try FlowLoader().load(json: text)
    guard case .apiSucceeded(_, let values) = DevelopmentAPI.event(.succeeded([:]), for: "placeOrder", in: flow)
    else {
      Issue.record("a success became something else")
      return
    }
    #expect(Set(values.keys) == ["order.number"], "\(values)")
    guard
      case .apiSucceeded(_, let scripted) = DevelopmentAPI.event(
        .succeeded(["payment.card.name": .string("ADA LOVELACE")]), for: "placeOrder", in: flow)
    else {
      Issue.record("a success became something else")
      return
    }
    #expect(scripted["payment.card.name"] == .string("ADA LOVELACE"))
  }

  @Test func onlyKeysTheOperationsSubmitsProvideAreFilled() throws {
    let flow = try FlowLoader().load(
      contentsOf: ScenarioReplayTests.packageRoot.appendingPathComponent("Flows/plndr.json").path)
    guard case .apiSucceeded(_, let values) = DevelopmentAPI.event(.succeeded([:]), for: "applyDiscount", in: flow)
    else {
      Issue.record("a success became something else")
      return
    }
    #expect(values.isEmpty, "applyDiscount provides nothing")
    guard
      case .apiFailed(_, let errors) = DevelopmentAPI.event(.failed([APIError(code: "x")]), for: "placeOrder", in: flow)
    else {
      Issue.record("a failure became something else")
      return
    }
    #expect(errors.map(\.code) == ["x"])
  }
}
