import Foundation
import CheckoutModel
import CheckoutPlanning

// The loader never calls the linter: this layer, above both, composes them.
extension FlowLoader {
  /// Loads a flow and runs the lint checks on it: every problem, errors and warnings.
  ///
  /// ```swift
  /// let report = FlowLoader().lint(contentsOf: "Flows/plndr.json")
  /// report.hasErrors  // false
  /// ```
  ///
  /// Files served together are linted in order, each `besides` the reports of
  /// those before it: one file per version of a flow, so a flow whose id and
  /// `version` (or lack of one) an earlier file that loaded has too is an error at
  /// its `version` (its `id` when it has none) naming that file.
  ///
  /// ```swift
  /// var reports: [LintReport] = []
  /// for path in ["flows/plndr-v1.json", "flows/plndr-v2.json"] {
  ///   reports.append(FlowLoader().lint(contentsOf: path, besides: reports))
  /// }
  /// ```
  public func lint(contentsOf path: String, besides earlier: [LintReport] = []) -> LintReport {
    do {
      return lint(bytes: try FlowLoader.read(path), file: path, besides: earlier)
    } catch {
      return LintReport(file: path, flow: nil, diagnostics: [error])
    }
  }

  /// Lints a flow held in memory.
  package func lint(bytes: [UInt8], file: String? = nil) -> LintReport {
    lint(bytes: bytes, file: file, besides: [])
  }

  /// Lints a flow held in memory, one of several files served together: `earlier`
  /// are the reports of the files before it (see ``FlowVersionClash``).
  package func lint(bytes: [UInt8], file: String?, besides earlier: [LintReport]) -> LintReport {
    let analysis = analyze(bytes: bytes) { flow, positions, sink in
      FlowLinter(flow: flow, positions: positions, sink: sink).lint()
      // A flow that did not load has its own problems to fix first.
      if positions.writtenKeys == nil { FlowVersionClash.check(flow, besides: earlier, sink: sink) }
    }
    return LintReport(file: file, flow: analysis.flow, diagnostics: analysis.diagnostics, omitted: analysis.omitted)
  }
}

/// What `lint` found in one flow.
public struct LintReport: Sendable {
  /// The file linted, if any.
  public var file: String?
  /// The flow, when it loaded (it may still have lint errors).
  public var flow: Flow?
  /// Every problem, in document order.
  public var diagnostics: [Diagnostic]

  /// Problems past ``Diagnostic/reportLimit``, counted but not kept.
  package var omitted: OmittedProblems

  /// Creates a report.
  package init(file: String?, flow: Flow?, diagnostics: [Diagnostic], omitted: OmittedProblems = OmittedProblems()) {
    self.file = file
    self.flow = flow
    self.diagnostics = diagnostics
    self.omitted = omitted
  }

  /// Whether any problem is an error (lint fails).
  public var hasErrors: Bool { omitted.errors > 0 || diagnostics.contains { $0.severity == .error } }
}

extension Flow {
  /// The lint checks for a flow built in Swift (loading checks included).
  public func lint(customRules: Set<String> = []) -> [Diagnostic] {
    let problems = validate(customRules: customRules)
    var positions = ModelPositions.identity(for: self)
    if !problems.isEmpty { positions.writtenKeys = Set(FlowKeys(self).known.map(DataKey.init)) }
    return problems + FlowLinter(flow: self, positions: positions).lint()
  }
}
