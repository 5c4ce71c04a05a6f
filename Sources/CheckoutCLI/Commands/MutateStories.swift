#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CheckoutEngine
import CheckoutMutation
import Foundation

/// A story `mutate` could not use to judge the mutants, and why, at its place
/// as `replay` says it: `stories/a.scenario:3:5: …`.
struct LeftOutStory: Sendable, Equatable {
  /// The story's path as given (a directory's story: the directory, then its name).
  var path: String
  /// The line, from 1; nil when the problem is the file as a whole.
  var line: Int?
  /// The column, from 1, when the problem is one word of the line.
  var column: Int?
  /// Why it was left out; never a value a secret row was given.
  var reason: String

  /// `stories/a.scenario:3:5: reason`.
  var rendered: String {
    "\(path):\(line.map { "\($0):" } ?? "")\(column.map { "\($0):" } ?? "") \(reason)"
  }
}

/// The stories `mutate --stories` reads: files and directories as `replay` takes
/// them (``ReplayInputs/scenarios(_:_:)``), each story kept when its `flow` line
/// names the flow under test. A story of the flow that cannot be parsed, one whose
/// flow line names a file that cannot be read (a typo), and one with no flow line
/// are left out, each with why at its file:line:column; stories of another flow
/// that exists are only counted (`Examples/scenarios/*.scenario` holds several
/// flows' stories).
struct MutateStories {
  /// The stories to replay, in order.
  var stories: [MutationStory] = []
  /// The paths of every story read, as given: the report must not replace one.
  var paths: [String] = []
  /// The stories that could not be used, in order.
  var leftOut: [LeftOutStory] = []
  /// The stories whose flow line names another flow that exists.
  var otherFlows: [(name: String, flow: String)] = []

  /// The stories `arguments` name; nil (after saying why) when a path cannot be
  /// read (the system's reason) or none names the flow.
  static func read(_ arguments: [String], for flowPath: String, compiled: CompiledFlow, _ terminal: Terminal)
    -> MutateStories?
  {
    var found = MutateStories()
    let flow = canonical(terminal.resolve(flowPath))
    for argument in arguments {
      var isDirectory: ObjCBool = false
      let inDirectory =
        FileManager.default.fileExists(atPath: terminal.resolve(argument), isDirectory: &isDirectory)
        && isDirectory.boolValue
      guard let files = ReplayInputs.scenarios([argument], terminal) else { return nil }
      for path in files {
        let bytes: [UInt8]
        do {
          bytes = try InputFile.read(terminal.resolve(path))
        } catch {
          // A file named on its own is bad input, as for replay; a directory's is left out.
          guard inDirectory else {
            terminal.errorLine("\(path): error: \(error)")
            return nil
          }
          found.leftOut.append(LeftOutStory(path: path, reason: "\(error)"))
          continue
        }
        found.paths.append(path)
        found.add(path, text: String(decoding: bytes, as: UTF8.self), flow: flow, compiled, terminal)
      }
    }
    for story in found.leftOut { terminal.errorLine(story.warning) }
    if let warning = otherFlowsWarning(found.otherFlows, flowPath: flowPath) { terminal.errorLine(warning) }
    guard !found.stories.isEmpty else {
      let given = arguments.joined(separator: " ")
      terminal.errorLine("error: --stories: no .scenario file of \(given) names the flow \(flowPath) and can be read")
      return nil
    }
    return found
  }

  /// Keeps the story, counts it as another flow's, or leaves it out.
  private mutating func add(
    _ path: String, text: String, flow: String, _ compiled: CompiledFlow, _ terminal: Terminal
  ) {
    let name = (path as NSString).lastPathComponent
    let base = (terminal.resolve(path) as NSString).deletingLastPathComponent
    let lines = ScenarioParser.lines(of: text)
    guard let named = Self.flowLine(in: lines) else {
      leftOut.append(LeftOutStory(path: path, reason: "the story names no flow; start it with 'flow PATH'"))
      return
    }
    let resolved = Self.canonical(named.path.hasPrefix("/") ? named.path : base + "/" + named.path)
    guard resolved == flow else {
      let place = (line: named.line, column: named.column)
      var status = stat()
      if stat(resolved, &status) != 0 {
        let reason = InputFile.systemReason(errno)
        leftOut.append(
          LeftOutStory(
            path: path, line: place.line, column: place.column,
            reason: "its flow line names \(named.path), which cannot be read (\(resolved): \(reason))"))
      } else {
        otherFlows.append((name, named.path))
      }
      return
    }
    do {
      _ = try ScenarioParser.parseScript(text)
    } catch {
      let shown =
        lines.indices.contains(error.line - 1) ? error.redacted(line: lines[error.line - 1], flow: compiled) : error
      leftOut.append(
        LeftOutStory(
          path: path, line: shown.line, column: shown.column, reason: "the story cannot be read: \(shown.message)"))
      return
    }
    stories.append(MutationStory(name: name, text: text, strict: false))
    storyPaths[name] = path
  }

  /// Each story's path as given, by its name: where a story failing on the flow is said to fail.
  var storyPaths: [String: String] = [:]

  /// `warning: --stories: 2 stories of other flows not used: their flow line names another file than
  /// shop.json (a.scenario: flow ../old.json, …)`; past three, the rest counted. Nil when there is none.
  static func otherFlowsWarning(_ skipped: [(name: String, flow: String)], flowPath: String) -> String? {
    guard !skipped.isEmpty else { return nil }
    let shown = 3
    var named = skipped.prefix(shown).map { "\($0.name): flow \($0.flow)" }
    if skipped.count > shown { named.append("and \(skipped.count - shown) more") }
    let count = skipped.count == 1 ? "1 story" : "\(skipped.count) stories"
    let their = skipped.count == 1 ? "its" : "their"
    return
      "warning: --stories: \(count) of another flow not used: \(their) flow line names another file than \(flowPath) (\(named.joined(separator: ", "))); a story's flow line is relative to the story"
  }

  /// The first `flow` line, read line by line (the story may not parse): the
  /// path it names (`flow ../plndr.json`, `flow "my flows/plndr.json"`), its line and column.
  private static func flowLine(in lines: [String]) -> (path: String, line: Int, column: Int)? {
    for (index, line) in lines.enumerated() {
      let words = line.trimmingCharacters(in: .whitespaces)
      guard words.hasPrefix("flow ") else { continue }
      var path = words.dropFirst(5).trimmingCharacters(in: .whitespaces)
      if let comment = path.range(of: " #") { path = String(path[..<comment.lowerBound]) }
      let column = ScenarioParser.column(ofWord: 1, in: line) ?? 1
      return (path.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")), index + 1, column)
    }
    return nil
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

extension LeftOutStory {
  /// A story that fails on the flow itself: `failure` starts with its line (`3: expected …`).
  init(failing story: MutationStory, _ failure: String, path: String?) {
    let digits = failure.prefix { $0.isNumber }
    let line = failure.dropFirst(digits.count).hasPrefix(":") ? Int(digits) : nil
    let rest = line == nil ? failure[...] : failure.dropFirst(digits.count + 1).drop { $0 == " " }
    self.init(path: path ?? story.name, line: line, reason: "fails on the flow itself: \(rest)")
  }

  /// `stories/a.scenario:3:5: warning: left out: …`, on standard error when read.
  var warning: String {
    "\(path):\(line.map { "\($0):" } ?? "")\(column.map { "\($0):" } ?? "") warning: left out: \(reason)"
  }
}
