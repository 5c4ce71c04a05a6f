import CheckoutLint
import CheckoutModel
import Testing

/// The words of plural problems: suggestions written with the template's own key,
/// a data value shown as the file writes it, every problem of one plural at once,
/// and a secret key never chosen by (as it is never shown plainly).
@Suite struct LintPluralMessagesTests {
  /// A plan step showing `detail` (a JSON string), with a secret CVV row and `data`.
  static func flow(detail: String, data: String = #""plan.boxes": 3, "gift.enabled": false"#) -> String {
    """
    {
      "format": 1, "id": "box", "title": "Box", "start": "plan",
      "data": { \(data) },
      "steps": [
        { "id": "plan", "title": "Plan", "rows": [
          { "id": "summary", "cell": "info", "title": "You get", "detail": \(detail) },
          { "id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "secret": true },
          { "id": "gift", "cell": "toggle", "title": "Gift", "bind": "gift.enabled" } ] }
      ],
      "errors": [{ "code": "*", "step": "plan" }]
    }
    """
  }

  static func report(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.map { "\($0.message); \($0.suggestion ?? "")" }
  }

  @Test func suggestionsUseTheTemplatesOwnKey() {
    let report = Self.report(Self.flow(detail: #""{plan.boxes, plural, one {# box} other {# boxes}""#))
    #expect(
      report == [
        #"the plural of plan.boxes has no closing '}' in template "{plan.boxes, plural, one {# box} other {# boxes}"; close the plural after its last form: {plan.boxes, plural, one {# item} other {# items}}"#
      ])
  }

  @Test func aDataValueIsShownAsTheFileWritesIt() {
    let report = Self.report(Self.flow(detail: #""{gift.enabled, plural, one {# box} other {# boxes}}""#))
    #expect(report.first?.contains(#"but the flow's data holds false;"#) == true, "\(report)")
  }

  @Test func eachProblemOfAPluralIsReported() {
    let report = Self.report(Self.flow(detail: #""{plan.boxes, plural, oen {# box} few {# boxes}}""#))
    #expect(report.count == 3, "\(report)")
    #expect(report.contains { $0.hasPrefix(#""oen" in the plural of plan.boxes is not a plural category"#) })
    #expect(report.contains { $0.hasPrefix("the plural of plan.boxes has only few: it needs an other form") })
    #expect(
      report.contains { $0.hasPrefix(#"the plural of plan.boxes has a few form, but no number takes it in "en""#) })
  }

  @Test func aPluralOfASecretKeyIsWarnedAsAPlainOneIs() {
    let plural = Self.report(Self.flow(detail: #""{payment.card.cvv, plural, one {# box} other {# boxes}}""#))
    #expect(
      plural == [
        #"{payment.card.cvv, plural, …} chooses a form by the number in "payment.card.cvv", a secret key: a secret is never shown nor read for display, so it always shows its other form; leave the secret out of the detail"#
      ])
    let plain = Self.report(Self.flow(detail: #""Code {payment.card.cvv}""#))
    #expect(
      plain == [
        #"the detail shows {payment.card.cvv}, a secret key: a secret is never shown, so it always reads •••; leave the secret out of the detail"#
      ])
  }
}
