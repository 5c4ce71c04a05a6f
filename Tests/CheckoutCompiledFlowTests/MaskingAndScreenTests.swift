import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

@Suite struct MaskingAndScreenTests {
  @Test(arguments: [
    ("4242 4242 4242 4242", "•••• 4242"), ("4242-4242-4242-4242", "•••• 4242"), ("12345", "•••• 2345"),
    ("1234", "••••"), ("12", "••••"), ("", ""), ("  ", ""),
  ])
  func sensitiveValuesShowTheirLastFour(_ text: String, _ masked: String) {
    #expect(Masking.masked(text) == masked)
  }

  /// The mask is defined on characters; ASCII text is masked byte by byte. Seeded
  /// random texts from ASCII, `\r\n` (one character of two bytes), a combining
  /// accent, bullets, CJK and emoji give what the character definition gives.
  @Test func maskingByBytesMatchesMaskingByCharacters() {
    func byCharacters(_ text: String) -> String {
      let characters = text.filter { $0 != " " && $0 != "-" }
      guard !characters.isEmpty else { return "" }
      return characters.count > 4 ? "•••• " + String(characters.suffix(4)) : "••••"
    }
    let pieces = ["4", "2", "0", "9", " ", "-", "a", "Z", "\r", "\n", "\r\n", "\u{301}", "é", "•", "東", "👍🏽", "\t"]
    var random = SeededRandom(seed: 27)
    for _ in 0..<2_000 {
      let ascii = random.int(in: 0...1) == 0
      let usable = ascii ? pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } } : pieces
      let text = (0..<random.int(in: 0...12)).map { _ in usable[random.int(in: 0...(usable.count - 1))] }.joined()
      #expect(Masking.masked(text) == byCharacters(text), "\(text.debugDescription)")
    }
  }

  @Test func theMaskingPolicyFollowsTheKeyAcrossRows() {
    let masking = Masking(ShippedFlows.plndr)
    #expect(masking.isSecret("payment.card.cvv"))
    #expect(masking.sensitiveKeys.contains("payment.card.number"))
    #expect(masking.display(.string("123"), of: "payment.card.cvv") == "•••")
    #expect(masking.display(nil, of: "payment.card.cvv") == "")
    #expect(masking.display(.string("4242424242424242"), of: "payment.card.number") == "•••• 4242")
    let redacted = masking.redacted([
      "payment.card.cvv": .string("123"), "payment.card.number": .string("4242424242424242"),
      "shipping.zip": .string("97201"),
    ])
    #expect(redacted == ["payment.card.number": .string("•••• 4242"), "shipping.zip": .string("97201")])
  }

  /// The credit-card step as the library renders it: everything a host draws.
  @Test func theCreditCardScreen() throws {
    let renderer = ScreenRenderer(
      flow: ShippedFlows.plndr, rules: RuleEvaluator(today: CalendarDate(parsing: "2026-11-21")))
    let data: [DataKey: Value] = [
      "payment.card.number": .string("4242 4242 4242 4242"), "payment.card.cvv": .string("987"),
    ]
    let screen = try #require(
      renderer.render(
        "creditCard", data: data, errors: ["cvv": "Your card's security code is incorrect."], focused: "cvv"))
    #expect(screen.title == "Credit Card")
    #expect(screen.presentation == .modal)
    #expect(screen.rows.map(\.id) == ["name", "number", "expiry", "cvv", "done"])
    let number = try #require(screen.row("number"))
    #expect(number.value == "•••• 4242")
    #expect(number.isMasked)
    #expect(number.keyboard == .number)
    let cvv = try #require(screen.row("cvv"))
    #expect(cvv.value == "•••")
    #expect(cvv.kind == .secure)
    #expect(cvv.isFocused)
    #expect(cvv.error == "Your card's security code is incorrect.")
    #expect(screen.tappableRows.map(\.id) == ["done"])
    let json = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
    #expect(!json.contains("987"))
    #expect(!json.contains("4242 4242"))
  }

  /// `Screen` and `ScreenRow` write their own encoding (identifiers as plain
  /// strings, for speed): every stored property is written, under its name, and
  /// reads back equal; an absent optional is left out, as the synthesized one did.
  @Test func aScreenWritesEveryFieldItHoldsAndReadsBackEqual() throws {
    let full = #"""
      {"step":"creditCard","title":"Card","presentation":"push","rows":[
        {"id":"expiry","kind":"picker","title":"Expiry","value":"12/28","detail":"d","placeholder":"MM/YY",
         "keyboard":"number","options":[{"value":"a","label":"A"}],"selection":"a","isEnabled":false,
         "disabledReason":"r","incompleteSteps":[{"step":"s","title":"S","rows":["x"],"problems":["p"]}],
         "isTappable":true,"isMasked":true,"error":"e","isFocused":true},
        {"id":"done","kind":"button","title":"Done","value":"","isEnabled":true,"isTappable":true,
         "isMasked":false,"isFocused":false}]}
      """#
    let screen = try JSONDecoder().decode(Screen.self, from: Data(full.utf8))
    let written = try JSONEncoder().encode(screen)
    #expect(try JSONDecoder().decode(Screen.self, from: written) == screen)
    let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    #expect(Set(object.keys) == Set(Mirror(reflecting: screen).children.compactMap(\.label)))
    let rows = try #require(object["rows"] as? [[String: Any]])
    #expect(Set(rows[0].keys) == Set(Mirror(reflecting: screen.rows[0]).children.compactMap(\.label)))
    #expect(rows[0]["id"] as? String == "expiry" && rows[0]["kind"] as? String == "picker")
    #expect(rows[0]["keyboard"] as? String == "number" && object["step"] as? String == "creditCard")
    #expect(Set(rows[1].keys) == ["id", "kind", "title", "value", "isEnabled", "isTappable", "isMasked", "isFocused"])
  }

  @Test func stepTwoShowsTheValuesOtherStepsEditThroughTheirKeys() throws {
    let renderer = ScreenRenderer(flow: ShippedFlows.plndr)
    let data: [DataKey: Value] = [
      "shipping.name": .string("Ada"), "shipping.street": .string("1 Main St"), "shipping.city": .string("Portland"),
      "shipping.state": .string("OR"), "shipping.zip": .string("97201"),
      "payment.card.number": .string("4242424242424242"), "payment.card.expiry": .string("12/27"),
      "shipping.method": .string("express"), "order.total": .number(1291.95),
    ]
    let screen = try #require(renderer.render("stepTwo", data: data))
    #expect(screen.row("address")?.detail == "Ada, 1 Main St, Portland, OR 97201")
    #expect(screen.row("card")?.detail == "•••• 4242, expires December 2027")
    #expect(screen.row("method")?.value == "" && screen.row("method")?.detail == "express")
    #expect(screen.row("total")?.detail == "$1,291.95")
    // The flow asks for the amount and the expiry in the shopper's language.
    let german = try #require(renderer.render("stepTwo", data: data, locale: "de"))
    #expect(german.row("card")?.detail == "•••• 4242, gültig bis Dezember 2027")
    #expect(german.row("total")?.detail == "1.291,95\u{00A0}$")
  }

  @Test func hiddenRowsAreNotOnTheScreenAndDisabledOnesSayWhy() throws {
    let renderer = ScreenRenderer(flow: ShippedFlows.plndr)
    let shown = try #require(renderer.render("address", data: ["billing.sameAsShipping": .bool(true)]))
    #expect(shown.row("billingStreet") == nil)
    let billing = try #require(renderer.render("address", data: ["billing.sameAsShipping": .bool(false)]))
    #expect(billing.row("billingStreet") != nil)
    let stepOne = try #require(renderer.render("stepOne", data: ShippedFlows.plndr.data))
    let continueRow = try #require(stepOne.row("continue"))
    #expect(!continueRow.isEnabled)
    #expect(stepOne.disabledRows.map(\.id) == ["continue"])
    #expect(
      continueRow.disabledReason?.hasPrefix("Continue: Complete \"Shipping Address\" first. Full name is required. ")
        == true)
  }
}
