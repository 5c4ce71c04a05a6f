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

  /// The newest version of each flow, in file-name order: what new sessions run on.
  let entries: [Entry]
  /// Every file loaded, in file-name order (several versions of a flow each have one).
  let files: [Entry]
  private let index: [FlowID: Int]
  /// Every version of each flow loaded, oldest first (one file per version).
  private let versions: [FlowID: [CompiledFlow]]

  /// A catalog of these files' flows: several files may hold versions of one flow.
  init(entries all: [Entry]) {
    var versions: [FlowID: [CompiledFlow]] = [:]
    for entry in all { versions[entry.compiled.flow.id, default: []].append(entry.compiled) }
    // A flow without a `version` is older than any versioned one: the rule the
    // library's SnapshotMigrator refuses a newer snapshot by (it is never carried back).
    for id in versions.keys { versions[id]?.sort { ($0.flow.version ?? 0) < ($1.flow.version ?? 0) } }
    let newest = all.filter { entry in versions[entry.compiled.flow.id]?.last === entry.compiled }
    self.entries = newest
    self.files = all
    self.versions = versions
    var index: [FlowID: Int] = [:]
    for (position, entry) in newest.enumerated() { index[entry.compiled.flow.id] = position }
    self.index = index
  }

  /// The newest version of the flow with this id.
  subscript(_ id: FlowID) -> CompiledFlow? {
    index[id].map { entries[$0].compiled }
  }

  /// The loaded version a snapshot was made on (same version and fingerprint), if any.
  func version(of snapshot: SessionSnapshot) -> CompiledFlow? {
    versions[snapshot.flow]?.first { $0.isFlow(of: snapshot) }
  }

  /// The versions of a flow older than its newest, oldest first.
  func olderVersions(of id: FlowID) -> [Flow] {
    (versions[id] ?? []).dropLast().map(\.flow)
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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw FlowCatalogError(lines: ["error: --flows \(directory): no such directory"])
    }
    guard isDirectory.boolValue else {
      throw FlowCatalogError(lines: [
        "error: --flows \(directory): not a directory (give the directory of the flow files)"
      ])
    }
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
    var reports: [LintReport] = []
    let loader = FlowLoader()
    for name in files {
      let path = (directory as NSString).appendingPathComponent(name)
      // Several versions of one flow may be served, one file per version: lint
      // reports a flow whose id and version an earlier file holds too (the rule
      // `checkout lint` applies to the files it is given).
      let report = loader.lint(contentsOf: path, besides: reports)
      reports.append(report)
      for diagnostic in report.diagnostics {
        if diagnostic.severity == .error {
          problems.append(diagnostic.rendered(file: path))
        } else {
          logger.warning(
            "flow lint", metadata: ["flow.file": "\(path)", "diagnostic": "\(diagnostic.rendered(file: path))"])
        }
      }
      guard !report.hasErrors, let flow = report.flow else { continue }
      entries.append(Entry(file: path, compiled: CompiledFlow(flow)))
    }
    guard problems.isEmpty else {
      let count = problems.count
      throw FlowCatalogError(
        lines: problems + [
          "\(count) error\(count == 1 ? "" : "s"): the server does not start with a flow that fails lint"
        ])
    }
    return FlowCatalog(entries: entries)
  }
}

/// Why the flows could not be served: the lint output, one line per problem.
struct FlowCatalogError: Error, Sendable, CustomStringConvertible {
  var lines: [String]
  var description: String { lines.joined(separator: "\n") }
}
