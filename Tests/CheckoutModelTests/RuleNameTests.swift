import CheckoutModel
import CheckoutTestSupport
import Testing

/// Each built-in rule is read as its ``RuleName`` says a flow writes it, and
/// written back so: the one list of rule names the decoder, the writer and
/// suggestions share.
@Suite struct RuleNameTests {
  static func flow(rule: String) -> String {
    #"""
    {"format": 1, "id": "f", "title": "F", "start": "a", "steps": [
      {"id": "a", "title": "A", "rows": [
        {"id": "r", "cell": "text", "title": "R", "bind": "a.r", "rules": [\#(rule)]}]}]}
    """#
  }

  @Test(arguments: RuleName.allCases.filter { $0 != .custom })
  func eachRuleIsReadInEachOfItsFormsAndWrittenBack(_ name: RuleName) throws {
    var forms: [String] = []
    switch name.form {
    case .bare: forms = [#""\#(name.rawValue)""#, #"{ "\#(name.rawValue)": true }"#]
    case .argument(let example): forms = [#"{ "\#(name.rawValue)": \#(example) }"#]
    }
    for form in forms {
      let flow = try FlowLoader().load(json: Self.flow(rule: form))
      let kind = try #require(flow.steps.first?.rows.first?.rules.first?.kind, "\(form)")
      #expect(kind.ruleName == name, "\(form)")
      #expect(kind.name == name.rawValue)
      if case .bare(let bare) = name.form { #expect(kind == bare) }
      let written = try FlowLoader().load(json: FlowWriter.json(flow))
      #expect(written.steps.first?.rows.first?.rules.first?.kind == kind, "\(form) written back")
    }
  }

  @Test func theLoadersListsAreTheNames() {
    #expect(FlowFields.ruleKinds == RuleName.allCases.map(\.rawValue))
    #expect(
      FlowFields.ruleNamesWithoutArguments == RuleName.allCases.filter { $0.kindWithoutArgument != nil }.map(\.rawValue)
    )
    // The bare names come first, in RuleName's order, before those with an argument.
    #expect(
      RuleName.allCases.prefix { $0.kindWithoutArgument != nil }.count == FlowFields.ruleNamesWithoutArguments.count,
      "RuleName lists a rule without an argument after one with an argument; move it before \"pattern\"")
    #expect(RuleName.custom.kindWithoutArgument == nil)
  }

  @Test func aBareNameThatIsNoBuiltInRuleIsACustomRule() throws {
    #expect(RuleKind.custom("postalCode").ruleName == .custom)
    #expect(RuleKind.custom("postalCode").name == "postalCode")
  }
}
