/// One problem found in a flow (or a scenario): what, where, and what would be valid.
///
/// Errors are data first and text second: ``rendered(file:)`` is the one place
/// that turns a diagnostic into the compiler-style line people read.
///
/// ```swift
/// diagnostic.rendered(file: "Flows/bad.json")
/// // Flows/bad.json:12:18: error: steps[3].rows[1].opens: unknown step "creditCrd"; did you mean "creditCard"?
/// ```
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
  /// How bad a problem is.
  public enum Severity: String, Hashable, Sendable, Codable {
    /// The flow cannot be used (loading fails; lint exits 1).
    case error
    /// Worth fixing, but the flow works.
    case warning
  }

  /// A stable, machine-readable name of the kind of problem (`unknown-step`).
  public struct Code: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The code's text.
    public let rawValue: String
    /// Creates a code.
    package init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
  }

  /// Error or warning.
  public var severity: Severity
  /// The kind of problem.
  public var code: Code
  /// What is wrong, in a sentence without a trailing period.
  public var message: String
  /// Where in the JSON document, when the problem belongs to a value.
  public var path: JSONPath?
  /// Line and column in the file, when known.
  public var location: SourceLocation?
  /// What would be valid, e.g. `did you mean "creditCard"?`.
  package var suggestion: String?

  /// Creates a diagnostic.
  package init(
    _ severity: Severity = .error, code: Code, message: String, path: JSONPath? = nil,
    location: SourceLocation? = nil, suggestion: String? = nil
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.path = path
    self.location = location
    self.suggestion = suggestion
  }

  /// `file:line:column: error: path: message; suggestion`.
  public func rendered(file: String?) -> String {
    var prefix = file ?? "<flow>"
    if let location { prefix += ":\(location.line):\(location.column)" }
    var text = "\(prefix): \(severity.rawValue): "
    if let path, !path.components.isEmpty { text += "\(path): " }
    text += message
    if let suggestion { text += "; \(suggestion)" }
    return text
  }

  /// The diagnostic rendered without a file name.
  public var description: String { rendered(file: nil) }

  /// How many problems loading keeps and reports for one file: past it, the rest
  /// are counted (`OmittedProblems`), so that a file with millions of problems
  /// is reported in bounded time and memory.
  package static let reportLimit = 200
}

/// Problems found past ``Diagnostic/reportLimit``: counted, not kept.
package struct OmittedProblems: Hashable, Sendable {
  /// Errors not kept.
  package var errors: Int
  /// Warnings not kept.
  package var warnings: Int

  /// Counts of problems left out.
  package init(errors: Int = 0, warnings: Int = 0) {
    self.errors = errors
    self.warnings = warnings
  }

  /// Whether nothing was left out.
  package var isEmpty: Bool { errors == 0 && warnings == 0 }

  /// `… and 1,234,567 more errors`, or nil when nothing was left out.
  package var line: String? {
    var parts: [String] = []
    if errors > 0 { parts.append("\(Quoting.grouped(errors)) more error\(errors == 1 ? "" : "s")") }
    if warnings > 0 { parts.append("\(Quoting.grouped(warnings)) more warning\(warnings == 1 ? "" : "s")") }
    guard !parts.isEmpty else { return nil }
    return "… and " + parts.joined(separator: " and ")
  }
}

/// Loading a flow failed: every problem found, in document order.
public struct FlowLoadError: Error, Sendable, CustomStringConvertible {
  /// The file the flow was read from, if any.
  public var file: String?
  /// Every problem, errors first in document order (the first 200).
  public var diagnostics: [Diagnostic]
  /// Problems past ``Diagnostic/reportLimit``, counted but not kept.
  package var omitted: OmittedProblems

  /// Creates the error.
  package init(file: String?, diagnostics: [Diagnostic], omitted: OmittedProblems = OmittedProblems()) {
    self.file = file
    self.diagnostics = diagnostics
    self.omitted = omitted
  }

  /// One rendered line per diagnostic, and `… and N more errors` when some were left out.
  public var description: String {
    (diagnostics.map { $0.rendered(file: file) } + [omitted.line].compactMap { $0 }).joined(separator: "\n")
  }
}
