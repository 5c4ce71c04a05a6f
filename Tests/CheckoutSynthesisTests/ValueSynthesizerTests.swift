import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutSynthesis

/// The value synthesiser: every value it returns is checked by the engine's own
/// evaluator, invalid values fail their rule, unsatisfiable rules are reported,
/// and the same seed gives the same values.
@Suite struct ValueSynthesizerTests {
  static let today = fixture(CalendarDate(parsing: "2026-11-21"), "the date 2026-11-21")
  let evaluator = RuleEvaluator(today: ValueSynthesizerTests.today)

  static func shippedFlow(_ name: String) throws -> Flow {
    try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent(name).path)
  }

  /// The key the test rows bind.
  static let field: DataKey = "form.field"

  /// A row with these rules: by default a text row bound to ``field``.
  static func row(_ rules: [RuleKind], cell: Cell = .text(TextEntry(bind: field))) -> Row {
    Row(id: "field", cell: cell, title: "Field", rules: rules.map { Rule($0) })
  }

  static func flow(_ rows: [Row], data: [DataKey: Value] = [:]) -> Flow {
    Flow(id: "test", title: "Test", start: "form", data: data, steps: [Step(id: "form", title: "Form", rows: rows)])
  }

  // MARK: Shipped flows

  @Test(arguments: PackagePaths.shippedFlowNames)
  func everyRowOfTheShippedFlowsGetsVerifiedValues(_ name: String) throws {
    let flow = try Self.shippedFlow(name)
    for seed in [UInt64(1), 2, 3] {
      let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: seed)
      for step in flow.steps {
        for row in step.rows where row.kind.takesValue && row.bind != nil {
          let where_ = "\(name) \(step.id).\(row.id) seed \(seed)"
          let valid = try #require(
            try? synthesizer.validValue(for: row, data: flow.data).get(), "\(where_): no valid value")
          #expect(evaluator.firstFailure(of: row.rules, value: valid, title: row.title) == nil, "\(where_): \(valid)")
          #expect(valid.isPresent, "\(where_)")
          let invalid = synthesizer.invalidValues(for: row, data: flow.data)
          for rule in row.rules {
            if case .minLength(let minimum) = rule.kind, minimum <= 1 { continue }
            guard let value = invalid.first(where: { $0.rule == rule }) else {
              Issue.record("\(where_): no invalid value for \(rule.kind.name)")
              continue
            }
            if value.refused {
              #expect(row.kind == .picker, "\(where_): only pickers refuse values")
              continue
            }
            #expect(!evaluator.passes(rule.kind, value.value), "\(where_): \(value.value) passes \(rule.kind.name)")
            let message = evaluator.firstFailure(of: row.rules, value: value.value, title: row.title)
            #expect(message == value.message, "\(where_)")
            // On the shipped flows, each rule can be broken alone, so its own message shows.
            let own = rule.message?.text ?? evaluator.defaultMessage(rule.kind, title: row.title.text)
            #expect(message == own, "\(where_): \(rule.kind.name) gave \(message ?? "nil") for \(value.value)")
          }
        }
      }
    }
  }

  // MARK: Rules one by one

  func synthesizer(_ row: Row, data: [DataKey: Value] = [:], seed: UInt64 = 1, registry: RuleRegistry = RuleRegistry())
    -> ValueSynthesizer
  {
    ValueSynthesizer(flow: Self.flow([row], data: data), today: Self.today, seed: seed, registry: registry)
  }

  func valid(_ rules: [RuleKind], seed: UInt64 = 1) throws -> String {
    let row = Self.row(rules)
    let value = try synthesizer(row, seed: seed).validValue(for: row).get()
    #expect(evaluator.firstFailure(of: row.rules, value: value, title: row.title) == nil)
    return value.displayText
  }

  func invalid(_ rules: [RuleKind], breaking kind: RuleKind) throws -> String {
    let row = Self.row(rules)
    let value = try synthesizer(row).invalidValue(for: row, breaking: Rule(kind)).get()
    #expect(!evaluator.passes(kind, value.value))
    #expect(!value.refused)
    return value.value.displayText
  }

  @Test func digitsWithLengthsGiveDigitsOfThatLength() throws {
    let rules: [RuleKind] = [.required, .digits, .minLength(5), .maxLength(5)]
    let text = try valid(rules)
    #expect(text.count == 5 && text.allSatisfy(\.isNumber))
    #expect(try invalid(rules, breaking: .minLength(5)).count == 4)
    #expect(try invalid(rules, breaking: .maxLength(5)).count == 6)
    let letters = try invalid(rules, breaking: .digits)
    #expect(letters.count == 5 && letters.contains { $0.isLetter })
    #expect(try invalid(rules, breaking: .required) == "")
  }

  @Test func luhnGivesPublishedTestCardsThatFitTheOtherRules() throws {
    #expect(TestCards.all.map(\.number).contains(try valid([.required, .luhn])))
    #expect(try valid([.luhn, .maxLength(15)]).count <= 15)
    #expect(try valid([.luhn, .pattern("^3[47][0-9]{13}$")]).hasPrefix("3"))
    #expect(try valid([.luhn, .pattern("^[0-9]{18}$")]).count == 18)
    let broken = try invalid([.required, .luhn], breaking: .luhn)
    #expect(TestCards.all.contains { $0.number.dropLast() == broken.dropLast() && $0.number != broken })
  }

  @Test func avoidingGivesAnotherValue() throws {
    let row = Self.row([.required, .luhn])
    let synthesizer = synthesizer(row)
    var seen: [Value] = []
    for _ in 0..<5 {
      let value = try synthesizer.validValue(for: row, avoiding: seen).get()
      #expect(!seen.contains(value))
      #expect(RuleEvaluator.passesLuhnCheck(value.displayText))
      seen.append(value)
    }
    // With one possible value, avoiding it still answers it.
    let only = Self.row([.oneOf(["a"])])
    #expect(try self.synthesizer(only).validValue(for: only, avoiding: [.string("a")]).get() == .string("a"))
  }

  @Test func expiryIsRelativeToToday() throws {
    let text = try valid([.required, .expiry])
    let month = Int(text.prefix(2))!, year = 2000 + Int(text.suffix(2))!
    #expect((year, month) > (2026, 11) && year <= 2029)
    #expect(try invalid([.required, .expiry], breaking: .expiry) == "10/26")
    let january = Self.row([.expiry])
    let synthesizer = ValueSynthesizer(flow: Self.flow([january]), today: CalendarDate(parsing: "2027-01-05")!, seed: 1)
    #expect(try synthesizer.invalidValue(for: january, breaking: Rule(.expiry)).get().value == .string("12/26"))
  }

  @Test func emailsHaveAnAtAndInvalidOnesDoNot() throws {
    #expect(try valid([.required, .email]).hasSuffix("@example.com"))
    #expect(try valid([.email, .maxLength(8)]).count <= 8)
    #expect(try valid([.email, .minLength(40)]).count >= 40)
    #expect(!(try invalid([.required, .email, .maxLength(254)], breaking: .email)).contains("@"))
  }

  @Test func oneOfGivesAListedValueThatPassesTheOthers() throws {
    #expect(try valid([.oneOf(["apple", "12345", "kiwi"]), .digits]) == "12345")
    let other = try invalid([.oneOf(["apple", "kiwi"])], breaking: .oneOf(["apple", "kiwi"]))
    #expect(!["apple", "kiwi"].contains(other))
  }

  @Test func patternsCombineWithLengthRules() throws {
    #expect(try valid([.pattern("^[a-z]{2,10}$"), .minLength(7), .maxLength(7)]).count == 7)
    #expect(try invalid([.pattern("^[0-9]{3,4}$")], breaking: .pattern("^[0-9]{3,4}$")).isEmpty == false)
    let row = Self.row([.required, .pattern("^[0-9]{5}$"), .maxLength(5)])
    let value = try synthesizer(row).invalidValue(for: row, breaking: row.rules[1]).get()
    #expect(value.value.displayText.count == 5, "the other rules still hold: \(value.value)")
    #expect(value.message == "Field is not in the expected format")
  }

  @Test func theMessageIsTheEnginesFirstFailure() throws {
    // minLength 3 comes first and a two-character value cannot match the pattern's
    // three letters either: the breaking value still fails minLength first.
    let row = Row(
      id: "code", cell: .text(TextEntry(bind: "code")), title: "Code",
      rules: [Rule(.minLength(3), message: "Too short"), Rule(.pattern("^[a-z]{3,}$"))])
    let value = try synthesizer(row).invalidValue(for: row, breaking: row.rules[0]).get()
    #expect(value.message == "Too short")
    #expect(value.value.displayText.count < 3)
  }

  // MARK: Unsatisfiable rules

  @Test(arguments: [
    (
      [RuleKind.pattern("^[0-9]{5}$"), .minLength(6)], "no value satisfies pattern ^[0-9]{5}$ and minLength 6 together"
    ),
    ([.oneOf(["a"]), .digits], "no value satisfies oneOf [a] and digits together"),
    ([.luhn, .maxLength(4)], "no value satisfies luhn and maxLength 4 together"),
    ([.required, .minLength(9), .maxLength(3)], "no value satisfies minLength 9 and maxLength 3 together"),
    ([.required, .email, .digits, .maxLength(50)], "no value satisfies email and digits together"),
    (
      [.pattern("^[a-z]+$"), .pattern("^[0-9]+$")], "no value satisfies pattern ^[a-z]+$ and pattern ^[0-9]+$ together"
    ),
    (
      [.required, .pattern(#"^\s*$"#)],
      #"cannot synthesise a value for pattern ^\s*$: no non-blank string it built matches"#
    ),
    (
      [.pattern("^(a|b)*c{3000}$"), .maxLength(2000)],
      "no value satisfies pattern ^(a|b)*c{3000}$ and maxLength 2000 together"
    ),
    (
      [.pattern("^a{5000}$")],
      "cannot synthesise a value for pattern ^a{5000}$: its matches have at least 5000 characters, more than the 4096 the synthesiser builds"
    ),
    (
      [.required, .minLength(Int.max)],
      "cannot synthesise a value for minLength \(Int.max): more than the 100000 characters the synthesiser builds"
    ),
    ([.required, .pattern("^$")], "no non-blank value satisfies pattern ^$: it matches only the empty string"),
    (
      [.pattern("^(?=b)a$")],
      "cannot synthesise a value for pattern ^(?=b)a$: it uses lookaheads, which the synthesiser only approximates, and no string it built matches"
    ),
    (
      [.pattern(#"^\p{Greek}+$"#)],
      #"cannot synthesise a value for pattern ^\p{Greek}+$: the property \p{Greek} is not one the synthesiser knows (at character 2)"#
    ),
  ])
  func unsatisfiableRulesAreReportedByName(_ rules: [RuleKind], _ reason: String) {
    let row = Self.row(rules)
    switch synthesizer(row).validValue(for: row) {
    case .success(let value): Issue.record("\(rules) gave \(value)")
    case .failure(let failure):
      #expect(failure.reason == reason)
      #expect(failure.description == "row field (Field): " + reason)
      #expect(failure.row == "field")
    }
  }

  @Test func aCustomRuleIsServedFromCandidatesOrReported() throws {
    let registry = RuleRegistry([
      CustomRule(name: "postalCode", message: "Enter a postal code") { $0.count == 5 && $0.allSatisfy(\.isNumber) },
      CustomRule(name: "never", message: "Never") { _ in false },
    ])
    let postal = Self.row([.required, .custom("postalCode")])
    let synthesizer = synthesizer(postal, registry: registry)
    let value = try synthesizer.validValue(for: postal).get()
    #expect(registry.rules["postalCode"]!.check(value.displayText))
    let broken = try synthesizer.invalidValue(for: postal, breaking: Rule(.custom("postalCode"))).get()
    #expect(broken.message == "Enter a postal code")
    let never = Self.row([.custom("never")])
    let failure = self.synthesizer(never, registry: registry).validValue(for: never)
    #expect(
      failure
        == .failure(
          SynthesisFailure(
            row: "field", title: "Field", rules: [Rule(.custom("never"))],
            reason:
              "cannot synthesise a value for the custom rule never: none of the synthesiser's candidates passes it")))
  }

  @Test func hugeLengthsNeitherCrashNorHang() throws {
    #expect(try valid([.minLength(5_000), .maxLength(Int.max)]).count == 5_000)
    let row = Self.row([.maxLength(Int.max)])
    #expect(
      synthesizer(row).invalidValue(for: row, breaking: row.rules[0]).failureDescription
        == "row field (Field): no value breaks maxLength \(Int.max): a longer value has more than the 100000 characters the synthesiser builds"
    )
    #expect(try invalid([.maxLength(50_000)], breaking: .maxLength(50_000)).count == 50_001)
  }

  @Test func unbreakableRulesAreLeftOutAndExplained() throws {
    let row = Self.row([.minLength(1), .maxLength(10)])
    let synthesizer = synthesizer(row)
    #expect(synthesizer.invalidValues(for: row).map(\.rule.kind) == [.maxLength(10)])
    guard case .failure(let failure) = synthesizer.invalidValue(for: row, breaking: Rule(.minLength(1))) else {
      Issue.record("minLength 1 was broken")
      return
    }
    #expect(failure.description.contains("no value breaks minLength 1"))
  }

  // MARK: Pickers and toggles

  @Test func pickersGiveOfferedOptionsAndRefuseOthers() throws {
    let options: [PickerOption] = [
      PickerOption(value: "standard"), PickerOption(value: "express"), PickerOption(value: "overnight"),
    ]
    let row = Self.row(
      [.required, .oneOf(["express", "overnight"])], cell: .picker(bind: Self.field, options: .from("methods")))
    let data: [DataKey: Value] = ["methods": .options(options)]
    let synthesizer = synthesizer(row, data: data)
    let value = try synthesizer.validValue(for: row, data: data).get()
    #expect(["express", "overnight"].contains(value.displayText))
    #expect(try synthesizer.validValue(for: row, data: data, avoiding: [value]).get() != value)
    let notListed = try synthesizer.invalidValue(for: row, breaking: row.rules[1], data: data).get()
    #expect(
      notListed
        == InvalidValue(
          rule: row.rules[1], value: .string("standard"), message: "Field must be one of express, overnight"))
    let blank = try synthesizer.invalidValue(for: row, breaking: row.rules[0], data: data).get()
    // A picker can be cleared: the blank choice breaks required, and is shown, not refused.
    #expect(blank == InvalidValue(rule: row.rules[0], value: .string(""), message: "Field is required"))
    // No options in the data: reported.
    let empty = synthesizer.validValue(for: row, data: ["methods": .options([])])
    #expect(
      empty.failureDescription
        == "row field (Field): the picker offers no options: data key methods holds no option list")
    // Options none of which passes the rules: reported with the options.
    let strict = Self.row([.oneOf(["pickup"])], cell: .picker(bind: Self.field, options: .list(options)))
    #expect(
      self.synthesizer(strict).validValue(for: strict).failureDescription
        == "row field (Field): no option it offers (standard, express, overnight) satisfies oneOf [pickup]")
  }

  @Test func togglesGiveBooleans() throws {
    let row = Self.row([.oneOf(["on"])], cell: .toggle(bind: Self.field))
    let synthesizer = synthesizer(row)
    #expect(try synthesizer.validValue(for: row).get() == .bool(true))
    #expect(try synthesizer.invalidValue(for: row, breaking: row.rules[0]).get().value == .bool(false))
    let free = Self.row([], cell: .toggle(bind: Self.field))
    let first = try self.synthesizer(free).validValue(for: free).get()
    #expect(try self.synthesizer(free).validValue(for: free, avoiding: [first]).get() == .bool(first != .bool(true)))
  }

  @Test func theCellKindSuggestsTheValue() throws {
    let age = Row(id: "age", cell: .number(TextEntry(bind: "age")), title: "Age", rules: [Rule(.required)])
    #expect(try synthesizer(age).validValue(for: age).get().displayText.allSatisfy(\.isNumber))
    let contact = Row(
      id: "contact", cell: .email(TextEntry(bind: "contact")), title: "Contact", rules: [Rule(.required)])
    #expect(try synthesizer(contact).validValue(for: contact).get().displayText.contains("@"))
    let mobile = Row(
      id: "mobile", cell: .phone(TextEntry(bind: "mobile")), title: "Mobile",
      rules: [Rule(.required), Rule(.maxLength(20))])
    #expect(try synthesizer(mobile).validValue(for: mobile).get().displayText.hasPrefix("+1 503"))
  }

  @Test func rowsThatTakeNoValueAreReported() {
    let button = Row(id: "go", cell: .button(.close), title: "Go")
    #expect(
      synthesizer(button).validValue(for: button).failureDescription == "row go (Go): a button row takes no value")
  }

  // MARK: Conditions

  @Test func assignmentsMakeConditionsHoldWithFewestChanges() throws {
    let flow = try Self.shippedFlow("plndr.json")
    let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: 1)
    let billing = try #require(flow.step("address")?.row("billingStreet")?.visibleWhen)
    #expect(
      try synthesizer.assignment(making: billing, hold: true, data: flow.data).get() == [
        "billing.sameAsShipping": .bool(false)
      ])
    #expect(try synthesizer.assignment(making: billing, hold: false, data: flow.data).get() == [:])
    let both: Condition = .all([.present("discount.code", true), .equals("shipping.country", .string("GU"))])
    let answer = try synthesizer.assignment(making: both, hold: true, data: flow.data).get()
    #expect(answer["shipping.country"] == .string("GU"))
    #expect(
      evaluator.firstFailure(
        of: flow.step("discount")!.row("code")!.rules, value: answer["discount.code"], title: "Code") == nil)
    #expect(both.holds(in: flow.data.merging(answer) { $1 }))
    let either: Condition = .any([.equals("shipping.method", .string("express")), .not(.present("order.note", true))])
    // The method is not express already: only the note must be filled in.
    let filled = try synthesizer.assignment(making: either, hold: false, data: flow.data).get()
    #expect(Array(filled.keys) == ["order.note"] && filled["order.note"]?.isPresent == true)
  }

  @Test func conditionsOverManyKeysAreMetByTheirShape() throws {
    let flow = Self.flow([Self.row([])])
    let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: 1)
    let many: Condition = .all(
      (0..<25).map { .equals(DataKey("k.\($0)"), .string("v\($0)")) } + [.not(.present("k.blank", true))])
    let answer = try synthesizer.assignment(making: many, hold: true, data: ["k.blank": .string("full")]).get()
    #expect(answer.count == 26)
    #expect(many.holds(in: ["k.blank": .string("full")].merging(answer) { $1 }))
    let none: Condition = .any((0..<25).map { .present(DataKey("k.\($0)"), true) })
    let filled = Dictionary(uniqueKeysWithValues: (0..<25).map { (DataKey("k.\($0)"), Value.string("x")) })
    let cleared = try synthesizer.assignment(making: none, hold: false, data: filled).get()
    #expect(cleared.count == 25 && cleared.values.allSatisfy { !$0.isPresent })
  }

  @Test func impossibleConditionsAreReported() throws {
    let flow = try Self.shippedFlow("plndr.json")
    let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: 1)
    // The country picker offers no "FR": said in the words lint uses (one answer).
    let france: Condition = .equals("shipping.country", .string("FR"))
    #expect(
      synthesizer.assignment(making: france, hold: true, data: flow.data).failureDescription
        == #"no session data makes "Country is FR" hold: "shipping.country" is never "FR": it takes only "US", "PR", "GU" or "VI", or no value (the options of picker "country" on step "address")"#
    )
    let contradiction: Condition = .all([.equals("x.y", .string("a")), .equals("x.y", .string("b"))])
    #expect(
      synthesizer.assignment(making: contradiction, hold: true, data: [:]).failureDescription
        == #"no session data makes "x.y is a and x.y is b" hold: its tests contradict each other: no values of "x.y" satisfy them together"#
    )
  }

  @Test func secretValuesNeverAppearInFailures() throws {
    let flow = try Self.shippedFlow("plndr.json")
    let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: 1)
    let cvv = flow.step("creditCard")!.row("cvv")!
    let secret = try synthesizer.validValue(for: cvv).get().displayText
    let impossible: Condition = .all([.present("payment.card.cvv", true), .present("payment.card.cvv", false)])
    let text = synthesizer.assignment(making: impossible, hold: true, data: flow.data).failureDescription ?? ""
    #expect(text.hasSuffix(#"its tests contradict each other: no values of "payment.card.cvv" satisfy them together"#))
    #expect(!text.contains(secret))
  }

  // MARK: Determinism

  @Test func theDocumentedExamplesHold() throws {
    let flow = try Self.shippedFlow("plndr.json")
    let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: 1)
    let cvv = try #require(flow.step("creditCard")?.row("cvv"))
    #expect(try synthesizer.validValue(for: cvv).get() == .string("4416"))
    #expect(synthesizer.invalidValues(for: cvv).map(\.value) == [.string(""), .string("68a7")])
    let zip = PatternSynthesizer("^[0-9]{5}(-[0-9]{4})?$")
    #expect(zip.matches(count: 2, seed: 7) == ["72101-2785", "97846-7217"])
    #expect(Array(zip.nonMatches(near: ["97201"], seed: 7).prefix(3)) == ["97a01", "97!01", "97Z01"])
  }

  @Test(arguments: PackagePaths.shippedFlowNames)
  func theSameSeedGivesTheSameValues(_ name: String) throws {
    let flow = try Self.shippedFlow(name)
    func values(_ seed: UInt64) -> [String] {
      let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: seed)
      return flow.steps.flatMap(\.rows).filter { $0.kind.takesValue && $0.bind != nil }.map { row in
        "\(synthesizer.validValue(for: row, data: flow.data)) \(synthesizer.invalidValues(for: row, data: flow.data))"
      }
    }
    #expect(values(7) == values(7))
    #expect(values(7) != values(8))
  }
}

extension Result where Failure == SynthesisFailure {
  /// The failure's description, or nil on success.
  var failureDescription: String? {
    if case .failure(let failure) = self { return failure.description }
    return nil
  }
}
