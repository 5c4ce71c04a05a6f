import CheckoutEngine
import Foundation

/// The flows drawn as SVG pictures by Graphviz's `dot` (`dot -Tsvg` of the
/// engine's ``GraphRenderer`` DOT), for the browser host's side panel. Each flow
/// is drawn once and kept; without Graphviz the answer is a clear 503 saying how
/// to install it.
actor FlowPictures {
  /// The `dot` executable, found on `PATH` when the server starts; nil when
  /// Graphviz is not installed.
  let dot: String?
  /// The pictures drawn so far, by flow.
  private var drawn: [FlowID: String] = [:]

  /// The largest flow drawn, in steps: Graphviz's layout of thousands of steps
  /// takes minutes and draws nothing a person can read.
  static let maximumSteps = 300

  init(dot: String? = FlowPictures.findExecutable("dot")) {
    self.dot = dot
  }

  /// The flow as an SVG document.
  func svg(for flow: Flow) async throws(ServerError) -> String {
    if let picture = drawn[flow.id] { return picture }
    guard let dot else {
      throw ServerError(
        .serviceUnavailable, "graphviz_missing",
        "Graphviz is not installed on the server, so the flow cannot be drawn: install it (apt-get install graphviz, "
          + "brew install graphviz) and restart the server; GET /flows/\(flow.id)/graph?format=dot gives the DOT text",
        at: "dot")
    }
    guard flow.steps.count <= FlowPictures.maximumSteps else {
      throw ServerError(
        .unprocessableContent, "flow_too_large",
        "the flow \"\(flow.id)\" has \(flow.steps.count) steps; pictures are drawn for flows of at most "
          + "\(FlowPictures.maximumSteps)", at: "/flows/\(flow.id)/graph.svg")
    }
    let picture = try await FlowPictures.render(GraphRenderer.render(flow, as: .dot), dot: dot)
    drawn[flow.id] = picture
    return picture
  }

  /// Runs `dot -Tsvg` on the DOT text, through files in the temporary directory
  /// (no pipe to fill up and block on), and returns the SVG.
  private static func render(_ text: String, dot: String) async throws(ServerError) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-graph-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("flow.dot")
    let output = folder.appendingPathComponent("flow.svg")
    let errors = folder.appendingPathComponent("dot.err")
    let status: Int32
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: input)
      try Data().write(to: errors)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: dot)
      process.arguments = ["-Tsvg", "-o", output.path, input.path]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = try FileHandle(forWritingTo: errors)
      status = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
        do {
          try process.run()
        } catch {
          process.terminationHandler = nil
          continuation.resume(throwing: error)
        }
      }
    } catch {
      throw ServerError(
        .internalServerError, "graphviz_failed", "could not run \(dot): \(error.localizedDescription)", at: "dot")
    }
    guard status == 0, let svg = try? String(contentsOf: output, encoding: .utf8) else {
      let reason =
        (try? String(contentsOf: errors, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      throw ServerError(
        .internalServerError, "graphviz_failed",
        "\(dot) -Tsvg exited with status \(status)\(reason.isEmpty ? "" : ": \(reason)")", at: "dot")
    }
    return svg
  }

  /// The first executable of this name in a directory of `PATH`.
  static func findExecutable(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
    for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
