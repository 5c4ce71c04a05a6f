import CheckoutEngine
import Foundation

/// The one rule for the flows a command runs (`repl`, `plan`, `replay` and the
/// flows its stories name, `mutate`, `migrate`'s NEW): a flow that does not load is
/// refused, and so is one that loads but that `checkout lint` finds errors in,
/// since a run on it (a plan, a replay, a mutation score) would vouch for a flow
/// the lint rejects. Warnings never refuse a flow. `lint` reports, and the review
/// tools (`diff`, `graph`, `migrate --from`) still read a flow that loads
/// (``FlowUse``); so does `generate`, whose infeasible pairs are lint's errors
/// (`--accept-infeasible` accepts them).
package enum FlowGate {
  /// The flow in `bytes`, or why it is not run: every loading problem, or lint's errors.
  package static func admit(bytes: [UInt8], file: String, loader: FlowLoader = FlowLoader()) -> Result<
    Flow, FlowRefusal
  > {
    let report = loader.lintToRun(bytes: bytes, file: file)
    guard let flow = report.flow else {
      return .failure(FlowRefusal(file: file, loaded: false, diagnostics: report.diagnostics, omitted: report.omitted))
    }
    guard report.hasErrors else { return .success(flow) }
    let errors = report.diagnostics.filter { $0.severity == .error }
    return .failure(
      FlowRefusal(
        file: file, loaded: true, diagnostics: errors, omitted: OmittedProblems(errors: report.omitted.errors)))
  }
}

/// What a command does with a flow it loads: runs it (``FlowGate``'s rule), or
/// reviews it (a flow that loads is read, lint errors or not).
package enum FlowUse: Sendable {
  /// The command runs the flow: one lint finds errors in is refused.
  case run
  /// The command shows or compares the flow (`diff`, `graph`, `migrate --from`).
  case review
}

/// Why a command will not run a flow: it does not load, or it loads and lint
/// finds errors in it. Printed as lint prints the problems (file:line:column,
/// the JSON path, what would be valid), then ``verdict``.
package struct FlowRefusal: Error, Sendable, CustomStringConvertible {
  /// The file, as the user (or a scenario's `flow` line, resolved) named it.
  package var file: String
  /// Whether the flow loaded, and was refused for its lint errors.
  package var loaded: Bool
  /// Every loading problem; for a flow that loaded, lint's errors (not its warnings).
  package var diagnostics: [Diagnostic]
  /// The problems past ``Diagnostic/reportLimit``, counted.
  package var omitted: OmittedProblems

  /// The last line, after `error: `: `f.json has 2 lint errors and is not run; run
  /// 'checkout lint f.json' for details`.
  package var verdict: String {
    guard loaded else { return "\(file) cannot be loaded; run 'checkout lint \(file)' for details" }
    let count = LintCommand.count(diagnostics.count + omitted.errors, "lint error")
    return "\(file) has \(count) and is not run; run 'checkout lint \(file)' for details"
  }

  /// The problems, one a line as `render` writes each, then the count of those
  /// left out, then `error: ` and ``verdict``, as a command prints them.
  package func lines(_ render: (Diagnostic) -> String) -> [String] {
    problems(render) + ["error: \(verdict)"]
  }

  /// The problems and the count of those left out.
  private func problems(_ render: (Diagnostic) -> String) -> [String] {
    // `lint` names the file on the count line; loading never did.
    let left = omitted.line.map { loaded ? "\(file): \($0)" : $0 }
    return diagnostics.map(render) + [left].compactMap { $0 }
  }

  /// What a scenario's `flow` line reports under `cannot run the flow PATH:` (its
  /// line is the error): the problems, plain, then ``verdict``.
  package var description: String { (problems { $0.rendered(file: file) } + [verdict]).joined(separator: "\n") }

  /// A flow that does not load, as the library reports it; nil for one lint refused.
  package var loadError: FlowLoadError? {
    loaded ? nil : FlowLoadError(file: file, diagnostics: diagnostics, omitted: omitted)
  }
}

/// The flows one run of a command has been through ``FlowGate``, by path: a
/// `replay` of forty stories on one flow lints it once. Shared by the stories'
/// hosts (``hostLoader``), so it locks.
package final class AdmittedFlows: @unchecked Sendable {
  private let lock = NSLock()
  private var byPath: [String: Result<Flow, FlowRefusal>] = [:]
  private var lintCount = 0

  /// An empty set: nothing linted yet.
  package init() {}

  /// How many times ``FlowGate`` ran: once per distinct file.
  package var linted: Int { lock.withLock { lintCount } }

  /// ``FlowGate/admit(bytes:file:loader:)``, once per file (its path standardised).
  package func admit(bytes: [UInt8], file: String, loader: FlowLoader = FlowLoader()) -> Result<Flow, FlowRefusal> {
    let key = URL(fileURLWithPath: file).standardizedFileURL.path
    if let known = lock.withLock({ byPath[key] }) { return known }
    let result = FlowGate.admit(bytes: bytes, file: file, loader: loader)
    lock.withLock {
      byPath[key] = result
      lintCount += 1
    }
    return result
  }

  /// What a ``ScenarioHost`` makes a `flow` line's flow with: the gate, through
  /// this cache; a flow that does not load throws the library's ``FlowLoadError``.
  package var hostLoader: @Sendable (FlowLoader, [UInt8], String) throws -> Flow {
    { [self] loader, bytes, file in
      switch admit(bytes: bytes, file: file, loader: loader) {
      case .success(let flow): return flow
      case .failure(let refusal):
        if let loadError = refusal.loadError { throw loadError }
        throw refusal
      }
    }
  }
}
