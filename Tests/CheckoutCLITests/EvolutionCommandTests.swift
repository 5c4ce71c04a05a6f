import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// `checkout diff` and `checkout migrate` on the shipped pairs (PLNDR v1 -> v2, and
/// Express in the test of the catalog's ChangingAFlow article).
@Suite struct EvolutionCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let v1 = root.appendingPathComponent("Examples/evolution/plndr-v1.json").path
  static let v2 = root.appendingPathComponent("Examples/evolution/plndr-v2.json").path

  @Test func diffListsEachDifferenceAndExitsOneWhenOneIsBreaking() {
    let result = runCheckout(["diff", Self.v1, Self.v2])
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("plndr v1 -> v2: ") == true)
    #expect(lines.contains("  safe     step renamed: stepOne -> shipping"))
    #expect(lines.contains("  breaking step removed: discount"))
    #expect(lines.contains("  safe     row renamed: creditCard.cvv -> creditCard.securityCode"))
    #expect(lines.contains("  safe     key renamed: payment.card.cvv -> payment.card.securityCode"))
    #expect(lines.contains { $0.hasPrefix("  breaking rules changed: address.zip") && $0.contains("^[0-9]{5}$") })
    #expect(lines.contains("  breaking route changed: stepTwo to cart.items (pop, pop -> pop, pop, pop)"))
    #expect(result.error == "")
  }

  /// Every `checkout diff` block in the catalog's ChangingAFlow article is the
  /// command's output now (the article shows both shipped pairs).
  @Test func theArticleShowsDiffsRealOutput() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/CheckoutEngine/CheckoutEngine.docc/ChangingAFlow.md"),
      encoding: .utf8)
    let prompt = "$ swift run checkout diff "
    var shown = 0
    for block in readme.components(separatedBy: "```\n").filter({ $0.hasPrefix(prompt) }) {
      let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
      let files = lines[0].dropFirst(prompt.count).split(separator: " ").map {
        Self.root.appendingPathComponent(String($0)).path
      }
      let result = runCheckout(["diff"] + files)
      #expect(result.output == lines.dropFirst().joined(separator: "\n"), "ChangingAFlow block for \(lines[0])")
      shown += 1
    }
    #expect(shown == 2, "ChangingAFlow shows the diff of both pairs in Examples/evolution")
  }

  @Test func diffOfAFlowWithItselfIsEmptyAndExitsZero() {
    let result = runCheckout(["diff", Self.v1, Self.v1])
    #expect(result.status == 0)
    #expect(result.output == "plndr v1 -> v1: 0 differences, 0 breaking\n")
  }

  @Test func diffJSONIsTheDiffsCodableForm() throws {
    let result = runCheckout(["diff", Self.v1, Self.v2, "--json"])
    #expect(result.status == 1)
    let diff = try JSONDecoder().decode(FlowDiff.self, from: Data(result.output.utf8))
    #expect(diff.fromVersion == 1 && diff.toVersion == 2 && diff.isBreaking)
    #expect(diff.differences.contains { $0.kind == "step removed" && $0.subject == "discount" && $0.effect != nil })
  }

  @Test func diffOfTwoDifferentFlowsIsBadUsage() {
    let express = Self.root.appendingPathComponent("Flows/express.json").path
    let result = runCheckout(["diff", Self.v1, express])
    #expect(result.status == 2)
    #expect(result.error.contains("diff compares two versions of one flow"))
  }

  /// Writes snapshots to a temporary folder: one on v1 at Discount, one on v2, one of another flow.
  static func snapshots() throws -> (folder: URL, files: [String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let compiledV1 = CompiledFlow(try FlowLoader().load(contentsOf: v1))
    var onV1 = CheckoutSession(flow: compiledV1)
    onV1.send(.tap("discount"))
    onV1.send(.appeared("discount"))
    let onV2 = CheckoutSession(flow: CompiledFlow(try FlowLoader().load(contentsOf: v2)))
    var other = onV2.snapshot()
    other.flow = "shop"
    let files = [
      ("a-v1.json", onV1.snapshotJSON()), ("b-v2.json", onV2.snapshotJSON()), ("c-shop.json", other.jsonData()),
    ]
    for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
    return (folder, files.map { folder.appendingPathComponent($0.0).path })
  }

  @Test func migrateSaysWhatBecomesOfEachSnapshotAndExitsOneWhenOneIsRefused() throws {
    let (folder, files) = try Self.snapshots()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = runCheckout(["migrate", "--to", Self.v2] + files)
    #expect(result.status == 1)
    #expect(
      result.output == """
        \(files[0]): migrated
          plndr v1 -> v2: 1 change
            cut navigation: cart|discount -> cart: step "discount" is not in v2; cut back to cart
        \(files[1]): unchanged
        \(files[2]): refused: the snapshot is of flow "shop", not "plndr"
        3 snapshots: 1 unchanged, 1 migrated, 1 refused

        """)
    let ok = runCheckout(["migrate", "--to", Self.v2, files[0], files[1], "--json"])
    #expect(ok.status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(ok.output.utf8)) as? [String: Any])
    #expect((json["summary"] as? [String: Int]) == ["unchanged": 1, "migrated": 1, "refused": 0])
  }

  @Test func migrateFromRefusesASnapshotOfAnotherVersion() throws {
    let (folder, files) = try Self.snapshots()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = runCheckout(["migrate", "--to", Self.v2, "--from", Self.v1, files[0], files[1]])
    #expect(result.status == 0, "a snapshot already on --to is unchanged")
    let express = Self.root.appendingPathComponent("Flows/plndr.json").path
    let other = runCheckout(["migrate", "--to", Self.v2, "--from", express, files[0]])
    #expect(other.status == 1)
    let fingerprint = CheckoutSession(flow: CompiledFlow(try FlowLoader().load(contentsOf: express))).snapshot()
      .fingerprint
    // The shipped plndr.json is v1's shape without a version: the reason says which differs.
    #expect(
      other.output.contains(
        ": refused: made on v1 (fingerprint \(fingerprint)), not on --from's no version (fingerprint \(fingerprint)): the version differs\n"
      ), "\(other.output)")
  }

  @Test func migrateNeedsTo() {
    let result = runCheckout(["migrate", "x.json"])
    #expect(result.status == 2)
    #expect(result.error.contains("--to"))
  }
}
