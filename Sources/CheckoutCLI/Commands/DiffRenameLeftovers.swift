import CheckoutEngine

/// What `diff` adds to ``FlowDiff`` from lint: a rename in NEW whose old name NEW
/// still has (lint's `renamed-still-present`). Restoring a session on NEW would
/// carry the value or place under the old name to the new one while the old
/// name, still in use, is left empty (a ZIP moved into a toggle): breaking, at
/// the rename's file:line:column.
enum DiffRenameLeftovers {
  /// The breaking differences for NEW's renames that leave their old name behind.
  static func differences(newBytes: [UInt8], file: String) -> [FlowDiff.Difference] {
    FlowLoader().lint(bytes: newBytes, file: file).diagnostics.filter { $0.code.rawValue == "renamed-still-present" }
      .map { diagnostic in
        let place = diagnostic.location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return FlowDiff.Difference(
          .breaking, "rename leaves its old name", diagnostic.path?.description ?? "renamed",
          "\(place): \(diagnostic.message)",
          effect:
            "restored on NEW, a session's value or place under the old name moves to the new one, and the old name, still in use, is left empty; \(diagnostic.suggestion ?? "fix the rename")"
        )
      }
  }
}
