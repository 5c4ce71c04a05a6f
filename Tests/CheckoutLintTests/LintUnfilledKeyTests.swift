import Testing
import CheckoutModel
import CheckoutLint

/// Only a row's `detail` fills in `{key}`: a title, placeholder, label or message
/// that writes one shows the braces as they are, so lint warns at the text's path
/// and says where the value can be shown. A brace that is no reference to a key
/// is text like any other.
@Suite struct LintUnfilledKeyTests {
  /// A shop whose pay button's title is `payTitle`, with an info row titled
  /// `totalTitle`, a text row with a placeholder and a rule message, and a matcher.
  static func flow(
    payTitle: String = "Pay", totalTitle: String = "Total", placeholder: String = "Your code",
    ruleMessage: String = "Only digits", stepTitle: String = #""Cart""#, matcherMessage: String = "Try again",
    locales: String = ""
  ) -> String {
    """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "cart",\(locales)
      "data": { "order.total": 148 },
      "steps": [
        { "id": "cart", "title": \(stepTitle), "rows": [
          { "id": "total", "cell": "info", "title": "\(totalTitle)", "detail": "{order.total:currency(USD)}" },
          { "id": "code", "cell": "text", "title": "Code", "bind": "order.code", "placeholder": "\(placeholder)",
            "rules": [{ "digits": true, "message": "\(ruleMessage)" }] },
          { "id": "pay", "cell": "button", "title": "\(payTitle)", "submit": "pay", "then": "done" } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [
          { "id": "thanks", "cell": "info", "title": "Thanks", "detail": "Order {order.total}" } ] }
      ],
      "errors": [{ "code": "*", "step": "cart", "message": "\(matcherMessage)" }]
    }
    """
  }

  static func warnings(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.severity == .warning }.map {
      "\($0.path?.description ?? ""): \($0.message); \($0.suggestion ?? "")"
    }
  }

  static let fills = #"as written, braces and all: only a row's "detail" fills in a {key}"#

  @Test func aPluralInATitleIsAWarningToo() throws {
    let title = "{order.total, plural, one {# item} other {# items}}"
    let warnings = Self.warnings(Self.flow(totalTitle: title))
    #expect(
      warnings == [
        #"steps[0].rows[0].title: "title" shows {order.total, plural, one {# item} other {# items}} as written, braces and all: only a row's "detail" fills in a {key}; move it into the row's "detail" ("detail": "{order.total, plural, one {# item} other {# items}}")"#
      ])
  }

  @Test func aButtonTitleWithAKeyIsAWarning() throws {
    let report = FlowLoader().lint(bytes: Array(Self.flow(payTitle: "Pay {order.total}").utf8))
    let warning = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(!report.hasErrors)
    #expect(warning.severity == .warning)
    #expect(warning.code == "unfilled-key")
    #expect(warning.path?.description == "steps[0].rows[2].title")
    #expect(warning.message == #""title" shows {order.total} "# + Self.fills)
    #expect(
      warning.suggestion
        == #"show it in the "detail" of an info or disclosure row (a button row has no "detail"), and leave this text without it"#
    )
  }

  @Test func anInfoRowsTitleIsToldToUseItsDetail() {
    #expect(
      Self.warnings(Self.flow(totalTitle: "Total {order.total:currency(USD)}")) == [
        #"steps[0].rows[0].title: "title" shows {order.total:currency(USD)} "# + Self.fills
          + #"; move it into the row's "detail" ("detail": "{order.total:currency(USD)}")"#
      ])
  }

  @Test func placeholdersMessagesAndStepTitlesAreNotTemplatesEither() {
    let source = Self.flow(
      placeholder: "e.g. {order.code}", ruleMessage: "{order.code} is not a code", stepTitle: #""Cart ({cart.count})""#,
      matcherMessage: "Could not pay {order.total} or {order.tip:number}")
    let elsewhere = #"show it in the "detail" of an info or disclosure row, and leave this text without it"#
    #expect(
      Self.warnings(source) == [
        #"steps[0].title: "title" shows {cart.count} "# + Self.fills + "; " + elsewhere,
        #"steps[0].rows[1].placeholder: "placeholder" shows {order.code} "# + Self.fills
          + #"; show it in the "detail" of an info or disclosure row (a text row has no "detail"), and leave this text without it"#,
        #"steps[0].rows[1].rules[0].message: "message" shows {order.code} "# + Self.fills
          + #"; show it in the "detail" of an info or disclosure row (a text row has no "detail"), and leave this text without it"#,
        #"errors[0].message: "message" shows {order.total}, {order.tip:number} "# + Self.fills + "; " + elsewhere,
      ])
  }

  @Test func eachLanguagesTextIsCheckedAtItsPath() {
    let source = Self.flow(
      stepTitle: #"{ "en": "Cart", "de": "Warenkorb {cart.count}" }"#, locales: #" "locales": ["en", "de"],"#)
    #expect(
      Self.warnings(source) == [
        #"steps[0].title.de: "title" shows {cart.count} "# + Self.fills
          + #"; show it in the "detail" of an info or disclosure row, and leave this text without it"#
      ])
  }

  /// Braces that are no reference to a key (a detail, a template, has its own checks).
  @Test(arguments: [
    "Use {curly braces}", "Pay { }", "Pay {order.total:}", "Pay {order.total:12}", "a { b", "{1st}", "}{",
    "{order..total}", "Pay {order.total:currency(USD}", "Pay {\\\"a\\\": 1}",
  ])
  func bracesThatAreNoKeyAreNotReported(_ title: String) {
    #expect(Self.warnings(Self.flow(payTitle: title)) == [], "\(title)")
  }

  @Test func aKeyInsideOtherBracesIsStillAReference() {
    #expect(
      Self.warnings(Self.flow(payTitle: "Pay {{order.total}}")).map { String($0.prefix(while: { $0 != ";" })) } == [
        #"steps[0].rows[2].title: "title" shows {order.total} "# + Self.fills
      ])
  }
}
