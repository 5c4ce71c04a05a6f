import CheckoutEngine
import Foundation
import CheckoutTestSupport
import Testing

/// A `set` names a row or a key in its type; only keys a value row binds can be
/// set; and a secret copied by one instance is used only while no other instance
/// changed or cleared it.
@Suite struct DataSafetyTests {
  static let compiled = ShippedFlows.plndrCompiled

  /// The effects' refusal reason, if any.
  static func refusal(_ effects: [Effect]) -> String? {
    effects.lazy.compactMap(\.refusal?.message).first
  }

  // MARK: Typed set

  @Test func aRowOfANamedStepIsSetAsOnItsOwnScreen() {
    var session = CheckoutSession(flow: Self.compiled, today: ShippedFlows.today)
    #expect(session.send(.set(.row("zip", on: "address"), .string("9720"))) == [])
    #expect(session.value(for: "shipping.zip") == .string("9720"))
    #expect(session.rowErrors[CheckoutSession.RowRef(step: "address", row: "zip")] != nil, "validated by its rules")
  }

  @Test func anUnknownRowOrStepIsRefusedWithTheChoices() {
    var session = CheckoutSession(flow: Self.compiled, today: ShippedFlows.today)
    // A row the step on screen lacks is the shopper's (a page open across a
    // deploy); a scenario's or the REPL's typo gets the rows (Refusal.noSuchRow).
    #expect(
      Self.refusal(session.send(.set(.row("zipp"), .string("1"))))
        == #"this is no longer on "My Cart": check what it shows now and try again"#)
    let step = Self.refusal(session.send(.set(.row("zip", on: "adress"), .string("1"))))
    #expect(
      step?.hasPrefix(#"the flow has no step "adress" (did you mean "address"?); its steps are cart, "#) == true,
      "\(step ?? "")")
    #expect(session.value(for: "shipping.zip") == nil)
  }

  @Test func theScenarioParserDecidesByTheWord() throws {
    #expect(try ScenarioParser.parse("set zip 97201") == .set(.row("zip"), "97201"))
    #expect(try ScenarioParser.parse("set 4 97201") == .set(.row("4"), "97201"))
    #expect(try ScenarioParser.parse("set shipping.zip 97201") == .set(.key("shipping.zip"), "97201"))
    #expect(
      throws: ScenarioSyntaxError(
        line: 1, column: 5,
        message:
          #""shipping..zip" is not a row or a data key; name a row (zip, or its number 4) or a dotted data key (shipping.zip)"#
      )
    ) { try ScenarioParser.parse("set shipping..zip 97201") }
  }

  // MARK: Only rows write data

  @Test(arguments: [
    (
      "cart.subtotal", SetRefusal.Kind.readOnly,
      "cart.subtotal is read-only: it is the flow's data, and no row takes a value for it"
    ),
    ("order.total", .readOnly, "order.total is read-only: Order total on Step Two shows it but takes no value"),
    ("order.number", .readOnly, "order.number is read-only: the answer to placeOrder provides it"),
    ("shiping.zip", .unknownKey, #"no row binds "shiping.zip" (did you mean "shipping.zip"?)"#),
  ])
  func keysNoValueRowBindsAreRefusedNamingTheKeyAndWhy(_ key: String, _ kind: SetRefusal.Kind, _ reason: String) throws
  {
    var session = CheckoutSession(flow: Self.compiled, today: ShippedFlows.today)
    let before = session.snapshot()
    let refusal = try #require(Self.compiled.setRefusal(for: DataKey(key)))
    #expect(refusal.kind == kind)
    #expect(refusal.message.hasPrefix(reason), "\(refusal.message)")
    #expect(refusal.message.hasSuffix("events may set only the keys a row binds, like cart.quantity"))
    let refused = session.send(.set(.key(DataKey(key)), .string("0")))
    #expect(refused.map(\.refusal?.message) == [refusal.message])
    #expect(refused.map(\.refusal?.subject) == [.key(DataKey(key))])
    #expect(session.snapshot() == before, "nothing changed")
  }

  @Test func aKeyAValueRowBindsIsSetThroughThatRow() {
    #expect(
      Self.compiled.setRefusal(for: "shipping.method") == nil, "an info row shows it, the picker on Step One takes it")
    var session = CheckoutSession(flow: Self.compiled, today: ShippedFlows.today)
    #expect(session.send(.set(.key("shipping.method"), .string("Express (2 business days)"))) == [])
    #expect(session.value(for: "shipping.method") == .string("express"), "converted by the picker")
    #expect(Self.compiled.boundKeys.contains("payment.card.cvv"))
    #expect(!Self.compiled.boundKeys.contains("cart.count"))
  }

  @Test func aFlowWithoutValueRowsSaysNoKeyCanBeSet() throws {
    let flow = try FlowLoader().load(
      json: """
        { "format": 1, "id": "info", "title": "Info", "start": "cart", "data": { "cart.total": "$5" },
          "steps": [ { "id": "cart", "title": "Cart", "rows": [
            { "id": "total", "cell": "info", "title": "Total", "bind": "cart.total" } ] } ] }
        """)
    let compiled = CompiledFlow(flow)
    #expect(compiled.boundKeys.isEmpty)
    let message = try #require(compiled.setRefusal(for: "cart.total")?.message)
    #expect(message.hasSuffix("this flow has no row that takes a value, so events set no key"), "\(message)")
  }

  // MARK: Secret generations

  /// A session on the card step with the CVV set, as instance A holds it.
  static func instanceA(cvv: String) -> DrivenSession {
    var driven = DrivenSession()
    driven.fillAddressAndCard(cvv: cvv)
    driven.send(.tap("continue"))
    return driven
  }

  @Test func aSecretChangedOnAnotherInstanceIsNeverUsedAndIsAskedForAgain() throws {
    let a = Self.instanceA(cvv: "737")
    let keptByA = a.session.secretValues
    #expect(a.session.snapshot().secretGenerations == ["payment.card.cvv": 1])

    for replacement in ["12", ""] {
      // Instance B restores the stored snapshot (no CVV) and changes or clears it.
      var b = try CheckoutSession(restoringJSON: a.session.snapshotJSON(revealSensitive: true), flow: Self.compiled)
      b.send(.set(.key("payment.card.cvv"), .string(replacement)))
      #expect(b.snapshot().secretGenerations == ["payment.card.cvv": 2])

      // Instance A restores B's snapshot with its own kept copy: the copy is stale.
      var again = try CheckoutSession(restoringJSON: b.snapshotJSON(revealSensitive: true), flow: Self.compiled)
      again.restoreSecrets(keptByA)
      #expect(again.secretValues.isEmpty, "737 is not put back")
      #expect(
        again.rowErrors[CheckoutSession.RowRef(step: "creditCard", row: "cvv")]
          == "Enter the CVV again: it was changed in another window.")
      let effects = again.send(.tap("placeOrder"))
      #expect(
        !effects.contains { if case .callAPI = $0 { true } else { false } }, "no call with a stale CVV: \(effects)")
      #expect(
        effects.contains {
          if case .offer(let offer) = $0 {
            offer.resolution.target == "creditCard.cvv"
              && offer.resolution.message == "Enter the CVV again: it was changed in another window."
          } else {
            false
          }
        }, "\(effects)")
    }
  }

  @Test func aSecretOfTheCurrentGenerationIsUsed() throws {
    let a = Self.instanceA(cvv: "737")
    var restored = try CheckoutSession(
      restoringJSON: a.session.snapshotJSON(revealSensitive: true), flow: Self.compiled)
    restored.restoreSecrets(a.session.secretValues)
    #expect(restored.rowErrors.isEmpty)
    #expect(
      restored.send(.tap("placeOrder")).contains {
        if case .callAPI(_, let payload, _) = $0 { payload.values["payment.card.cvv"] == .string("737") } else { false }
      })
  }

  @Test func aGenerationBelowOneIsAnErrorNamingIt() {
    let text = SnapshotFixtures.minimal.replacingOccurrences(
      of: #""calls":[]"#, with: #""calls":[],"secretGenerations":{"payment.card.cvv":0}"#)
    #expect(
      SnapshotFixtures.restoreError(text)
        == #"the snapshot's secretGenerations["payment.card.cvv"] is 0; a generation counts a secret's changes from 1"#)
  }
}
