import CheckoutEngine
import Foundation

/// A file a command writes to a path the user names (`replay --junit FILE`,
/// `mutate --json FILE`, `repl --record FILE`), checked by ``OverwriteRule``, the
/// one rule for where it may be written: never over an input of the run, a
/// directory, or a file that is neither empty nor of the same kind (the command
/// overwrites only what it may have written); a report is never written over a
/// story either. The path is checked before the run; a report is also written
/// once then, so that a path that cannot be written is found at once, with the
/// system's reason.
struct ReportTarget {
  /// The option naming the path: `--junit`.
  var option: String
  /// What the file is, for messages: `JUnit report`.
  var name: String
  /// What the file is, in a word: `report`, `recording`.
  var noun: String
  /// A file name to suggest: `report.xml`.
  var example: String
  /// What a file of this kind is, for the refusal of another file: `an XML
  /// report (it does not start with <?xml)`.
  var kindDescription: String
  /// Whether a file's bytes are of this kind, which may be overwritten.
  var isReport: @Sendable (Data) -> Bool

  /// `--junit FILE`: an XML document (`<?xml`, after a byte order mark or blanks).
  static let junit = ReportTarget(
    option: "--junit", name: "JUnit report", noun: "report", example: "report.xml",
    kindDescription: "an XML report (it does not start with <?xml)",
    isReport: { data in
      var bytes = data[...]
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      return bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.starts(with: Array("<?xml".utf8))
    })

  /// `mutate --json FILE`: a JSON object with `schemaVersion` and `files`, as the
  /// mutation-testing schema has (a flow has neither).
  static let mutationJSON = ReportTarget(
    option: "--json", name: "mutation report", noun: "report", example: "report.json",
    kindDescription: "a mutation report (a JSON object with schemaVersion and files)",
    isReport: { data in
      // Read by the engine's one JSON reader, as flows are.
      var parser = JSONParser(bytes: Array(data))
      guard case .object(let members)? = try? parser.parseDocument().kind else { return false }
      let keys = Set(members.map(\.key))
      return keys.contains("schemaVersion") && keys.contains("files")
    })

  /// `repl --record FILE`: an earlier recording, whose first line is the recorder's header.
  static let recording = ReportTarget(
    option: "--record", name: "recording", noun: "recording", example: "session.scenario",
    kindDescription: "an earlier recording (its first line is not \(Recorder.header))",
    isReport: { Recorder.isRecording($0) })

  /// An input of the run the file must not replace, and what it is to the
  /// run: `one of the scenarios to replay`, `the flow to mutate`.
  struct Input {
    /// The path as given.
    var path: String
    /// What it is, after `is`.
    var role: String
  }

  /// Why the file must not be written to `path`, or nil: ``OverwriteRule``'s
  /// refusals (the path is one of `inputs`, a directory, or a file that is
  /// neither empty nor of this kind), and, for a report (`storyRole` given), a
  /// path ending in `.scenario` (the shell gave a story as the report: `--junit
  /// *.scenario`). A device or a pipe (`/dev/stdout`) is written, never read.
  func problem(_ path: String, inputs: [Input], storyRole: String?, _ terminal: Terminal) -> String? {
    let write = "write the \(noun)'s file name after \(option), e.g. \(option) \(example)"
    let target = terminal.resolve(path)
    let refusal = OverwriteRule(isOwn: isReport).refusal(
      at: target, inputs: inputs.map { terminal.resolve($0.path) })
    if case .input(let index)? = refusal { return "\(option) \(path) is \(inputs[index].role); \(write)" }
    // `--junit *.scenario`: the first story the shell lists is not among the others, but meant to be.
    if let storyRole, path.hasSuffix(".scenario") {
      if refusal != .directory, FileManager.default.fileExists(atPath: target) {
        return "\(option) \(path) is \(storyRole); \(write)"
      }
      return "\(option) \(path) names a scenario file (.scenario), not a report; \(write)"
    }
    switch refusal {
    case nil, .input?: return nil
    case .directory?:
      let inside = (path.hasSuffix("/") ? path : path + "/") + example
      return
        "\(option) \(path) is a directory; write the \(noun)'s file name after \(option), e.g. \(option) \(inside)"
    case .unreadable(let reason)?:
      return
        "\(option) \(path) cannot be read to check that it is a \(noun) (\(reason)), so it is not overwritten; \(write)"
    case .otherFile?:
      return "\(option) \(path) is a file that is not \(kindDescription), so it is not overwritten; \(write)"
    }
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
}
