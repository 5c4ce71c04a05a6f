import Foundation

/// Loads flow files (format 1) and reports every problem at once.
///
/// ```swift
/// do {
///   let flow = try FlowLoader().load(contentsOf: "Flows/plndr.json")
/// } catch {
///   print(error)  // Flows/plndr.json:12:18: error: steps[3].rows[1].opens: unknown step …
/// }
/// ```
public struct FlowLoader: Sendable {
  /// Names of custom rules the embedding program provides; a flow may use them.
  public var customRules: Set<String>

  /// Creates a loader that accepts the built-in rules and these custom rule names.
  public init(customRules: Set<String> = []) {
    self.customRules = customRules
  }

  /// Creates a loader that accepts the built-in rules and the registry's custom rules.
  public init(registry: RuleRegistry) {
    self.customRules = registry.names
  }

  /// Reads and loads a flow file.
  public func load(contentsOf path: String) throws(FlowLoadError) -> Flow {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw FlowLoadError(
        file: path,
        diagnostics: [Diagnostic(code: "unreadable-file", message: "cannot read the file: \(FlowLoader.reason(error))")])
    }
    return try load(bytes: Array(data), file: path)
  }

  /// Loads a flow from JSON text.
  public func load(json: String, file: String? = nil) throws(FlowLoadError) -> Flow {
    try load(bytes: Array(json.utf8), file: file)
  }

  /// Loads a flow from UTF-8 bytes; `file` names it in diagnostics.
  public func load(bytes: [UInt8], file: String? = nil) throws(FlowLoadError) -> Flow {
    let analysis = analyze(bytes: bytes, lint: false)
    guard let flow = analysis.flow, analysis.diagnostics.isEmpty else {
      throw FlowLoadError(file: file, diagnostics: analysis.diagnostics)
    }
    return flow
  }

  /// Loads a flow and runs the lint checks on it: every problem, errors and warnings.
  ///
  /// ```swift
  /// let report = FlowLoader().lint(contentsOf: "Flows/plndr.json")
  /// report.hasErrors  // false
  /// ```
  public func lint(contentsOf path: String) -> LintReport {
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      return lint(bytes: Array(data), file: path)
    } catch {
      return LintReport(
        file: path, flow: nil,
        diagnostics: [Diagnostic(code: "unreadable-file", message: "cannot read the file: \(FlowLoader.reason(error))")])
    }
  }

  /// Lints a flow held in memory.
  public func lint(bytes: [UInt8], file: String? = nil) -> LintReport {
    let analysis = analyze(bytes: bytes, lint: true)
    return LintReport(file: file, flow: analysis.flow, diagnostics: analysis.diagnostics)
  }

  /// Parses, decodes, validates and (when asked) lints. The flow is returned only
  /// when it loaded: no problem before the lint checks (which may add errors).
  private func analyze(bytes: [UInt8], lint: Bool) -> (flow: Flow?, diagnostics: [Diagnostic]) {
    let lines = LineTable(bytes)
    var parser = JSONParser(bytes: bytes)
    let root: JSONNode
    do {
      root = try parser.parseDocument()
    } catch {
      let location = lines.location(ofOffset: error.offset)
      return (nil, [Diagnostic(code: "syntax", message: error.message, location: location)])
    }
    let sink = DiagnosticSink()
    var decoder = FlowDecoder(sink: sink)
    let decoded = decoder.decode(root)
    var flow: Flow?
    if let decoded {
      sink.append(
        contentsOf: FlowValidator(flow: decoded, positions: decoder.positions, customRules: customRules).validate())
      if sink.diagnostics.isEmpty {
        flow = decoded
        if lint { sink.append(contentsOf: FlowLinter(flow: decoded, positions: decoder.positions).lint()) }
      }
    }
    let diagnostics = sink.diagnostics.enumerated().map { index, diagnostic in
      var located = diagnostic
      if let offset = sink.offsets[index] {
        located.location = lines.location(ofOffset: offset)
      } else if let path = diagnostic.path {
        located.location = lines.location(ofOffset: root.offset(at: path))
      }
      return located
    }
    return (flow, FlowLoader.ordered(diagnostics))
  }

  /// Document order; problems without a location keep their order at the end.
  static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { lhs, rhs in
      switch (lhs.element.location, rhs.element.location) {
      case (let left?, let right?): return left == right ? lhs.offset < rhs.offset : left < right
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return lhs.offset < rhs.offset
      }
    }.map(\.element)
  }

  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(posix.rawValue))
    }
    if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
      return "no such file"
    }
    return nsError.localizedDescription
  }
}

extension Flow {
  /// The meaning checks the loader runs, for a flow built in Swift.
  ///
  /// ```swift
  /// let problems = flow.validate(customRules: ["postalCode"])
  /// ```
  public func validate(customRules: Set<String> = []) -> [Diagnostic] {
    FlowValidator(flow: self, positions: .identity(for: self), customRules: customRules).validate()
  }
}

/// What `lint` found in one flow.
public struct LintReport: Sendable {
  /// The file linted, if any.
  public var file: String?
  /// The flow, when it loaded (it may still have lint errors).
  public var flow: Flow?
  /// Every problem, in document order.
  public var diagnostics: [Diagnostic]

  /// Creates a report.
  public init(file: String?, flow: Flow?, diagnostics: [Diagnostic]) {
    self.file = file
    self.flow = flow
    self.diagnostics = diagnostics
  }

  /// Whether any problem is an error (lint fails).
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension Flow {
  /// The lint checks for a flow built in Swift (loading checks included).
  public func lint(customRules: Set<String> = []) -> [Diagnostic] {
    let problems = validate(customRules: customRules)
    guard problems.isEmpty else { return problems }
    return FlowLinter(flow: self, positions: .identity(for: self)).lint()
  }
}
