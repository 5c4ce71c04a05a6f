import CheckoutEngine
import Foundation

/// A report a command writes to a path the user names (`replay --junit FILE`,
/// `mutate --json FILE`), and the one rule for where it may be written: never
/// over an input of the run or a story, a directory, or a file that is neither
/// empty nor a report of the same kind (the command overwrites only what it may
/// have written). The path is checked, and written once, before the run: a path
/// that cannot be written is found at once, with the system's reason.
struct ReportTarget {
  /// The option naming the path: `--junit`.
  var option: String
  /// What the report is, for messages: `JUnit report`.
  var name: String
  /// A file name to suggest: `report.xml`.
  var example: String
  /// What a report of this kind is, for the refusal of another file: `an XML
  /// report (it does not start with <?xml)`.
  var kindDescription: String
  /// Whether a file's bytes are a report of this kind, which may be overwritten.
  var isReport: @Sendable (Data) -> Bool

  /// `--junit FILE`: an XML document (`<?xml`, after a byte order mark or blanks).
  static let junit = ReportTarget(
    option: "--junit", name: "JUnit report", example: "report.xml",
    kindDescription: "an XML report (it does not start with <?xml)",
    isReport: { data in
      var bytes = data[...]
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      return bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.starts(with: Array("<?xml".utf8))
    })

  /// `mutate --json FILE`: a JSON object with `schemaVersion` and `files`, as the
  /// mutation-testing schema has (a flow has neither).
  static let mutationJSON = ReportTarget(
    option: "--json", name: "mutation report", example: "report.json",
    kindDescription: "a mutation report (a JSON object with schemaVersion and files)",
    isReport: { data in
      // Read by the engine's one JSON reader, as flows are.
      var parser = JSONParser(bytes: Array(data))
      guard case .object(let members)? = try? parser.parseDocument().kind else { return false }
      let keys = Set(members.map(\.key))
      return keys.contains("schemaVersion") && keys.contains("files")
    })

  /// An input of the run the report must not replace, and what it is to the
  /// run: `one of the scenarios to replay`, `the flow to mutate`.
  struct Input {
    /// The path as given.
    var path: String
    /// What it is, after `is`.
    var role: String
  }

  /// Why the report must not be written to `path`, or nil: the path is one of
  /// `inputs` or ends in `.scenario` (the shell gave a story as the report:
  /// `--junit *.scenario`), a directory, or a file that is neither empty nor a
  /// report of this kind. A device or a pipe (`/dev/stdout`) is written, never read.
  func problem(_ path: String, inputs: [Input], storyRole: String, _ terminal: Terminal) -> String? {
    let write = "write the report's file name after \(option), e.g. \(option) \(example)"
    let target = Self.canonical(terminal.resolve(path))
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory)
    if let input = inputs.first(where: { Self.canonical(terminal.resolve($0.path)) == target }) {
      return "\(option) \(path) is \(input.role); \(write)"
    }
    // `--junit *.scenario`: the first story the shell lists is not among the others, but meant to be.
    if path.hasSuffix(".scenario") {
      if exists && !isDirectory.boolValue { return "\(option) \(path) is \(storyRole); \(write)" }
      return "\(option) \(path) names a scenario file (.scenario), not a report; \(write)"
    }
    guard exists else { return nil }
    if isDirectory.boolValue {
      let inside = (path.hasSuffix("/") ? path : path + "/") + example
      return "\(option) \(path) is a directory; write the report's file name after \(option), e.g. \(option) \(inside)"
    }
    let type = try? FileManager.default.attributesOfItem(atPath: target)[.type] as? FileAttributeType
    guard type == .typeRegular else { return nil }
    let data: Data
    do {
      data = Data(try InputFile.read(target))
    } catch {
      return
        "\(option) \(path) cannot be read to check that it is a report (\(error.reason)), so it is not overwritten; \(write)"
    }
    if data.isEmpty || isReport(data) { return nil }
    return "\(option) \(path) is a file that is not \(kindDescription), so it is not overwritten; \(write)"
  }

  /// Writes the report; false, with the system's reason on standard error, when it cannot.
  func write(_ report: String, to path: String, _ terminal: Terminal) -> Bool {
    do {
      try Data(report.utf8).write(to: URL(fileURLWithPath: terminal.resolve(path)))
      return true
    } catch {
      terminal.errorLine("checkout: cannot write the \(name) to \(path): \(Recorder.reason(error))")
      return false
    }
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
