import CheckoutEngine
import Foundation
import CheckoutTestSupport
import Testing

/// The flows in `Flows/` load and lint clean, and the JSON Schema beside them
/// declares exactly the fields and values the loader accepts.
@Suite struct ShippedFlowsTests {
  @Test func theExampleFlowsAreShipped() {
    let names = PackagePaths.shippedFlowNames
    #expect(names.contains("plndr.json"))
    #expect(names.contains("express.json"))
    #expect(names.contains("tickets.json"))
  }

  @Test(arguments: PackagePaths.shippedFlowNames)
  func shippedFlowLoadsAndLintsWithoutErrors(_ name: String) throws {
    let path = PackagePaths.flows.appendingPathComponent(name).path
    do {
      let flow = try FlowLoader().load(contentsOf: path)
      #expect(!flow.steps.isEmpty)
    } catch {
      Issue.record("\(name) does not load:\n\(error)")
    }
    let report = FlowLoader().lint(contentsOf: path)
    let errors = report.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map { $0.rendered(file: name) }.joined(separator: "\n"))")
  }

  /// Every matcher of a shipped flow says what went wrong in each of the flow's
  /// languages: without a `message`, a shopper outside the default language reads
  /// only the engine's general "please check this" (lint's `untranslated-api-message`).
  @Test(arguments: PackagePaths.shippedFlowNames)
  func everyMatcherOfAShippedFlowHasAMessageInEachLocale(_ name: String) throws {
    let report = FlowLoader().lint(contentsOf: PackagePaths.flows.appendingPathComponent(name).path)
    let untranslated = report.diagnostics.filter { $0.code == "untranslated-api-message" }
    #expect(untranslated.isEmpty, "\(untranslated.map { $0.rendered(file: name) }.joined(separator: "\n"))")
  }

  // MARK: The schema

  /// `Flows/flow.schema.json`, parsed by Foundation (not by the loader under test).
  static func schema() throws -> [String: Any] {
    let data = try Data(contentsOf: PackagePaths.flows.appendingPathComponent("flow.schema.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func definition(_ name: String, in schema: [String: Any]) throws -> [String: Any] {
    let definitions = try #require(schema["$defs"] as? [String: Any], "the schema has no $defs")
    return try #require(definitions[name] as? [String: Any], "the schema has no $defs.\(name)")
  }

  static func properties(of object: [String: Any], _ what: String) throws -> Set<String> {
    let properties = try #require(object["properties"] as? [String: Any], "\(what) has no properties")
    return Set(properties.keys)
  }

  static func enumeration(_ property: String, of object: [String: Any]) throws -> [String] {
    let properties = try #require(object["properties"] as? [String: Any])
    let declaration = try #require(properties[property] as? [String: Any], "no property \(property)")
    return try #require(declaration["enum"] as? [String], "\(property) has no enum")
  }

  @Test(arguments: [
    ("step", FlowFields.step), ("row", FlowFields.row), ("option", FlowFields.option),
    ("optionSource", FlowFields.optionSource), ("completionCheck", FlowFields.completionCheck),
    ("errorMatcher", FlowFields.errorMatcher),
  ])
  func schemaDeclaresTheLoadersFields(_ definition: String, _ fields: [String]) throws {
    let schema = try Self.schema()
    let declared = try Self.properties(of: try Self.definition(definition, in: schema), definition)
    #expect(declared == Set(fields), "schema $defs.\(definition) and FlowFields differ")
  }

  @Test func schemaTopLevelDeclaresTheFlowsFields() throws {
    let schema = try Self.schema()
    #expect(try Self.properties(of: schema, "the flow") == Set(FlowFields.flow))
    #expect(schema["additionalProperties"] as? Bool == false, "unknown fields must be errors in editors too")
  }

  @Test func schemaConditionFormsDeclareTheConditionFields() throws {
    let schema = try Self.schema()
    let condition = try Self.definition("condition", in: schema)
    let forms = try #require(condition["oneOf"] as? [[String: Any]], "$defs.condition has no oneOf")
    var declared: Set<String> = []
    for form in forms {
      let reference = try #require(form["$ref"] as? String)
      let name = try #require(reference.split(separator: "/").last.map(String.init))
      declared.formUnion(try Self.properties(of: try Self.definition(name, in: schema), name))
    }
    #expect(forms.count == 5)
    #expect(declared == Set(FlowFields.condition))
  }

  @Test func schemaEnumerationsMatchTheModel() throws {
    let schema = try Self.schema()
    let row = try Self.definition("row", in: schema)
    let step = try Self.definition("step", in: schema)
    HandKeptListsTests.expectAgree(
      try Self.enumeration("cell", of: row), CellKind.allCases.map(\.rawValue),
      "Flows/flow.schema.json's $defs.row.properties.cell.enum")
    #expect(try Self.enumeration("keyboard", of: row) == Keyboard.allCases.map(\.rawValue))
    #expect(try Self.enumeration("presentation", of: step) == Presentation.allCases.map(\.rawValue))
  }
}
