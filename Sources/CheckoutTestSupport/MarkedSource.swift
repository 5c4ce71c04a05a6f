import CheckoutEngine

/// JSON text with emoji markers (`1️⃣`, `2️⃣`, …) where diagnostics must point,
/// as swift-format's rule tests mark findings.
///
/// The markers are removed; each one's line and column (1-based, columns in
/// characters) is taken in the text without markers, which is what gets loaded.
package struct MarkedSource {
  /// The markers a fixture may use, in order.
  package static let markers: [Character] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

  /// The text without its markers.
  package let text: String
  /// Where each marker stood in `text`.
  package let locations: [Character: CheckoutEngine.SourceLocation]

  package init(_ marked: String) {
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

  /// What differs between the diagnostics reported on this source and those
  /// expected (a marker the fixture lacks included), or nil when they agree.
  package func difference(_ actual: [Diagnostic], _ expected: [ExpectedDiagnostic]) -> String? {
    let missing = expected.map(\.marker).filter { locations[$0] == nil }
    if let marker = missing.first { return "the fixture has no marker \(marker)" }
    let wanted = expected.map { ComparableDiagnostic($0, at: locations[$0.marker]) }
    let got = actual.map(ComparableDiagnostic.init)
    guard wanted != got else { return nil }
    var lines = [
      "diagnostics differ; "
        + LineDiff.render(
          expected: wanted.map(\.description).joined(separator: "\n"),
          actual: got.map(\.description).joined(separator: "\n"))
    ]
    lines.append("all diagnostics as rendered:")
    lines += actual.map { "  " + $0.rendered(file: "fixture.json") }
    return lines.joined(separator: "\n")
  }
}

/// One diagnostic a fixture must produce: at a marker, with this message, path and suggestion.
package struct ExpectedDiagnostic: Sendable {
  package var marker: Character
  package var severity: Diagnostic.Severity
  package var message: String
  /// The JSON path as printed (`steps[0].rows[1].opens`); nil for a syntax error.
  package var path: String?
  package var suggestion: String?

  package static func error(
    _ marker: Character, _ message: String, path: String? = nil, suggestion: String? = nil
  ) -> ExpectedDiagnostic {
    ExpectedDiagnostic(marker: marker, severity: .error, message: message, path: path, suggestion: suggestion)
  }

  package static func warning(
    _ marker: Character, _ message: String, path: String? = nil, suggestion: String? = nil
  ) -> ExpectedDiagnostic {
    ExpectedDiagnostic(marker: marker, severity: .warning, message: message, path: path, suggestion: suggestion)
  }
}

/// A diagnostic reduced to what a test compares, printed one per line in failures.
package struct ComparableDiagnostic: Equatable, CustomStringConvertible {
  package var location: CheckoutEngine.SourceLocation?
  package var severity: Diagnostic.Severity
  package var path: String?
  package var message: String
  package var suggestion: String?

  package init(_ diagnostic: Diagnostic) {
    location = diagnostic.location
    severity = diagnostic.severity
    path = diagnostic.path?.description
    message = diagnostic.message
    suggestion = diagnostic.suggestion
  }

  package init(_ expected: ExpectedDiagnostic, at location: CheckoutEngine.SourceLocation?) {
    self.location = location
    severity = expected.severity
    path = expected.path
    message = expected.message
    suggestion = expected.suggestion
  }

  package var description: String {
    var text = "\(location.map(\.description) ?? "-"): \(severity.rawValue): "
    if let path { text += "\(path): " }
    text += message
    if let suggestion { text += " [suggestion: \(suggestion)]" }
    return text
  }
}
