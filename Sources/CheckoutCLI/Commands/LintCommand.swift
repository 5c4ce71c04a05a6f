import CheckoutEngine
import Foundation

/// `checkout lint FLOW... [--json]`: every problem in each flow, exit 1 if any is an error.
enum LintCommand {
  static let spec = CommandSpec(
    name: "lint",
    summary: "check flow files: format, ids, rules, and the graph",
    positionals: [PositionalSpec(name: "FLOW", help: "flow files to check", isRepeating: true)],
    options: [
      .flag("--json", help: "print the problems as JSON, for machines"),
      .flag("--matrix", help: "also print the coverage matrix: every failing step x every resolution"),
    ],
    discussion: """
      Loading checks (syntax, fields, types, ids) and graph checks (unreachable steps,
      keys bound with different rules, matchers that never match, and the coverage
      matrix: a route from every step where a submit can fail to every error
      resolution) are all reported, each as file:line:column with the JSON path and
      a suggestion.

      exit status: 0 no errors (warnings allowed); 1 any error, or a file that cannot be read.
      """,
    run: run)

  static func run(_ arguments: ParsedArguments, _ terminal: Terminal) -> ExitStatus {
    let loader = FlowLoader()
    var paths = arguments.positionals
    if paths.count > 1 {
      // `lint Flows/*.json` also matches the format's own JSON Schema: it is not a flow.
      let schemas = paths.filter { isJSONSchema(terminal.resolve($0)) }
      for schema in schemas where !arguments.has("--json") {
        terminal.line("\(schema): skipped (a JSON Schema, not a flow)")
      }
      paths.removeAll(where: schemas.contains)
    }
    let reports = paths.map { path in
      var report = loader.lint(contentsOf: terminal.resolve(path))
      report.file = path
      return report
    }
    if arguments.has("--json") {
      terminal.write(LintJSON.encode(reports, matrix: arguments.has("--matrix")))
    } else {
      printText(reports, terminal)
      if arguments.has("--matrix") { printMatrices(reports, terminal) }
    }
    return reports.contains(where: \.hasErrors) ? .failure : .success
  }

  /// Whether a file is a JSON Schema document (its `$schema` names a json-schema.org draft).
  static func isJSONSchema(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let schema = object["$schema"] as? String
    else { return false }
    return schema.hasPrefix("https://json-schema.org/") || schema.hasPrefix("http://json-schema.org/")
  }

  private static func printText(_ reports: [LintReport], _ terminal: Terminal) {
    var errors = 0
    var warnings = 0
    for report in reports {
      for diagnostic in report.diagnostics {
        terminal.line(terminal.render(diagnostic, file: report.file))
      }
      errors += report.diagnostics.filter { $0.severity == .error }.count
      warnings += report.diagnostics.filter { $0.severity == .warning }.count
      if let flow = report.flow, !report.hasErrors {
        let rows = flow.steps.map(\.rows.count).reduce(0, +)
        terminal.line(
          "\(report.file ?? "<flow>"): \(terminal.styled("ok", .green)) (\(count(flow.steps.count, "step")), \(count(rows, "row")), \(count(flow.errors.count, "error matcher")))"
        )
      }
    }
    if errors + warnings > 0 {
      terminal.line("\(count(errors, "error")), \(count(warnings, "warning")) in \(count(reports.count, "file"))")
    }
  }

  private static func printMatrices(_ reports: [LintReport], _ terminal: Terminal) {
    for report in reports {
      guard let flow = report.flow else { continue }
      let matrix = CoverageMatrix(flow)
      let covered = matrix.cells.count - matrix.gaps.count
      terminal.line()
      terminal.line(
        "\(report.file ?? "<flow>"): coverage \(covered)/\(matrix.cells.count) (\(count(matrix.origins.count, "failing step")) x \(count(matrix.targets.count, "resolution")))")
      terminal.write(matrix.table())
    }
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}

/// The `--json` shape of lint output.
enum LintJSON {
  struct Output: Encodable {
    var ok: Bool
    var errors: Int
    var warnings: Int
    var files: [File]
  }

  struct File: Encodable {
    var file: String
    var ok: Bool
    var diagnostics: [Entry]
    var coverage: [Coverage]?
  }

  struct Coverage: Encodable {
    var from: String
    var state: String?
    var to: String
    var route: [String]?
    var error: String?
  }

  struct Entry: Encodable {
    var severity: String
    var code: String
    var message: String
    var path: String?
    var line: Int?
    var column: Int?
    var suggestion: String?
  }

  static func encode(_ reports: [LintReport], matrix: Bool) -> String {
    let files = reports.map { report in
      File(
        file: report.file ?? "<flow>", ok: !report.hasErrors,
        diagnostics: report.diagnostics.map { diagnostic in
          Entry(
            severity: diagnostic.severity.rawValue, code: diagnostic.code.rawValue,
            message: diagnostic.message, path: diagnostic.path.map(\.description),
            line: diagnostic.location?.line, column: diagnostic.location?.column,
            suggestion: diagnostic.suggestion)
        },
        coverage: matrix ? report.flow.map(coverage) : nil)
    }
    let all = reports.flatMap(\.diagnostics)
    let output = Output(
      ok: !reports.contains(where: \.hasErrors),
      errors: all.filter { $0.severity == .error }.count,
      warnings: all.filter { $0.severity == .warning }.count,
      files: files)
    return JSONText.encode(output)
  }
}

extension LintJSON {
  static func coverage(_ flow: Flow) -> [Coverage] {
    CoverageMatrix(flow).cells.map { cell in
      var entry = Coverage(from: cell.origin.step.rawValue, state: cell.origin.state?.description, to: cell.target.name)
      switch cell.route {
      case .success(let route): entry.route = route.commands.map(\.description)
      case .failure(let noRoute): entry.error = noRoute.description
      }
      return entry
    }
  }
}

/// Pretty, stable JSON for command output.
enum JSONText {
  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
