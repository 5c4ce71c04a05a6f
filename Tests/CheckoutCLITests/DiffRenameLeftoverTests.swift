import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// A NEW whose `renamed.keys` maps an old key onto another while NEW still binds
/// the old one (lint's `renamed-still-present`): `diff` says it is breaking, at the
/// rename's line and column; `migrate`, which runs NEW, refuses it.
@Suite struct DiffRenameLeftoverTests {
  static func flow(version: Int, rows: String, renamed: String = "") -> String {
    """
    {"format": 1, "id": "ship", "title": "Ship", "version": \(version),\(renamed) "start": "cart", "steps": [
      {"id": "cart", "title": "Cart", "rows": [
    \(rows)
        {"id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "done"}]},
      {"id": "done", "title": "Done", "presentation": "reset", "rows": []}],
     "errors": [{"code": "*", "step": "cart", "message": "Something went wrong."}]}
    """
  }

  static let zip = #"    {"id": "zip", "cell": "text", "title": "ZIP", "bind": "shipping.zip"},"#
  static let v1 = flow(version: 1, rows: zip)
  /// v2 adds a toggle and renames the ZIP's key onto it, but still binds the ZIP.
  static let v2 = flow(
    version: 2,
    rows: zip + "\n" + #"    {"id": "fast", "cell": "toggle", "title": "Fast", "bind": "shipping.fast"},"#,
    renamed: #"\#n "renamed": {"keys": {"shipping.zip": "shipping.fast"}},"#)

  @Test func diffReportsARenameThatLeavesItsOldNameAsBreakingAtItsPlace() throws {
    try withFlowDirectory(["v1.json": Self.v1, "v2.json": Self.v2]) { directory in
      let lint = runCheckout(["lint", "v2.json"], in: directory)
      #expect(
        lint.output.contains(#"v2.json:2:39: error: renamed.keys["shipping.zip"]: key "shipping.zip""#),
        "\(lint.output)")
      let result = runCheckout(["diff", "v1.json", "v2.json"], in: directory)
      #expect(result.status == 1, "\(result.output)\(result.error)")
      #expect(
        result.output.contains(
          #"breaking rename leaves its old name: renamed.keys["shipping.zip"] (v2.json:2:39: key "shipping.zip" is renamed to "shipping.fast", but this version still holds "shipping.zip" (cart.zip binds it)"#
        ), "\(result.output)")
      let json = runCheckout(["diff", "v1.json", "v2.json", "--json"], in: directory)
      let diff = try JSONDecoder().decode(FlowDiff.self, from: Data(json.output.utf8))
      let leftover = try #require(diff.differences.first { $0.kind == "rename leaves its old name" })
      #expect(leftover.impact == .breaking && leftover.detail.hasPrefix("v2.json:2:39: "))
    }
  }

  @Test func migrateRefusesANewWhoseRenameLeavesItsOldName() throws {
    try withFlowDirectory(["v1.json": Self.v1, "v2.json": Self.v2]) { directory in
      var session = CheckoutSession(flow: CompiledFlow(try FlowLoader().load(json: Self.v1)))
      AutoHost().send(.set(.row("zip"), .string("97201")), to: &session)
      try session.snapshotJSON().write(to: URL(fileURLWithPath: directory + "/s.json"))
      let result = runCheckout(["migrate", "--to", "v2.json", "s.json"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error.contains(#"v2.json:2:39: error: renamed.keys["shipping.zip"]: key "shipping.zip" is renamed"#))
      #expect(
        result.error.hasSuffix(
          "error: v2.json has 1 lint error and is not run; run 'checkout lint v2.json' for details\n"),
        "\(result.error)")
      #expect(result.output.isEmpty, "no snapshot is migrated")
    }
  }
}
