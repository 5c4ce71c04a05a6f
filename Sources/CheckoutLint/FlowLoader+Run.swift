import CheckoutModel
import CheckoutPlanning

extension FlowLoader {
  /// Loads a flow that is about to be run, and lints it when it loads, in one
  /// parse: a flow that does not load has only its loading problems (what
  /// ``load(bytes:file:)`` throws; nothing runs on it), one that loads has what
  /// `checkout lint` reports for it, errors and warnings. A command that runs
  /// flows refuses a report with ``LintReport/hasErrors``.
  package func lintToRun(bytes: [UInt8], file: String?) -> LintReport {
    let analysis = analyze(bytes: bytes) { flow, positions, sink in
      // Loading problems come first: the graph checks would only add noise to them.
      guard positions.writtenKeys == nil else { return }
      FlowLinter(flow: flow, positions: positions, sink: sink).lint()
    }
    return LintReport(file: file, flow: analysis.flow, diagnostics: analysis.diagnostics, omitted: analysis.omitted)
  }
}
