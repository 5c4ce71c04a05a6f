import CheckoutModel

extension FlowLinter {
  /// A `secure` cell (a CVV, a PIN) whose key is neither `secret` nor `sensitive`
  /// (on this row or another bound to the key) is shown, logged and stored as
  /// typed: `secure` names the kind of entry, it hides nothing by itself. A
  /// warning, as FlowFormat.md's cell table gives `secure` no hiding of its own;
  /// at the row's `cell`, saying what to write.
  func checkSecureCellsHidden() {
    let masking = Masking(flow)
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard case .secure(let entry) = row.cell, !masking.isMasked(entry.bind) else { continue }
        sink.warning(
          "secure-not-hidden",
          "row \(Quoting.quoted(row.id)) is a secure cell, but \(Quoting.quoted(entry.bind)) is neither secret nor sensitive: its value is shown on screen, printed and stored in snapshots as typed",
          at: positions.rowPath(stepIndex, rowIndex).appending("cell"),
          suggestion:
            "add \"secret\": true to the row (never shown, logged or stored: a CVV), or \"sensitive\": true (shown masked)"
        )
      }
    }
  }
}
