import CheckoutTestSupport
import Testing
import CheckoutModel

/// Every rule with valid and invalid inputs, including unicode, white space,
/// very long values and card numbers written with spaces or dashes.
@Suite struct RuleEvaluatorTests {
  let evaluator = RuleEvaluator(today: CalendarDate(parsing: "2026-11-21"))

  func passes(_ kind: RuleKind, _ text: String?) -> Bool {
    evaluator.passes(kind, text.map(Value.string))
  }

  @Test(arguments: [
    ("x", true), (" x ", true), ("", false), ("   ", false), ("\t\n", false), ("é", true), ("\u{3000}", false),
  ])
  func required(_ text: String, _ expected: Bool) {
    #expect(passes(.required, text) == expected)
    #expect(passes(.required, nil) == false)
  }

  @Test(arguments: [
    ("ada@example.com", true), ("a.b+c@mail.example.co", true), ("ada@example", false), ("ada example.com", false),
    ("@example.com", false), ("ada@@example.com", false), ("ada@ex ample.com", false), ("ada@.com", false),
    ("ädä@exämple.de", true),
  ])
  func email(_ text: String, _ expected: Bool) {
    #expect(passes(.email, text) == expected)
  }

  @Test(arguments: [
    ("4242424242424242", true), ("4242 4242 4242 4242", true), ("4242-4242-4242-4242", true),
    ("4242424242424241", false), ("4242 4242 4242 424a", false), ("４２４２４２４２４２４２４２４２", false),
    ("42", false), ("4242.4242.4242.4242", false), ("5555555555554444", true), ("378282246310005", true),
    (String(repeating: "4", count: 500), false),
  ])
  func luhn(_ text: String, _ expected: Bool) {
    #expect(passes(.luhn, text) == expected)
  }

  @Test(arguments: [("0123", true), ("12a", false), ("١٢٣", false), ("1 2", false), ("-1", false)])
  func digits(_ text: String, _ expected: Bool) {
    #expect(passes(.digits, text) == expected)
  }

  @Test(arguments: [
    ("11/26", true), ("12/28", true), ("10/26", false), ("13/27", false), ("00/27", false), ("1/28", false),
    ("12/2028", false), ("12-28", false), ("ab/cd", false), ("01/27", true),
  ])
  func expiryAgainstTheSessionsDateNotTheClock(_ text: String, _ expected: Bool) {
    #expect(passes(.expiry, text) == expected)
  }

  @Test func expiryWithoutADateChecksOnlyTheFormat() {
    let undated = RuleEvaluator()
    #expect(undated.passes(.expiry, .string("01/20")))
    #expect(!undated.passes(.expiry, .string("13/20")))
  }

  /// A malformed expiry (a phone's keypad has no "/": `1230`) is told the format,
  /// not that its month "has not passed"; a well-formed month that has passed is.
  @Test(arguments: [
    ("1230", false), ("12 30", false), ("12/2030", false), ("13/27", false), ("ab/cd", false), ("1/28", false),
    ("10/26", true), (" 10/26 ", true), ("01/20", true),
  ])
  func expiryMessageSaysTheFormatForAMalformedValue(_ text: String, _ hasPassed: Bool) {
    let message = evaluator.firstFailure(of: [Rule(.expiry)], value: .string(text), title: "Expiry date")
    let format = "Expiry date must be a month and year (MM/YY)"
    #expect(message == (hasPassed ? format + " that has not passed" : format), "\(text)")
    let undated = RuleEvaluator().firstFailure(of: [Rule(.expiry)], value: .string(text), title: "Expiry date")
    #expect(undated == (hasPassed ? nil : format), "without a date only the format is checked: \(text)")
  }

  @Test func patternMatchesTheWholeValue() {
    #expect(passes(.pattern("^[0-9]{3,4}$"), "123"))
    #expect(passes(.pattern("[0-9]{3}"), "123"))
    #expect(!passes(.pattern("[0-9]{3}"), "1234"), "a pattern must match the whole value")
    #expect(!passes(.pattern("^[0-9]{3,4}$"), "12"))
    #expect(passes(.pattern("^\\p{L}+$"), "Zoë"))
  }

  @Test func lengthsCountCharactersNotBytes() {
    #expect(passes(.minLength(2), "éé"))
    #expect(!passes(.minLength(3), "éé"))
    #expect(passes(.maxLength(2), "👩‍👩‍👧é"))
    #expect(!passes(.maxLength(40), String(repeating: "x", count: 10_000)))
    #expect(passes(.maxLength(10_000), String(repeating: "x", count: 10_000)))
  }

  @Test func oneOfAndCustomRules() {
    #expect(passes(.oneOf(["US", "CA"]), "CA"))
    #expect(!passes(.oneOf(["US", "CA"]), "ca"))
    let registry = RuleRegistry([
      CustomRule(name: "postalCode", message: "Enter a 5-digit postal code") { $0.count == 5 }
    ])
    let custom = RuleEvaluator(registry: registry)
    #expect(custom.passes(.custom("postalCode"), .string("97201")))
    #expect(!custom.passes(.custom("postalCode"), .string("972")))
    #expect(
      custom.firstFailure(of: [Rule(.custom("postalCode"))], value: .string("1"), title: "ZIP")
        == "Enter a 5-digit postal code")
    #expect(!evaluator.passes(.custom("unregistered"), .string("x")), "an unknown rule never passes silently")
  }

  @Test func everyRuleButRequiredPassesAnEmptyValue() {
    let kinds: [RuleKind] = [
      .email, .luhn, .digits, .expiry, .pattern("^x$"), .minLength(3), .maxLength(1), .oneOf(["a"]),
    ]
    for kind in kinds {
      #expect(passes(kind, ""), "\(kind)")
      #expect(passes(kind, nil), "\(kind)")
    }
  }

  @Test func aRowShowsTheFirstFailingRuleWithItsMessage() {
    let rules = [Rule(.required), Rule(.digits), Rule(.minLength(3), message: "Three digits, please")]
    #expect(evaluator.firstFailure(of: rules, value: nil, title: "CVV") == "CVV is required")
    #expect(evaluator.firstFailure(of: rules, value: .string("1a"), title: "CVV") == "CVV must contain digits only")
    #expect(evaluator.firstFailure(of: rules, value: .string("12"), title: "CVV") == "Three digits, please")
    #expect(evaluator.firstFailure(of: rules, value: .string("123"), title: "CVV") == nil)
  }

  @Test func defaultMessagesNeverQuoteTheValue() {
    let secret = "9876"
    let kinds: [RuleKind] = [.email, .luhn, .expiry, .pattern("^[0-9]{3}$"), .maxLength(3), .oneOf(["1"]), .digits]
    for kind in kinds {
      let message = evaluator.firstFailure(of: [Rule(kind)], value: .string(secret + "x"), title: "CVV")
      #expect(message != nil, "\(kind)")
      #expect(!(message ?? "").contains(secret), "\(kind): \(message ?? "")")
    }
  }
}

/// Conditions: every operator.
@Suite struct ConditionTests {
  let data: [DataKey: Value] = [
    "billing.sameAsShipping": .bool(false), "shipping.country": .string("US"), "cart.count": .number(3),
    "blank": .string("  "),
  ]

  @Test func everyOperator() {
    #expect(Condition.equals("billing.sameAsShipping", .bool(false)).holds(in: data))
    #expect(!Condition.equals("billing.sameAsShipping", .bool(true)).holds(in: data))
    #expect(Condition.equals("cart.count", .string("3")).holds(in: data), "a number equals its text")
    #expect(!Condition.equals("missing", .string("")).holds(in: data))
    #expect(Condition.present("shipping.country", true).holds(in: data))
    #expect(Condition.present("blank", false).holds(in: data), "white space is not present")
    #expect(Condition.present("missing", false).holds(in: data))
    #expect(Condition.all([.present("shipping.country", true), .equals("cart.count", .number(3))]).holds(in: data))
    #expect(!Condition.all([.present("shipping.country", true), .present("missing", true)]).holds(in: data))
    #expect(Condition.any([.present("missing", true), .equals("shipping.country", .string("US"))]).holds(in: data))
    #expect(!Condition.any([]).holds(in: data))
    #expect(Condition.all([]).holds(in: data))
    #expect(Condition.not(.present("missing", true)).holds(in: data))
    #expect(Condition.not(.all([.not(.equals("shipping.country", .string("US")))])).holds(in: data))
  }
}
