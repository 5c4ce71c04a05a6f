import CheckoutTestSupport
import CheckoutEngine
import Testing

/// JSON text with emoji markers (`1️⃣`, `2️⃣`, …) where diagnostics must point,
/// as swift-format's rule tests mark findings.
///
/// The markers are removed; each one's line and column (1-based, columns in
/// characters) is taken in the text without markers, which is what gets loaded.
struct MarkedSource {
  /// The markers a fixture may use, in order.
  static let markers: [Character] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

  /// The text without its markers.
  let text: String
  /// Where each marker stood in `text`.
  let locations: [Character: CheckoutEngine.SourceLocation]

  init(_ marked: String) {
    var text = ""
    var locations: [Character: CheckoutEngine.SourceLocation] = [:]
    var line = 1
    var column = 1
    for character in marked {
      if MarkedSource.markers.contains(character) {
        precondition(locations[character] == nil, "marker \(character) is used twice")
        locations[character] = CheckoutEngine.SourceLocation(line: line, column: column)
        continue
      }
      text.append(character)
      if character == "\u{FEFF}" && line == 1 && column == 1 {
        continue  // a byte order mark takes no column
      }
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    self.text = text
    self.locations = locations
  }

  /// The location of a marker; a test that names a missing marker fails.
  func location(
    of marker: Character, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> CheckoutEngine.SourceLocation? {
    guard let location = locations[marker] else {
      Issue.record("the fixture has no marker \(marker)", sourceLocation: sourceLocation)
      return nil
    }
    return location
  }
}

/// One diagnostic a fixture must produce: at a marker, with this message, path and suggestion.
struct ExpectedDiagnostic: Sendable {
  var marker: Character
  var severity: Diagnostic.Severity
  var message: String
  /// The JSON path as printed (`steps[0].rows[1].opens`); nil for a syntax error.
  var path: String?
  var suggestion: String?

  static func error(
    _ marker: Character, _ message: String, path: String? = nil, suggestion: String? = nil
  ) -> ExpectedDiagnostic {
    ExpectedDiagnostic(marker: marker, severity: .error, message: message, path: path, suggestion: suggestion)
  }

  static func warning(
    _ marker: Character, _ message: String, path: String? = nil, suggestion: String? = nil
  ) -> ExpectedDiagnostic {
    ExpectedDiagnostic(marker: marker, severity: .warning, message: message, path: path, suggestion: suggestion)
  }
}

/// A diagnostic reduced to what a test compares, printed one per line in failures.
struct ComparableDiagnostic: Equatable, CustomStringConvertible {
  var location: CheckoutEngine.SourceLocation?
  var severity: Diagnostic.Severity
  var path: String?
  var message: String
  var suggestion: String?

  init(_ diagnostic: Diagnostic) {
    location = diagnostic.location
    severity = diagnostic.severity
    path = diagnostic.path?.description
    message = diagnostic.message
    suggestion = diagnostic.suggestion
  }

  init(_ expected: ExpectedDiagnostic, at location: CheckoutEngine.SourceLocation?) {
    self.location = location
    severity = expected.severity
    path = expected.path
    message = expected.message
    suggestion = expected.suggestion
  }

  var description: String {
    var text = "\(location.map(\.description) ?? "-"): \(severity.rawValue): "
    if let path { text += "\(path): " }
    text += message
    if let suggestion { text += " [suggestion: \(suggestion)]" }
    return text
  }
}

/// Loads a marked fixture and checks that loading fails with exactly these
/// diagnostics, in this order; returns what was reported.
@discardableResult
func expectLoadDiagnostics(
  _ marked: String, loader: FlowLoader = FlowLoader(), _ expected: [ExpectedDiagnostic],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
  let source = MarkedSource(marked)
  let actual: [Diagnostic]
  do {
    let flow = try loader.load(json: source.text, file: "fixture.json")
    Issue.record("the flow loaded (\(flow.steps.count) steps); expected it to fail", sourceLocation: sourceLocation)
    return []
  } catch {
    actual = error.diagnostics
  }
  compare(actual, expected, source, sourceLocation: sourceLocation)
  return actual
}

/// Lints a marked fixture and checks the report's diagnostics, errors and warnings.
@discardableResult
func expectLintDiagnostics(
  _ marked: String, loader: FlowLoader = FlowLoader(), _ expected: [ExpectedDiagnostic],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> LintReport {
  let source = MarkedSource(marked)
  let report = loader.lint(bytes: Array(source.text.utf8), file: "fixture.json")
  compare(report.diagnostics, expected, source, sourceLocation: sourceLocation)
  return report
}

private func compare(
  _ actual: [Diagnostic], _ expected: [ExpectedDiagnostic], _ source: MarkedSource,
  sourceLocation: Testing.SourceLocation
) {
  let wanted = expected.map {
    ComparableDiagnostic($0, at: source.location(of: $0.marker, sourceLocation: sourceLocation))
  }
  let got = actual.map(ComparableDiagnostic.init)
  guard wanted != got else { return }
  var lines = [
    "diagnostics differ; "
      + LineDiff.render(
        expected: wanted.map(\.description).joined(separator: "\n"),
        actual: got.map(\.description).joined(separator: "\n"))
  ]
  lines.append("all diagnostics as rendered:")
  lines += actual.map { "  " + $0.rendered(file: "fixture.json") }
  Issue.record(Comment(rawValue: lines.joined(separator: "\n")), sourceLocation: sourceLocation)
}
