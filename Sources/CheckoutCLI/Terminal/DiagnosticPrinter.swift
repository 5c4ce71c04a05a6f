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

  /// Loads a flow for a command other than lint, to run it (``FlowGate``'s rule:
  /// a flow lint finds errors in is refused) or to review it: the problems go to
  /// standard error, and the caller exits with the failure's status (2).
  package func loadFlow(_ path: String, to use: FlowUse) throws(InputFailure) -> Flow {
    let bytes = try readFile(path)
    let admitted: Result<Flow, FlowRefusal>
    switch use {
    case .run: admitted = FlowGate.admit(bytes: bytes, file: path)
    case .review:
      do {
        admitted = .success(try FlowLoader().load(bytes: bytes, file: path))
      } catch {
        admitted = .failure(
          FlowRefusal(file: path, loaded: false, diagnostics: error.diagnostics, omitted: error.omitted))
      }
    }
    switch admitted {
    case .success(let flow): return flow
    case .failure(let refusal):
      report(refusal)
      throw InputFailure(kind: .problems)
    }
  }

  /// Prints why a flow is not run (or cannot be loaded) on standard error.
  package func report(_ refusal: FlowRefusal) {
    for line in refusal.lines({ render($0, file: refusal.file) }) { errorLine(line) }
  }
}
