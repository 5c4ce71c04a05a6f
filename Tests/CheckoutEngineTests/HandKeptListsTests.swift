import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// The lists of rule names and cell kinds that a JSON Schema, an article or the
/// page must write out by hand follow the model's one list of each (``RuleName``,
/// ``CellKind`` and its properties); a list that drifts is named with what is
/// missing and where it goes.
@Suite struct HandKeptListsTests {
  static let schemaPath = "Flows/flow.schema.json"
  static let flowFormat = "Sources/CheckoutEngine/CheckoutEngine.docc/FlowFormat.md"

  static func expectAgree(_ actual: [String], _ expected: [String], _ list: String) {
    let problems = ListDrift.problems(expected: expected, actual: actual, list: list, ordered: true)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  static var namesWithoutArguments: [String] {
    RuleName.allCases.filter { $0.kindWithoutArgument != nil }.map(\.rawValue)
  }

  static var namesWithArguments: [String] {
    RuleName.allCases.filter { $0.kindWithoutArgument == nil }.map(\.rawValue)
  }

  // MARK: Rules

  @Test func theSchemasRuleNamesAreTheModels() throws {
    let schema = try ShippedFlowsTests.schema()
    let properties = try #require(schema["properties"] as? [String: Any])
    let rules = try #require(properties["rules"] as? [String: Any])
    let names = try #require(rules["propertyNames"] as? [String: Any])
    let reserved = try #require((names["not"] as? [String: Any])?["enum"] as? [String])
    Self.expectAgree(
      reserved, RuleName.allCases.map(\.rawValue) + ["message"],
      "\(Self.schemaPath)'s properties.rules.propertyNames.not.enum (names a flow's rule may not take)")
    let definitions = try #require((rules["additionalProperties"] as? [String: Any])?["oneOf"] as? [[String: Any]])
    Self.expectAgree(
      try #require(definitions.first?["enum"] as? [String]), Self.namesWithoutArguments,
      "\(Self.schemaPath)'s properties.rules.additionalProperties.oneOf[0].enum (rules without arguments)")

    let ruleName = try ShippedFlowsTests.definition("ruleName", in: schema)
    let choices = try #require(ruleName["anyOf"] as? [[String: Any]])
    Self.expectAgree(
      try #require(choices.first?["enum"] as? [String]), Self.namesWithoutArguments,
      "\(Self.schemaPath)'s $defs.ruleName.anyOf[0].enum (rules without arguments)")
    Self.expectAgree(
      try #require((choices.last?["not"] as? [String: Any])?["enum"] as? [String]), Self.namesWithArguments,
      "\(Self.schemaPath)'s $defs.ruleName.anyOf[1].not.enum (rules that take an argument)")

    let ruleObject = try ShippedFlowsTests.definition("ruleObject", in: schema)
    let fields = try #require(ruleObject["properties"] as? [String: Any])
    let objectFields = RuleName.allCases.map(\.rawValue) + ["message"]
    Self.expectAgree(
      objectFields.filter { fields[$0] != nil } + fields.keys.filter { !objectFields.contains($0) }.sorted(),
      objectFields, "\(Self.schemaPath)'s $defs.ruleObject.properties")
  }

  /// The schema's `$defs.ruleObject.oneOf` has one `{ "required": [NAME] }` per
  /// rule (an object with any other field is refused by every editor).
  @Test func theSchemasRuleObjectHasAFormForEachRule() throws {
    let ruleObject = try ShippedFlowsTests.definition("ruleObject", in: try ShippedFlowsTests.schema())
    let forms = try #require(
      ruleObject["oneOf"] as? [[String: Any]], "\(Self.schemaPath) has no $defs.ruleObject.oneOf")
    let names = forms.flatMap { $0["required"] as? [String] ?? [] }
    Self.expectAgree(
      names, RuleName.allCases.map(\.rawValue),
      "\(Self.schemaPath)'s $defs.ruleObject.oneOf (one { \"required\": [NAME] } per rule object form)")
  }

  /// The schema's prose that names rules: `$defs.rule`'s description (rules written
  /// by name) and `$defs.ruleName.anyOf[0]`'s (each built-in rule with what it checks).
  @Test func theSchemasDescriptionsNameEveryRuleWithoutArguments() throws {
    let schema = try ShippedFlowsTests.schema()
    let rule = try ShippedFlowsTests.definition("rule", in: schema)
    let ruleText = try #require(rule["description"] as? String)
    let named =
      try #require(ruleText.components(separatedBy: "a name (").dropFirst().first)
      .components(separatedBy: ", a rule the flow names").first ?? ""
    Self.expectAgree(
      named.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""]) },
      Self.namesWithoutArguments, "\(Self.schemaPath)'s $defs.rule description (\"a name (…\")")
    let ruleName = try ShippedFlowsTests.definition("ruleName", in: schema)
    let builtIn = try #require((ruleName["anyOf"] as? [[String: Any]])?.first?["description"] as? String)
    let described = builtIn.components(separatedBy: ": ").dropFirst().joined(separator: ": ")
      .components(separatedBy: "), ").map { String($0.prefix { $0 != " " }) }
    Self.expectAgree(
      described, Self.namesWithoutArguments,
      "\(Self.schemaPath)'s $defs.ruleName.anyOf[0] description (\"NAME (what it checks)\" per rule)")
  }

  /// FlowFormat.md's list of the rules a first value in `data` must pass (those that
  /// depend on the value alone, ``SubmitChecks/dependsOnValueAlone(_:)``) and of
  /// those it need not.
  @Test func theFlowFormatArticleListsTheRulesThatDependOnTheValueAlone() throws {
    let article = try String(contentsOf: PackagePaths.root.appendingPathComponent(Self.flowFormat), encoding: .utf8)
    let prefix = "rules that depend on the value alone ("
    let paragraph = try #require(
      article.components(separatedBy: prefix).dropFirst().first, "\(Self.flowFormat) has no \"\(prefix)…\"")
    let samples: [RuleName: RuleKind] = [
      .pattern: .pattern("x"), .minLength: .minLength(1), .maxLength: .maxLength(1), .oneOf: .oneOf(["a"]),
      .custom: .custom("x"),
    ]
    var alone: [String] = []
    var notAlone: [String] = []
    for name in RuleName.allCases {
      let kind = try #require(
        name.kindWithoutArgument ?? samples[name],
        "HandKeptListsTests.theFlowFormatArticleListsTheRulesThatDependOnTheValueAlone has no sample of \(name.rawValue): add one to `samples`"
      )
      if SubmitChecks.dependsOnValueAlone(kind) { alone.append(name.rawValue) } else { notAlone.append(name.rawValue) }
    }
    func names(_ text: Substring) -> [String] {
      text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
        String($0.element)
      }
    }
    let listed = paragraph.prefix { $0 != ")" }
    Self.expectAgree(
      names(listed), alone,
      "\(Self.flowFormat)'s list of \"\(prefix)…)\" (### First values in data; SubmitChecks.dependsOnValueAlone)")
    // "…) must pass, …; not `expiry`, which …, nor a custom rule, which is the host's."
    let excluded = paragraph.dropFirst(listed.count).prefix { $0 != "." }
    Self.expectAgree(
      names(excluded) + (excluded.contains("custom rule") ? ["custom"] : []), notAlone,
      "\(Self.flowFormat)'s rules a first value need not pass (\"not `expiry`, …\" after the list of \"\(prefix)…)\")")
  }

  @Test func theFlowFormatArticlesTableOfRulesHasARowForEachRule() throws {
    let article = try String(contentsOf: PackagePaths.root.appendingPathComponent(Self.flowFormat), encoding: .utf8)
    let section = try #require(article.components(separatedBy: "\n## Rules\n").dropFirst().first)
    let rows = section.components(separatedBy: "\n\n").first { $0.contains("| rule | string form |") } ?? ""
    let written = rows.split(separator: "\n").dropFirst(2).map { line in
      line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let custom = "named or custom"
    let names = RuleName.allCases.map { $0 == .custom ? custom : $0.rawValue }
    Self.expectAgree(written.map { $0[1] }, names, "\(Self.flowFormat)'s table of rules (## Rules)")
    Self.expectAgree(
      written.filter { !$0[2].isEmpty }.map { $0[1] }, Self.namesWithoutArguments + [custom],
      "\(Self.flowFormat)'s table of rules' rows with a string form (rules without arguments)")
  }

  // MARK: Cell kinds

  /// The schema's conditions on a row's `cell`, each the kinds a ``CellKind``
  /// property names, found by the fields they allow or forbid.
  @Test(arguments: [
    ("rules", "takesValue"), ("placeholder", "isTextLike"), ("detail", "showsDetail"), ("opens", "isTappable"),
  ])
  func theSchemasConditionsOnACellAreTheModels(_ field: String, _ property: String) throws {
    let row = try ShippedFlowsTests.definition("row", in: try ShippedFlowsTests.schema())
    let conditions = try #require(row["allOf"] as? [[String: Any]])
    let condition = try #require(
      conditions.first { (($0["else"] as? [String: Any])?["properties"] as? [String: Any])?[field] != nil },
      "\(Self.schemaPath)'s $defs.row.allOf has no condition that forbids \"\(field)\"")
    let cell = (condition["if"] as? [String: Any]).flatMap { ($0["properties"] as? [String: Any])?["cell"] }
    let kinds = try #require((cell as? [String: Any])?["enum"] as? [String])
    let expected: [CellKind] =
      switch property {
      case "takesValue": CellKind.allCases.filter(\.takesValue)
      case "isTextLike": CellKind.allCases.filter(\.isTextLike)
      case "showsDetail": CellKind.allCases.filter(\.showsDetail)
      default: CellKind.allCases.filter(\.isTappable)
      }
    Self.expectAgree(
      kinds, expected.map(\.rawValue),
      "\(Self.schemaPath)'s $defs.row.allOf condition that forbids \"\(field)\" elsewhere (CellKind.\(property))")
  }

  /// The schema's description of a row's `cell`: "Value cells (…)" are the kinds
  /// that take a value, and every other kind is said after them.
  @Test func theSchemasCellDescriptionNamesEveryKind() throws {
    let row = try ShippedFlowsTests.definition("row", in: try ShippedFlowsTests.schema())
    let cell = try #require((row["properties"] as? [String: Any])?["cell"] as? [String: Any])
    let text = try #require(cell["description"] as? String)
    let prefix = "Value cells ("
    let after = try #require(
      text.components(separatedBy: prefix).dropFirst().first, "\(Self.schemaPath)'s $defs.row cell description")
    let valueCells = after.prefix { $0 != ")" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let list = "\(Self.schemaPath)'s $defs.row.properties.cell description"
    Self.expectAgree(valueCells, CellKind.allCases.filter(\.takesValue).map(\.rawValue), "\(list) (\"\(prefix)…)\")")
    let rest = after.dropFirst(valueCells.joined(separator: ", ").count)
    let words = Set(rest.split { !$0.isLetter }.map(String.init))
    for kind in CellKind.allCases where !kind.takesValue {
      #expect(
        words.contains(kind.rawValue),
        "\(list) does not say what \(kind.rawValue) rows do; add it after the value cells")
    }
  }

  @Test func theFlowFormatArticleListsTheKinds() throws {
    let article = try String(contentsOf: PackagePaths.root.appendingPathComponent(Self.flowFormat), encoding: .utf8)
    func listed(after prefix: String) throws -> [String] {
      let line = try #require(
        article.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(Self.flowFormat) has no line \(prefix)…")
      let rest = line.dropFirst(prefix.count)
      let list = rest.prefix { $0 != "|" && $0 != "." }
      return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) }
    }
    Self.expectAgree(
      try listed(after: "| `cell` | "), CellKind.allCases.map(\.rawValue), "\(Self.flowFormat)'s row of `cell`")
    Self.expectAgree(
      try listed(after: "Value cells: "), CellKind.allCases.filter(\.takesValue).map(\.rawValue),
      "\(Self.flowFormat)'s \"Value cells:\" (CellKind.takesValue)")
    Self.expectAgree(
      try listed(after: "Text-like cells: "), CellKind.allCases.filter(\.isTextLike).map(\.rawValue),
      "\(Self.flowFormat)'s \"Text-like cells:\" (CellKind.isTextLike)")
  }

  /// The browser host's page draws a row by its kind from one table (`const cells`
  /// in screen.js); the root package does not build the page, so this test reads it.
  @Test func thePagesTableOfCellsHasEveryKind() throws {
    let path = "Examples/CheckoutServer/Public/js/screen.js"
    let script = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
    let table = try #require(
      script.components(separatedBy: "\nconst cells = {\n").dropFirst().first?.components(separatedBy: "\n};").first,
      "\(path) has no `const cells = { … };` table")
    let keys = table.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let colon = line.firstIndex(of: ":") else { return nil }
      return String(line[..<colon]).trimmingCharacters(in: .whitespaces)
    }
    Self.expectAgree(keys, CellKind.allCases.map(\.rawValue), "\(path)'s `cells` table")
  }

  /// The page's `const inputTypes` gives each text-like kind its `<input type>`; a
  /// kind it lacks would be drawn as `type=text` without a word.
  @Test func thePagesInputTypesHaveEveryTextLikeKind() throws {
    let path = "Examples/CheckoutServer/Public/js/screen.js"
    let script = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
    let prefix = "const inputTypes = {"
    let table = try #require(
      script.components(separatedBy: "\n" + prefix).dropFirst().first?.components(separatedBy: "};").first,
      "\(path) has no `\(prefix) … };` table")
    let keys = table.split(separator: ",").compactMap { entry -> String? in
      guard let colon = entry.firstIndex(of: ":") else { return nil }
      return entry[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let problems = ListDrift.problems(
      expected: CellKind.allCases.filter(\.isTextLike).map(\.rawValue), actual: keys,
      list: "\(path)'s `inputTypes` (the <input type> of each text-like kind, CellKind.isTextLike)")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
