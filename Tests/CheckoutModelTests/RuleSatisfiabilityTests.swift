import CheckoutTestSupport
import Testing
import CheckoutModel

/// Rules of one row that no value but an empty one can pass together are lint
/// errors that say why (the flow still loads, so `generate` can list what they
/// block); combinations some value passes are not reported.
@Suite struct RuleSatisfiabilityTests {
  static func row(_ rules: String, cell: String = "text", options: String = "") -> String {
    #"{ "id": "field", "cell": "\#(cell)", "title": "Field", "bind": "some.field", "rules": \#(rules)\#(options) }"#
  }

  static func problem(_ rules: String, cell: String = "text", options: String = "") -> String? {
    let report = FlowLoader().lint(bytes: Array(FlowFixtures.flow(rows: row(rules, cell: cell, options: options)).utf8))
    #expect(report.flow != nil, "the flow loads: \(report.diagnostics)")
    let found = report.diagnostics.filter { $0.code == "contradictory-rules" }
    #expect(found.count <= 1, "\(found)")
    #expect(found.allSatisfy { $0.path?.description == "steps[0].rows[1].rules" })
    return found.first?.message
  }

  @Test(arguments: [
    (#"[{ "minLength": 4 }, { "maxLength": 3 }]"#, "", "minLength 4 is more than maxLength 3: no value can pass"),
    (#"["digits", "email"]"#, "", #"email needs an "@", which digits (0-9 only) does not allow"#),
    (#"["luhn", "email"]"#, "", #"email needs an "@", which luhn (digits, spaces and dashes only) does not allow"#),
    (#"["expiry", "email"]"#, "", #"email needs an "@", which expiry (MM/YY) does not allow"#),
    (#"["digits", "expiry"]"#, "", #"expiry needs a "/" (MM/YY), which digits (0-9 only) does not allow"#),
    (
      #"["luhn", "expiry"]"#, "",
      #"expiry needs a "/" (MM/YY), which luhn (digits, spaces and dashes only) does not allow"#
    ),
    (#"["luhn", { "maxLength": 11 }]"#, "", "luhn needs at least 12 digits, more than maxLength 11: no value can pass"),
    (
      #"["expiry", { "maxLength": 4 }]"#, "",
      "expiry needs 5 characters (MM/YY), more than maxLength 4: no value can pass"
    ),
    (
      #"["digits", { "pattern": "^[A-Z]{2}$" }]"#, "",
      #"pattern "^[A-Z]{2}$" needs characters that digits does not allow: no value can pass"#
    ),
    (
      #"["luhn", { "pattern": "^[0-9]{3,4}$" }]"#, "",
      #"pattern "^[0-9]{3,4}$" matches values of 3 to 4 characters using what luhn allows, but luhn needs at least 12 digits: no value can pass"#
    ),
    (
      #"[{ "pattern": "^[0-9]{5}(-[0-9]{4})?$" }, { "minLength": 6 }, { "maxLength": 9 }]"#, "",
      #"pattern "^[0-9]{5}(-[0-9]{4})?$" matches values of 5 or 10 characters, but the rules need 6 to 9: no value can pass"#
    ),
    (
      #"[{ "pattern": "^[0-9]{5}$" }, { "maxLength": 4 }]"#, "",
      #"pattern "^[0-9]{5}$" matches values of 5 characters, but maxLength is 4: no value can pass"#
    ),
    (
      #"["email", { "pattern": "^[a-z.]+$" }]"#, "",
      #"email needs an "@", which pattern "^[a-z.]+$" does not allow: no value can pass"#
    ),
    (
      #"[{ "oneOf": ["US", "CA"] }, { "oneOf": ["MX"] }]"#, "", "no value is in every oneOf list: no value can pass"
    ),
    (
      #"[{ "oneOf": ["USA", "Canada"] }, { "pattern": "^[A-Z]{2}$" }]"#, "",
      #"no oneOf value passes the other rules ("USA" fails pattern, "Canada" fails pattern): no value can pass"#
    ),
    (
      #"[{ "oneOf": ["12", "x"] }, "digits", { "minLength": 3 }]"#, "",
      #"no oneOf value passes the other rules ("12" fails minLength, "x" fails digits): no value can pass"#
    ),
    (
      #"["required", "digits"]"#,
      #", "options": [{ "value": "US", "label": "US" }, { "value": "CA", "label": "Canada" }]"#,
      #"no option of the picker passes its rules ("US" fails digits, "CA" fails digits): no choice can be valid"#
    ),
  ])
  func unsatisfiableCombinationsAreReportedWithAReason(_ rules: String, _ options: String, _ message: String) {
    let problem = Self.problem(rules, cell: options.isEmpty ? "text" : "picker", options: options)
    #expect(problem?.hasPrefix(message) == true, "\(problem ?? "nothing reported")")
  }

  /// Look-alikes that some present value passes (shown in the comment).
  @Test(arguments: [
    (#"[{ "minLength": 3 }, { "maxLength": 3 }]"#, ""),  // "abc"
    (#"["digits", "luhn"]"#, ""),  // 4242424242424242
    (#"["luhn", { "maxLength": 12 }]"#, ""),  // 12 digits
    (#"["luhn", { "pattern": "^[0-9 ]{19}$" }]"#, ""),  // 4242 4242 4242 4242
    (#"["luhn", { "minLength": 40 }]"#, ""),  // a card number padded with spaces (luhn reads it trimmed)
    (#"["digits", { "minLength": 30 }, { "maxLength": 30 }]"#, ""),  // 30 digits
    (#"["expiry", { "maxLength": 5 }]"#, ""),  // 03/29
    (#"["expiry", { "pattern": "^[0-9]{2}/[0-9]{2}$" }]"#, ""),  // 03/29
    (#"["digits", { "pattern": "^[0-9]{5}(-[0-9]{4})?$" }]"#, ""),  // 12345
    (#"["digits", { "pattern": "^([A-Z]{2})?[0-9]{3}$" }]"#, ""),  // 123: the group is optional
    (#"["email", { "pattern": "^[a-z]+@[a-z]+\\.[a-z]+$" }]"#, ""),  // a@b.co
    (#"["email", { "pattern": "^.+$" }]"#, ""),  // not a simple pattern: taken as passable
    (#"[{ "pattern": "^[0-9]{5}(-[0-9]{4})?$" }, { "minLength": 10 }]"#, ""),  // 12345-6789
    (#"[{ "oneOf": ["US", "CA"] }, { "oneOf": ["CA", "MX"] }]"#, ""),  // CA
    (#"[{ "oneOf": ["USA", "CA"] }, { "pattern": "^[A-Z]{2}$" }]"#, ""),  // CA
    (#"[{ "oneOf": ["5555555555554444"] }, "luhn", "digits"]"#, ""),
    (#"["required", { "custom": "anything" }, "digits"]"#, ""),  // a custom rule is never judged
    (
      #"["required", { "pattern": "^[A-Z]{2}$" }]"#,
      #", "options": [{ "value": "us", "label": "US" }, { "value": "CA", "label": "Canada" }]"#
    ),
  ])
  func satisfiableCombinationsLoad(_ rules: String, _ options: String) throws {
    let row = Self.row(rules, cell: options.isEmpty ? "text" : "picker", options: options)
    _ = try FlowLoader(customRules: ["anything"]).load(json: FlowFixtures.flow(rows: row))
  }
}
