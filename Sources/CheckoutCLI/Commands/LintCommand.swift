import CheckoutEngine
import Foundation

/// `checkout lint FLOW... [--json]`: every problem in each flow, exit 1 if any is an error.
package enum LintCommand {
  static let json = OptionSpec.flag("--json", help: "print the problems as JSON, for machines")
  static let matrix = OptionSpec.flag(
    "--matrix", help: "also print the coverage matrix: every failing step x every resolution")

  /// `lint`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The flow files, in order.
    package var files: [String]
    /// `--json`.
    package var json = false
    /// `--matrix`.
    package var matrix = false
  }

  static func parse(_ arguments: ParsedArguments) -> Command {
    .lint(Options(files: arguments.positionals, json: arguments.has(json), matrix: arguments.has(matrix)))
  }

  static let spec = CommandSpec(
    name: "lint",
    summary: "check flow files: format, ids, rules, and the graph",
    positionals: [PositionalSpec(name: "FLOW", help: "flow files to check", isRepeating: true)],
    options: [json, matrix],
    discussion: """
      Loading checks (syntax, fields, types, ids) and graph checks (unreachable steps,
      keys bound with different rules, matchers that never match, guards that never
      hold or that only values a submit's own checks refuse get past, and the coverage
      matrix: a route from every step where a submit can fail to every error
      resolution) are all reported, each as file:line:column with the JSON path and
      a suggestion. Several files are checked as a set a server runs: two files with
      the same flow id and "version" (or both without one) are an error at the later.

      Past 200 problems in a file, the rest are counted: "… and 1,234,567 more errors".

      exit status: 0 no errors (warnings allowed); 1 any error; 2 a file that cannot be
      read (the system's reason is printed), even when other files have errors.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    let loader = FlowLoader()
    var reports: [LintReport] = []
    var unreadable = false
    for path in options.files {
      let bytes: [UInt8]
      do {
        bytes = try InputFile.read(terminal.resolve(path))
      } catch {
        unreadable = true
        reports.append(
          LintReport(
            file: path, flow: nil, diagnostics: [Diagnostic(code: "unreadable-file", message: error.description)]))
        continue
      }
      // `lint Flows/*.json` also matches the format's own JSON Schema: it is not a flow.
      if options.files.count > 1, isJSONSchema(bytes) {
        if !options.json { terminal.line("\(path): skipped (a JSON Schema, not a flow)") }
        continue
      }
      // Files linted together are served together: one file per version of a flow.
      var report = loader.lint(bytes: bytes, file: path, besides: reports)
      report.file = path
      reports.append(report)
    }
    if options.json {
      terminal.write(LintJSON.encode(reports, matrix: options.matrix))
    } else {
      printText(reports, terminal)
      if options.matrix { printMatrices(reports, terminal) }
    }
    if unreadable { return InputFailure.status(.unreadableFile, lint: true) }
    return reports.contains(where: \.hasErrors) ? InputFailure.status(.problems, lint: true) : .success
  }

  /// Whether a file is a JSON Schema document (its `$schema` names a json-schema.org draft).
  static func isJSONSchema(_ bytes: [UInt8]) -> Bool {
    // Only a file that names json-schema.org near its start is parsed a second time.
    var parser = JSONParser(bytes: bytes)
    guard String(decoding: bytes.prefix(4096), as: UTF8.self).contains("json-schema.org"),
      case .object(let members)? = try? parser.parseDocument().kind,
      case .string(let schema)? = members.first(where: { $0.key == "$schema" })?.value.kind
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
      if let line = report.omitted.line { terminal.line("\(report.file ?? "<flow>"): \(line)") }
      errors += report.diagnostics.filter { $0.severity == .error }.count + report.omitted.errors
      warnings += report.diagnostics.filter { $0.severity == .warning }.count + report.omitted.warnings
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
        "\(report.file ?? "<flow>"): coverage \(covered)/\(matrix.cells.count) (\(count(matrix.origins.count, "failing step")) x \(count(matrix.targets.count, "resolution"))\(matrix.cells.count < matrix.origins.count * matrix.targets.count ? ", each x those of its operation" : ""))"
      )
      terminal.write(matrix.table())
    }
  }

  /// `1 step`, `1,204 steps`; `plural` for a noun that is not made plural with an
  /// `s` (`count(9, "action story", plural: "action stories")`).
  static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(Quoting.grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
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
    /// Errors past the 200 listed, counted only.
    var omittedErrors: Int?
    /// Warnings past the 200 listed, counted only.
    var omittedWarnings: Int?
    var coverage: [Coverage]?
  }

  struct Coverage: Encodable {
    var from: String
    var operation: String
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
        omittedErrors: report.omitted.errors > 0 ? report.omitted.errors : nil,
        omittedWarnings: report.omitted.warnings > 0 ? report.omitted.warnings : nil,
        coverage: matrix ? report.flow.map(coverage) : nil)
    }
    let all = reports.flatMap(\.diagnostics)
    let output = Output(
      ok: !reports.contains(where: \.hasErrors),
      errors: all.filter { $0.severity == .error }.count + reports.map(\.omitted.errors).reduce(0, +),
      warnings: all.filter { $0.severity == .warning }.count + reports.map(\.omitted.warnings).reduce(0, +),
      files: files)
    return JSONText.encode(output)
  }
}

extension LintJSON {
  static func coverage(_ flow: Flow) -> [Coverage] {
    CoverageMatrix(flow).cells.map { cell in
      var entry = Coverage(
        from: cell.origin.step.rawValue, operation: cell.origin.operation.rawValue,
        state: cell.origin.state?.description, to: cell.target.name)
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
