import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// The documentation catalog (`Sources/CheckoutEngine/CheckoutEngine.docc`), the
/// one place each format is described, tells the engine as it is: the scenario
/// article lists exactly the language's commands and expectations, its examples
/// parse and its complete scenario replays; the flow-format article names every
/// field the loader accepts; the snapshot article names exactly the snapshot's
/// members and its example restores; the code in the articles is the code below,
/// which compiles and runs (Getting Started's host is `Examples/GettingStarted`, see
/// `GettingStartedExampleTests`). (`DocumentationLinkTests` checks the links of README
/// and `docs/`.)
@Suite struct DocumentationTests {
  // MARK: Scenario and REPL language

  @Test func scenarioArticleDocumentsExactlyTheCommands() throws {
    let article = try Markdown(Self.catalogArticle("ScenarioAndREPLLanguage"))
    let documented = article.headings(in: "Commands")
    let commands = ScenarioLanguage.commands.map(\.name)
    #expect(
      Markdown.missingAndExtra(documented: documented, actual: commands).isEmpty,
      "\(Markdown.missingAndExtra(documented: documented, actual: commands)): each command of ScenarioLanguage.commands needs a '### name' heading under '## Commands', and only those"
    )
  }

  @Test func scenarioArticleDocumentsExactlyTheExpectations() throws {
    let article = try Markdown(Self.catalogArticle("ScenarioAndREPLLanguage"))
    let headings = article.headings(in: "Expectations")
    #expect(
      headings.allSatisfy { $0.hasPrefix("expect ") }, "expectation headings are written 'expect NAME': \(headings)")
    let documented = headings.map { String($0.dropFirst("expect ".count)) }
    let expectations = ScenarioLanguage.expectations.map(\.name)
    #expect(
      Markdown.missingAndExtra(documented: documented, actual: expectations).isEmpty,
      "\(Markdown.missingAndExtra(documented: documented, actual: expectations)): each form of ScenarioLanguage.expectations needs a '### expect name' heading under '## Expectations', and only those"
    )
  }

  @Test func everyCommandAndExpectationHasAnExampleThatUsesIt() throws {
    let article = try Markdown(Self.catalogArticle("ScenarioAndREPLLanguage"))
    for section in ["Commands", "Expectations"] {
      for heading in article.headings(in: section) {
        let examples = article.codeBlocks(language: "scenario", section: section, subsection: heading)
        let uses = examples.flatMap { $0.split(separator: "\n") }.filter {
          $0 == heading || $0.hasPrefix(heading + " ")
        }
        #expect(!uses.isEmpty, "'### \(heading)' has no ```scenario example with a line starting '\(heading)'")
      }
    }
  }

  @Test func everyScenarioExampleInTheArticleParses() throws {
    let article = try Markdown(Self.catalogArticle("ScenarioAndREPLLanguage"))
    let blocks = article.codeBlocks(language: "scenario")
    #expect(blocks.count > 20)
    for block in blocks {
      do {
        _ = try ScenarioParser.parseScript(block)
      } catch {
        Issue.record("an example does not parse: \(error.line):\(error.column): \(error.message)\n\(block)")
      }
    }
  }

  @Test func theArticlesCompleteScenarioReplays() throws {
    let article = try Markdown(Self.catalogArticle("ScenarioAndREPLLanguage"))
    let story = try #require(article.codeBlocks(language: "scenario", section: "A complete scenario").first)
    var host = ScenarioHost(baseDirectory: PackagePaths.root.path)
    var passed = 0
    for (line, command) in try ScenarioParser.parseScript(story) {
      let outcome = host.run(command)
      #expect(outcome.problem == nil, "line \(line): \(outcome.problem ?? "")")
      #expect(outcome.failure == nil, "line \(line): \(outcome.failure?.description ?? "")")
      if outcome.passed { passed += 1 }
    }
    #expect(passed == story.split(separator: "\n").filter { $0.hasPrefix("expect ") }.count)
    #expect(passed >= 10)
  }

  /// The test above the others lean on: a command missing from the article is
  /// found, so the command tests fail when someone adds a command without
  /// documenting it.
  @Test func aMissingCommandIsFound() throws {
    let text = try Self.catalogArticle("ScenarioAndREPLLanguage")
    let withoutBack = text.replacingOccurrences(of: "### back\n", with: "")
    #expect(withoutBack != text)
    let documented = Markdown(withoutBack).headings(in: "Commands")
    #expect(
      Markdown.missingAndExtra(documented: documented, actual: ScenarioLanguage.commands.map(\.name)).hasPrefix(
        "missing: back"))
  }

  // MARK: The flow format

  /// Where each kind of object's fields are listed in the flow-format article.
  static let flowFormatSections: [(section: String, fields: [String])] = [
    ("Top level", FlowFields.flow),
    ("Steps", FlowFields.step),
    ("Completion checks", FlowFields.completionCheck),
    ("Rows", FlowFields.row),
    ("Picker options", FlowFields.option + FlowFields.optionSource),
    ("Rules", FlowFields.ruleKinds),
    ("Conditions", FlowFields.condition),
    ("Error matchers", FlowFields.errorMatcher),
  ]

  @Test func flowFormatArticleNamesEveryField() throws {
    let markdown = Markdown(try Self.catalogArticle("FlowFormat"))
    for (section, fields) in Self.flowFormatSections {
      let body = markdown.section(section)
      #expect(!body.isEmpty, "no '## \(section)' section")
      for field in fields where !body.contains("`\(field)`") && !body.contains("\"\(field)\"") {
        Issue.record("'## \(section)' does not name the field \(field)")
      }
    }
  }

  /// Each field of the Rows table is listed once: a row of the table per field.
  @Test func flowFormatRowsTableListsEachFieldOnce() throws {
    let rows = Markdown(try Self.catalogArticle("FlowFormat")).section("Rows").split(separator: "\n")
      .filter { $0.hasPrefix("| `") }
      .map { $0.dropFirst(3).prefix { $0 != "`" } }
    #expect(rows.sorted() == FlowFields.row.map { Substring($0) }.sorted(), "\(rows)")
  }

  /// The example flow of the flow-format pages lints clean. It shows a submit's
  /// `provides` and the top-level named `rules`; until the loader knows them, the
  /// three diagnostics about them (and only those) are expected.
  @Test func theFlowFormatExampleLints() throws {
    let markdown = Markdown(try Self.catalogArticle("FlowFormat"))
    let example = try #require(markdown.codeBlocks(language: "json", section: "An example").first)
    let report = FlowLoader().lint(bytes: Array(example.utf8), file: "example.json")
    let known = FlowFields.flow.contains("rules") && FlowFields.row.contains("provides")
    let notYetKnown = [
      "rules: unknown field \"rules\" in a flow", "unknown rule \"postalCode\"",
      "provides: unknown field \"provides\" in a row",
    ]
    let problems = report.diagnostics.map(\.description).filter { problem in
      known || !notYetKnown.contains { problem.contains($0) }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    #expect(known || report.diagnostics.count == notYetKnown.count, "\(report.diagnostics)")
  }

  // MARK: Session snapshots

  /// The members table of the snapshot article names exactly the members a
  /// snapshot's JSON can hold: the stored properties of `SessionSnapshot`, whose
  /// `Codable` conformance (synthesized) is the one definition of the format.
  @Test func snapshotArticleNamesExactlyTheMembers() throws {
    // The section's own table: its subsections (### The mode) tabulate the mode's cases.
    let section = Markdown(try Self.catalogArticle("SessionSnapshots")).section("The members")
    let table = (section.components(separatedBy: "\n### ").first ?? section)
      .split(separator: "\n").filter { $0.hasPrefix("| `") }
      .map { String($0.dropFirst(3).prefix { $0 != "`" }) }
    let session = CheckoutSession(flow: try Self.plndr())
    let members = Mirror(reflecting: session.snapshot()).children.compactMap(\.label)
    #expect(!members.isEmpty)
    #expect(
      Markdown.missingAndExtra(documented: table, actual: members).isEmpty,
      "\(Markdown.missingAndExtra(documented: table, actual: members)): '## The members' needs a row per member")
  }

  /// The article's example snapshot is one the engine writes: it restores on the
  /// shipped PLNDR flow, and the restored session's snapshot, encoded as the
  /// article says, is the example byte for byte.
  @Test func snapshotArticlesExampleRestoresAndIsWhatTheEngineWrites() throws {
    let markdown = Markdown(try Self.catalogArticle("SessionSnapshots"))
    let example = try #require(markdown.codeBlocks(language: "json").last)
    let compiled = try Self.plndr()
    let restored = try CheckoutSession(restoringJSON: Data(example.utf8), flow: compiled)
    #expect(restored.navigation.description == "cart>stepOne>stepTwo")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let written = String(decoding: try encoder.encode(restored.snapshot()), as: UTF8.self)
    #expect(written == example, "\(LineDiff.render(expected: example, actual: written))")
  }

  /// No article points outside the repository's own documentation for what a
  /// user needs (the catalog carries it in its own words).
  @Test func noArticlePointsOutsideTheRepository() throws {
    let catalog = PackagePaths.root.appendingPathComponent("Sources/CheckoutEngine/CheckoutEngine.docc")
    let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
    #expect(articles.count >= 12)
    for name in articles {
      let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
      for outside in ["../shared", "DESIGN.md", "/work/"] where text.contains(outside) {
        Issue.record("\(name) points at \(outside)")
      }
    }
  }

  // MARK: Code in the articles

  @Test func gettingStartedShowsTheEmbeddingExampleVerbatim() throws {
    let article = try Self.catalogArticle("GettingStarted")
    let example = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("Examples/Embedding/main.swift"), encoding: .utf8)
    #expect(article.contains("```swift\n" + example + "```"))
  }

  @Test(arguments: [
    ("HostingTheEngine", "restore"),
    ("HostingTheEngine", "a refusal"),
    ("BuildingFlowsInSwift", "a flow in Swift"), ("BuildingFlowsInSwift", "a step"),
    ("BuildingFlowsInSwift", "control flow"), ("BuildingFlowsInSwift", "custom rules"),
    ("BuildingFlowsInSwift", "a row's cell"), ("BuildingFlowsInSwift", "several languages"),
  ])
  func articleShowsTheSnippetVerbatim(_ article: String, _ snippet: String) throws {
    let blocks = Markdown(try Self.catalogArticle(article)).codeBlocks(language: "swift")
    let code = try Self.snippet(snippet)
    #expect(
      blocks.contains { $0.contains(code) },
      "no ```swift block of \(article).md shows the snippet '\(snippet)' of DocumentationTests.swift verbatim:\n\(code)"
    )
  }

  // The snippets: compiled and run here, shown verbatim in the articles.

  @Test func theRefusalSnippetMarksTheRowAtFault() throws {
    let compiled = CompiledFlow(
      try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent("plndr.json").path))
    var session = CheckoutSession(flow: compiled, today: try CalendarDate.parse("2026-11-21"))
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    var shaken: [RowID] = []
    func shake(_ row: RowID) { shaken.append(row) }
    let effects = session.send(.tap("continue"))
    // snippet: a refusal
    if let refusal = effects.lazy.compactMap(\.refusal).first,
      case .row(let step, let row)? = refusal.subject, step == session.navigation.top
    {
      shake(row)  // and show refusal.message
    }
    // end snippet
    #expect(shaken == ["continue"])
  }

  @Test func theHostingArticleListsEveryRefusalCodeInOrder() throws {
    let article = try Self.catalogArticle("HostingTheEngine")
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.contains("refused because") == false }
    let codes = rows.compactMap { row -> String? in
      let cell = row.dropFirst(3).prefix { $0 != "`" }
      return Refusal.Code(rawValue: String(cell)).map(\.rawValue)
    }
    #expect(codes == Refusal.Code.allCases.map(\.rawValue))
  }

  /// The planner is the package's own (sessions and `checkout plan` use it); a route
  /// reads its commands in place and copies them when kept.
  @Test func thePlannerPlansTheShortestRoute() throws {
    let flow = try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent("plndr.json").path)
    var shown: [String] = []
    func print(_ value: Any) { shown.append("\(value)") }
    let planner = RoutePlanner(flow)  // or compiled.planner, built once per flow
    let from = try NavigationState(parsing: "cart>stepOne>stepTwo")
    let route = try planner.plan(from: from, to: "creditCard").get()
    print(route)  // pop, present creditCard
    for command in route.commands { print(command) }  // read in place: planning allocates nothing
    print(Array(route.commands))  // a copy, when you keep them
    #expect(shown == ["pop, present creditCard", "pop", "present creditCard", "[pop, present creditCard]"])
  }

  @Test func theRestoreSnippetRuns() throws {
    let compiled = CompiledFlow(
      try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent("plndr.json").path))
    var session = CheckoutSession(flow: compiled, today: try CalendarDate.parse("2026-11-21"))
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    session.send(.tap("creditCard"))
    session.send(.appeared("creditCard"))
    session.send(.set(.row("number"), .string("4242 4242 4242 4242")))
    session.send(.set(.row("cvv"), .string("123")))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "DocumentationTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("checkout-session.json")
    // snippet: restore
    // When the app goes to the background: no CVV is written, the card number is masked.
    try session.snapshotJSON().write(to: file)

    // When it launches again, on the same flow:
    let restored = try CheckoutSession(restoringJSON: Data(contentsOf: file), flow: compiled)
    print(restored.navigation)  // cart>stepOne|creditCard: rebuild these screens, then go on
    // end snippet
    #expect(restored.navigation.description == "cart>stepOne|creditCard")
    #expect(restored.value(for: "payment.card.number") == .string("•••• 4242"))
    #expect(restored.value(for: "payment.card.cvv") == nil)
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(!written.contains("123") && !written.contains("4242 4242"))
  }

  @Test func theDSLSnippetBuildsAValidFlow() throws {
    // snippet: a flow in Swift
    let flow = Flow(id: "mini", title: "Mini checkout", start: "cart") {
      Step("cart", title: "My Cart") {
        Disclosure("discount", title: "Discount code", opens: "discount")
          .detail("{discount.code}")
        Button("checkout", title: "Checkout", opens: "review")
      }
      Step("discount", title: "Discount code", presentation: .modal) {
        TextField("code", title: "Code", bind: "discount.code")
          .rules([Rule(.required), Rule(.pattern("^[A-Z0-9]{4,12}$"), message: "4 to 12 letters or digits")])
        Button("apply", title: "Apply", submit: "applyDiscount")
        Button.closing("done", title: "Done")
      }
      Step("review", title: "Review") {
        Toggle("gift", title: "This is a gift", bind: "order.gift")
        TextField("note", title: "Gift note", bind: "order.note")
          .visible(when: .equals("order.gift", .bool(true)))
          .rules(.maxLength(200))
        Button("pay", title: "Pay", submit: "placeOrder", then: "done")
      }
      Step("done", title: "Thank you", presentation: .reset) {}
      ErrorMatcher(code: "discount_*", step: "discount", row: "code")
      ErrorMatcher(code: "*", step: "review", message: "Something went wrong. Please try again.")
    }
    let problems = flow.validate()  // the loader's checks: [] here
    let json = FlowWriter.json(flow)  // the same flow as a JSON file
    // end snippet
    #expect(problems.isEmpty, "\(problems)")
    #expect(try FlowLoader().load(json: json) == flow)
  }

  @Test func theSeveralLanguagesSnippetLintsAndShowsGerman() throws {
    // snippet: several languages
    let flow = Flow(id: "card", title: ["en": "Pay", "de": "Bezahlen"], start: "card", locales: ["en", "de"]) {
      Step("card", title: ["en": "Credit card", "de": "Kreditkarte"]) {
        TextField("number", title: ["en": "Card number", "de": "Kartennummer"], bind: "payment.card.number")
          .placeholder("1234 5678 9012 3456")  // no words: the same in every language
          .rules([Rule(.luhn, message: ["en": "Check the card number.", "de": "Prüfen Sie die Kartennummer."])])
        Button("pay", title: ["en": "Pay now", "de": "Jetzt bezahlen"], submit: "pay")
      }
      ErrorMatcher(code: "*", step: "card", message: ["en": "Please try again.", "de": "Bitte erneut versuchen."])
    }
    let german = flow.step("card")?.row("number")?.title.text(in: "de")  // "Kartennummer"
    // end snippet
    #expect(german == "Kartennummer")
    #expect(!flow.lint().contains { $0.severity == .error }, "\(flow.lint())")
    #expect(try FlowLoader().load(json: FlowWriter.json(flow)) == flow)
  }

  @Test func theDSLArticlesOtherSnippetsRun() throws {
    // snippet: a step
    let payment = Step(
      "payment", title: "Payment", presentation: .modal,
      complete: [
        CompletionCheck(when: .present("payment.card.number", true), message: "Add a card to pay with.")
      ]
    ) {
      Disclosure("card", title: "Card", opens: "cardEntry", bind: "payment.card.number")
      Button.closing("done", title: "Done")
    }
    // end snippet
    #expect(payment.complete.count == 1 && payment.rows.map(\.id) == ["card", "done"])

    // snippet: control flow
    let countries = ["US", "CA"]
    let shipping = Flow(id: "shipping", title: "Shipping", start: "country") {
      Step("country", title: "Country") {
        for country in countries {
          Button(RowID(country.lowercased()), title: LocalizedText(country), opens: StepID("address\(country)"))
        }
      }
      for country in countries {
        Step(StepID("address\(country)"), title: "Address (\(country))") {
          TextField("zip", title: country == "US" ? "ZIP code" : "Postal code", bind: "shipping.zip")
            .rules(.required)
        }
      }
    }
    // end snippet
    #expect(shipping.steps.map(\.id) == ["country", "addressUS", "addressCA"])
    #expect(shipping.validate().isEmpty)
    #expect(!shipping.lint().contains { $0.severity == .error }, "\(shipping.lint())")

    // snippet: custom rules
    let postalCode = CustomRule(name: "postalCode", message: "Enter a valid postal code") { value in
      value.count == 5 && value.allSatisfy(\.isNumber)
    }
    let registry = RuleRegistry([postalCode])
    let flow = Flow(id: "zip", title: "ZIP", start: "address") {
      Step("address", title: "Address") {
        TextField("zip", title: "ZIP code", bind: "shipping.zip").rules(.required, .custom("postalCode"))
      }
    }
    let problems = flow.validate(customRules: Set(registry.rules.keys))  // [] (unregistered: "unknown rule")
    var session = CheckoutSession(flow: CompiledFlow(flow, registry: registry))
    session.send(.set(.row("zip"), .string("9720")))
    print(session.screen.rows[0].error ?? "")  // Enter a valid postal code
    // end snippet
    #expect(problems.isEmpty)
    #expect(!flow.validate().isEmpty)
    #expect(session.screen.rows[0].error == "Enter a valid postal code")
  }

  @Test func theCellSnippetSwitchesOverEveryKind() {
    // snippet: a row's cell
    func describe(_ row: Row) -> String {
      switch row.cell {
      case .text(let entry), .secure(let entry), .number(let entry), .email(let entry), .phone(let entry):
        return "\(row.kind.withArticle) field writing \(entry.bind)"
      case .picker(let bind, .list(let options)): return "a choice of \(options.count) for \(bind)"
      case .picker(let bind, .from(let key)): return "a choice for \(bind) from \(key)"
      case .toggle(let bind): return "a switch for \(bind)"
      case .disclosure(let opens, _, _): return "opens \(opens)"
      case .button(.opens(let step)): return "opens \(step)"
      case .button(.close): return "closes its step"
      case .button(.resume): return "finishes the action its step is for"
      case .button(.submit(let submit)): return "calls \(submit.operation)"
      case .info(let bind, let detail): return "shows \(detail?.text ?? bind?.rawValue ?? "its title")"
      }
    }
    let size = Picker("size", title: "Size", bind: "form.size", options: [PickerOption(value: "m", label: "Medium")])
    print(describe(size.row))  // a choice of 1 for form.size
    print(size.row.options == .list([PickerOption(value: "m", label: "Medium")]))  // true: read from the cell
    // end snippet
    #expect(describe(size.row) == "a choice of 1 for form.size")
    #expect(describe(Button.closing("done", title: "Done").row) == "closes its step")
    #expect(
      describe(TextField("age", title: "Age", bind: "form.age", cell: .number).row) == "a number field writing form.age"
    )
  }

  // MARK: Helpers

  /// The shipped PLNDR flow, compiled.
  static func plndr() throws -> CompiledFlow {
    CompiledFlow(try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent("plndr.json").path))
  }

  /// The text of an article of the catalog.
  static func catalogArticle(_ name: String) throws -> String {
    let url = PackagePaths.root.appendingPathComponent("Sources/CheckoutEngine/CheckoutEngine.docc/\(name).md")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The lines between `// snippet: NAME` and `// end snippet` in the calling
  /// file, with their common indentation removed (an article shows them in a
  /// ```swift block).
  static func snippet(_ name: String, in file: String = #filePath) throws -> String {
    let source = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// snippet: \(name)" })
    let end = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// end snippet" })
    let body = lines[(start + 1)..<end]
    let indent =
      body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }.joined(separator: "\n")
  }
}

/// Just enough Markdown reading for these tests: `##` sections, `###` headings and
/// fenced code blocks.
struct Markdown {
  struct Block {
    var language: String
    var section: String
    var subsection: String
    var text: String
  }

  private(set) var sections: [String: String] = [:]
  private(set) var headingsBySection: [String: [String]] = [:]
  private(set) var blocks: [Block] = []

  init(_ text: String) {
    var section = ""
    var subsection = ""
    var fence: (language: String, lines: [Substring])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let open = fence {
          blocks.append(
            Block(
              language: open.language, section: section, subsection: subsection,
              text: open.lines.joined(separator: "\n")))
          fence = nil
        } else {
          fence = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
        }
      } else if fence != nil {
        fence?.lines.append(line)
      } else if line.hasPrefix("## ") {
        section = Self.title(line.dropFirst(3))
        subsection = ""
      } else if line.hasPrefix("### ") {
        subsection = Self.title(line.dropFirst(4))
        headingsBySection[section, default: []].append(subsection)
      }
      if fence == nil || !line.hasPrefix("```") { sections[section, default: ""] += line + "\n" }
    }
  }

  /// A heading's text without backticks and surrounding spaces.
  private static func title(_ text: Substring) -> String {
    text.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
  }

  /// The `###` headings of a `##` section, in order.
  func headings(in section: String) -> [String] { headingsBySection[section] ?? [] }

  /// The text of a `##` section (empty when there is none).
  func section(_ name: String) -> String { sections[name] ?? "" }

  /// The code blocks in a language, optionally only those of a section (and subsection).
  func codeBlocks(language: String, section: String? = nil, subsection: String? = nil) -> [String] {
    blocks.filter {
      $0.language == language && (section == nil || $0.section == section)
        && (subsection == nil || $0.subsection == subsection)
    }.map(\.text)
  }

  /// What a documented list lacks and what it has too many of: `""` when it
  /// names exactly the actual names, each once.
  static func missingAndExtra(documented: [String], actual: [String]) -> String {
    let missing = actual.filter { !documented.contains($0) }
    let extra = documented.filter { !actual.contains($0) }
    let twice = Set(documented.filter { name in documented.filter { $0 == name }.count > 1 })
    return [
      missing.isEmpty ? nil : "missing: \(missing.joined(separator: ", "))",
      extra.isEmpty ? nil : "not in the language: \(extra.joined(separator: ", "))",
      twice.isEmpty ? nil : "documented twice: \(twice.sorted().joined(separator: ", "))",
    ].compactMap { $0 }.joined(separator: "; ")
  }
}
