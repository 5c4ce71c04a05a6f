import CheckoutEngine
import Foundation

/// Carrying stored sessions across a deploy: 10,000 PLNDR v1 snapshots (as a store
/// keeps them, JSON) read and migrated to v2, as `checkout migrate` does.
enum MigrateBenchmarks {
  static let count = 10_000

  /// 10,000 stored snapshots of v1 sessions in several states: at Step Two, with an
  /// offer and a queued error, with Discount open, with a ZIP+4 the v2 rule rejects.
  static func storedSnapshots(_ v1: CompiledFlow) -> [Data] {
    let ready = SessionBenchmarks.readyToOrder(v1)
    var offered = ready
    offered.send(.tap("placeOrder"))
    offered.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid"), APIError(code: "discount_invalid")]))
    var discount = ready
    discount.send(.tap("discount"))
    discount.send(.appeared("discount"))
    discount.send(.set(.row("code"), .string("SAVE10")))
    let states = [ready, offered, discount, CheckoutSession(flow: v1, today: SessionBenchmarks.today)]
    return (0..<count).map { index in
      var session = states[index % states.count]
      let zip = index % 3 == 0 ? "9720\(index % 10)-1234" : "9720\(index % 10)"
      session.send(.set(.key("shipping.zip"), .string(zip)))
      return session.snapshotJSON(revealSensitive: true)
    }
  }

  static func run(root: URL) -> [Metric] {
    let folder = root.appendingPathComponent("Examples/evolution")
    let v1: Flow
    let v2: Flow
    do {
      v1 = try FlowLoader().load(contentsOf: folder.appendingPathComponent("plndr-v1.json").path)
      v2 = try FlowLoader().load(contentsOf: folder.appendingPathComponent("plndr-v2.json").path)
    } catch {
      print("migrate: the evolution examples do not load: \(error)")
      return []
    }
    let compiledV1 = CompiledFlow(v1)
    let stored = storedSnapshots(compiledV1)
    let migrator = SnapshotMigrator(to: CompiledFlow(v2))
    var migrated = 0
    let migrate = Measure.samples(warmUp: 1, count: 5, iterations: 1) {
      for json in stored {
        guard let snapshot = try? SessionSnapshot(json: json), let result = try? migrator.restore(snapshot) else {
          continue
        }
        if result.report != nil { migrated += 1 }
        blackHole(result.session)
      }
    }
    let restore = Measure.samples(warmUp: 1, count: 5, iterations: 1) {
      for json in stored { blackHole(try? CheckoutSession(restoringJSON: json, flow: compiledV1)) }
    }
    if migrated != 6 * count { print("migrate: \(migrated) of \(6 * count) snapshots were migrated") }
    return [
      Metric(
        name: "migrate.snapshots", unit: "s", median: Measure.median(migrate) / 1e9, min: (migrate.min() ?? 0) / 1e9,
        max: (migrate.max() ?? 0) / 1e9, target: "<= 2", baseline: Measure.median(restore) / 1e9,
        baselineName: "the same 10,000 snapshots restored on v1, the flow they were made on (no migration)")
    ]
  }
}
