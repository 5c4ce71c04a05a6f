import CheckoutEngine

extension Terminal {
  /// A diagnostic as a compiler-style line, its severity coloured on a terminal.
  package func render(_ diagnostic: Diagnostic, file: String?) -> String {
    let plain = diagnostic.rendered(file: file)
    guard colour else { return plain }
    let label = "\(diagnostic.severity.rawValue):"
    let style: Style = diagnostic.severity == .error ? .red : .yellow
    guard let range = plain.range(of: " \(label) ") else { return plain }
    return plain.replacingCharacters(in: range, with: " \(styled(label, style)) ")
  }

  /// Resolves a path the user typed against the current directory.
  package func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }

  /// Loads a flow for a command other than lint: problems go to standard error, and
  /// the caller exits 2.
  package func loadFlow(_ path: String) -> Flow? {
    do {
      return try FlowLoader().load(contentsOf: resolve(path))
    } catch {
      for diagnostic in error.diagnostics {
        errorLine(render(diagnostic, file: path))
      }
      errorLine("error: \(path) cannot be loaded; run 'checkout lint \(path)' for details")
      return nil
    }
  }
}
