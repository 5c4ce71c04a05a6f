import CheckoutEngine
import Foundation
import Logging

/// The flows the server runs, loaded and linted once at start and compiled once
/// for all sessions.
struct FlowCatalog: Sendable {
  /// One loaded flow.
  struct Entry: Sendable {
    /// The file it came from.
    var file: String
    /// The compiled flow (planner tables, resolver, masking).
    var compiled: CompiledFlow
  }

  /// The flows, in file-name order.
  let entries: [Entry]
  private let index: [FlowID: Int]

  init(entries: [Entry]) {
    self.entries = entries
    var index: [FlowID: Int] = [:]
    for (position, entry) in entries.enumerated() { index[entry.compiled.flow.id] = position }
    self.index = index
  }

  /// The compiled flow with this id.
  subscript(_ id: FlowID) -> CompiledFlow? {
    index[id].map { entries[$0].compiled }
  }

  /// The flows' ids, in order.
  var ids: [String] { entries.map(\.compiled.flow.id.rawValue) }

  /// The repository's `Flows/`, found from this source file (the package lives in
  /// `Examples/CheckoutServer`).
  static var defaultDirectory: String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Flows
      .deletingLastPathComponent()  // CheckoutServer (sources)
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()  // Examples/CheckoutServer
      .appendingPathComponent("../../Flows")
      .standardizedFileURL.path
  }

  /// Loads and lints every `*.json` flow in a directory (JSON Schema files,
  /// `*.schema.json`, are skipped). Any lint error stops here with the whole lint
  /// output; warnings are logged.
  static func load(directory: String, logger: Logger) throws(FlowCatalogError) -> FlowCatalog {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw FlowCatalogError(lines: ["\(directory): cannot read the flows directory: \(error.localizedDescription)"])
    }
    let files = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    guard !files.isEmpty else {
      throw FlowCatalogError(lines: ["\(directory): no flow files (*.json) to serve"])
    }
    var problems: [String] = []
    var entries: [Entry] = []
    var seen: [FlowID: String] = [:]
    let loader = FlowLoader()
    for name in files {
      let path = (directory as NSString).appendingPathComponent(name)
      let report = loader.lint(contentsOf: path)
      for diagnostic in report.diagnostics {
        if diagnostic.severity == .error {
          problems.append(diagnostic.rendered(file: path))
        } else {
          logger.warning("flow lint", metadata: ["flow.file": "\(path)", "diagnostic": "\(diagnostic.rendered(file: path))"])
        }
      }
      guard !report.hasErrors, let flow = report.flow else { continue }
      if let other = seen[flow.id] {
        problems.append("\(path): error: the flow id \"\(flow.id)\" is also used by \(other)")
        continue
      }
      seen[flow.id] = path
      entries.append(Entry(file: path, compiled: CompiledFlow(flow)))
    }
    guard problems.isEmpty else {
      let count = problems.count
      throw FlowCatalogError(lines: problems + ["\(count) error\(count == 1 ? "" : "s"): the server does not start with a flow that fails lint"])
    }
    return FlowCatalog(entries: entries)
  }
}

/// Why the flows could not be served: the lint output, one line per problem.
struct FlowCatalogError: Error, Sendable, CustomStringConvertible {
  var lines: [String]
  var description: String { lines.joined(separator: "\n") }
}
