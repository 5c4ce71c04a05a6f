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

  /// Reads a file the user named (see ``InputFile``); a file that cannot be read
  /// is reported on standard error as `PATH: error: cannot read the file: REASON`.
  package func readFile(_ path: String) throws(InputFailure) -> [UInt8] {
    do {
      return try InputFile.read(resolve(path))
    } catch {
      errorLine("\(path): error: \(error)")
      throw InputFailure(kind: .unreadableFile)
    }
  }

  /// Loads a flow for a command other than lint: problems go to standard error,
  /// and the caller exits with the failure's status (2).
  package func loadFlow(_ path: String) throws(InputFailure) -> Flow {
    let bytes = try readFile(path)
    do {
      return try FlowLoader().load(bytes: bytes, file: path)
    } catch {
      for diagnostic in error.diagnostics {
        errorLine(render(diagnostic, file: path))
      }
      if let line = error.omitted.line { errorLine(line) }
      errorLine("error: \(path) cannot be loaded; run 'checkout lint \(path)' for details")
      throw InputFailure(kind: .problems)
    }
  }
}
