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
  package var customRules: Set<String>

  /// Creates a loader that accepts the built-in rules and these custom rule names.
  public init(customRules: Set<String> = []) {
    self.customRules = customRules
  }

  /// Creates a loader that accepts the built-in rules and the registry's custom rules.
  public init(registry: RuleRegistry) {
    self.customRules = registry.names
  }

  /// Reads and loads a flow file: a regular file of at most 64 MiB; anything else is
  /// refused with the reason (a directory, a FIFO, a device, a link loop).
  public func load(contentsOf path: String) throws(FlowLoadError) -> Flow {
    let bytes: [UInt8]
    do {
      bytes = try FlowLoader.read(path)
    } catch {
      throw FlowLoadError(file: path, diagnostics: [error])
    }
    return try load(bytes: bytes, file: path)
  }

  /// The largest flow file ``load(contentsOf:)`` reads: 64 MiB.
  package static let maximumFileBytes = 64 * 1024 * 1024

  /// Reads a flow file: a regular file (a symbolic link is followed) of at most
  /// ``maximumFileBytes``; a directory, a FIFO or a device is refused with what it
  /// is, so reading never blocks.
  package static func read(_ path: String) throws(Diagnostic) -> [UInt8] {
    func unreadable(_ reason: String) -> Diagnostic {
      Diagnostic(code: "unreadable-file", message: "cannot read the file: \(reason)")
    }
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: resolved)
    } catch {
      throw unreadable(FlowLoader.reason(error))
    }
    switch attributes[.type] as? FileAttributeType {
    case .typeRegular?: break
    case .typeSymbolicLink?: throw unreadable(brokenLinkReason(resolved))
    case .typeDirectory?: throw unreadable("it is a directory, not a file")
    case .typeCharacterSpecial?, .typeBlockSpecial?: throw unreadable("it is a device, not a regular file")
    case .typeSocket?: throw unreadable("it is a socket, not a regular file")
    default: throw unreadable("it is not a regular file (a FIFO or another special file)")
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size <= maximumFileBytes else {
      throw unreadable("it is \(size / 1_048_576) MiB; files over \(maximumFileBytes / 1_048_576) MiB are not read")
    }
    do {
      return Array(try Data(contentsOf: URL(fileURLWithPath: resolved)))
    } catch {
      throw unreadable(FlowLoader.reason(error))
    }
  }

  /// Loads a flow from JSON text.
  public func load(json: String, file: String? = nil) throws(FlowLoadError) -> Flow {
    try load(bytes: Array(json.utf8), file: file)
  }

  /// Loads a flow from UTF-8 bytes; `file` names it in diagnostics.
  public func load(bytes: [UInt8], file: String? = nil) throws(FlowLoadError) -> Flow {
    let analysis = analyze(bytes: bytes)
    guard let flow = analysis.flow, analysis.diagnostics.isEmpty, analysis.omitted.isEmpty else {
      throw FlowLoadError(file: file, diagnostics: analysis.diagnostics, omitted: analysis.omitted)
    }
    return flow
  }

  /// Parses, decodes, validates and (when given) runs further checks, such as the
  /// linter a layer above composes in. The flow is returned only when it loaded: no
  /// problem before the further checks (which may add errors).
  /// Past ``Diagnostic/reportLimit`` problems, the rest are counted, not built.
  package func analyze(
    bytes: [UInt8], checkingFurther furtherChecks: ((Flow, ModelPositions, DiagnosticSink) -> Void)? = nil
  ) -> (flow: Flow?, diagnostics: [Diagnostic], omitted: OmittedProblems) {
    let lines = LineTable(bytes)
    var parser = JSONParser(bytes: bytes)
    let root: JSONNode
    do {
      root = try parser.parseDocument()
    } catch {
      let location = lines.location(ofOffset: error.offset)
      return (nil, [Diagnostic(code: "syntax", message: error.message, location: location)], OmittedProblems())
    }
    let sink = DiagnosticSink(limit: Diagnostic.reportLimit)
    var decoder = FlowDecoder(sink: sink)
    let decoded = decoder.decode(root)
    var flow: Flow?
    if let decoded {
      FlowValidator(flow: decoded, positions: decoder.positions, customRules: customRules, sink: sink).validate()
      var positions = decoder.positions
      if sink.isEmpty {
        flow = decoded
      } else {
        // Every problem in one run: the further checks run too, told what the
        // document wrote, so that they skip what a loading problem would mislead.
        positions.writtenKeys = root.writtenFlowKeys
      }
      furtherChecks?(decoded, positions, sink)
    }
    let offsets = sink.diagnostics.indices.map { index in
      sink.offsets[index] ?? sink.diagnostics[index].path.map { root.offset(at: $0) }
    }
    let locations = lines.locations(ofOffsets: offsets)
    let diagnostics = sink.diagnostics.enumerated().map { index, diagnostic in
      var located = diagnostic
      if let location = locations[index] { located.location = location }
      return located
    }
    let omitted = OmittedProblems(errors: sink.omittedErrors, warnings: sink.omittedWarnings)
    return (flow, FlowLoader.ordered(diagnostics), omitted)
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

  /// Why a link that is still a link after resolving leads nowhere: a loop, or a
  /// missing target (the system's words for each).
  private static func brokenLinkReason(_ path: String) -> String {
    var current = URL(fileURLWithPath: path)
    for _ in 0..<40 {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
        return String(cString: strerror(ENOENT))
      }
      current = URL(fileURLWithPath: target, relativeTo: current.deletingLastPathComponent())
    }
    return String(cString: strerror(ELOOP))
  }

  /// Why a file operation failed, in the system's words (`No such file or directory`).
  package static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? POSIXError {
      return String(cString: strerror(posix.code.rawValue))
    }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(posix.rawValue))
    }
    if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
      return String(cString: strerror(ENOENT))
    }
    if nsError.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(nsError.code)) {
      return String(cString: strerror(code.rawValue))
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
