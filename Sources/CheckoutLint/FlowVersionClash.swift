import CheckoutModel

/// One file per version of a flow: among files served together (`checkout lint
/// a.json b.json`, a server's flows directory), two that hold the same flow id with
/// the same `version`, or both without one, are an error at the later file's
/// `version` (its `id` when it has none), naming the earlier file. A session or
/// snapshot names a flow by id and version, so it could not tell the two apart.
/// A file that did not load is not compared (its loading problems come first).
///
/// The one definition of the rule: `checkout lint` and the example server both
/// come here, through ``FlowLoader/lint(contentsOf:besides:)``.
package enum FlowVersionClash {
  /// Reports `flow` when one of `earlier` (that loaded) holds its id and version.
  static func check(_ flow: Flow, besides earlier: [LintReport], sink: DiagnosticSink) {
    guard
      let other = earlier.first(where: { report in
        report.flow.map { $0.id == flow.id && $0.version == flow.version } ?? false
      })
    else { return }
    let which =
      flow.version.map { "version \($0) of the flow \(Quoting.quoted(flow.id))" }
      ?? "the flow id \(Quoting.quoted(flow.id)) (without a version)"
    sink.error(
      "duplicate-version", "\(which) is also in \(other.file ?? "another flow")",
      at: JSONPath.root.appending(flow.version == nil ? "id" : "version"),
      suggestion: "give each file its own \"version\"")
  }
}
