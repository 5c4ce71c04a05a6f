import CheckoutEngine
import Foundation

/// A stored session as a request serves it: the version of its flow it runs on
/// and, when it is carried to a newer version now, the migrated session and the report.
struct ServedSession: Sendable {
  /// The session to apply the request to (migrated when `migration` is set).
  var stored: StoredSession
  /// The version of its flow it runs on.
  var flow: CompiledFlow
  /// What carrying it to the newest version changed; nil when it was not carried.
  var migration: MigrationReport?

  /// The session the snapshot holds, on the flow it is served on.
  func session() throws(ServerError) -> CheckoutSession {
    do {
      return try CheckoutSession(restoring: stored.snapshot, flow: flow)
    } catch {
      throw ServerError.flowChanged(stored.id, error)
    }
  }
}

/// Which version of its flow each stored session is served on, by the flows this
/// instance loaded and its `--on-flow-change` policy.
struct FlowServing: Sendable {
  let catalog: FlowCatalog
  let policy: FlowChangePolicy
  /// This process's secrets, carried to their renamed keys when a session is migrated.
  let vault: SecretVault

  /// The flow a stored session runs on. A session made on the newest version runs
  /// on it; with `--on-flow-change pin` an older one stays on its own version while
  /// that version is served; otherwise it is migrated to the newest (renames of the
  /// versions in between applied), the secrets this instance keeps for it carried
  /// to their renamed keys, and the report returned. A session made on a version
  /// newer than any served here is `410 flow_changed`: it is never carried back.
  /// The migration is saved with the request's event; a GET shows it without saving it.
  func serve(_ stored: StoredSession) async throws(ServerError) -> ServedSession {
    guard let newest = catalog[stored.snapshot.flow] else {
      throw ServerError(
        .gone, "flow_gone", "the session's flow \"\(stored.snapshot.flow)\" is no longer served",
        at: "/sessions/\(stored.id)")
    }
    if newest.isFlow(of: stored.snapshot) { return ServedSession(stored: stored, flow: newest) }
    if policy == .pin, let pinned = catalog.version(of: stored.snapshot) {
      return ServedSession(stored: stored, flow: pinned)
    }
    let migrator = SnapshotMigrator(to: newest, history: catalog.olderVersions(of: newest.flow.id))
    let migrated: (snapshot: SessionSnapshot, report: MigrationReport?)
    do {
      migrated = try migrator.migrate(stored.snapshot)
    } catch {
      throw ServerError.flowChanged(stored.id, error)
    }
    let kept = await vault.secrets(for: stored.id)
    if !kept.isEmpty { await vault.keep(migrator.carry(kept, from: stored.snapshot.flowVersion), for: stored.id) }
    var carried = stored
    carried.snapshot = migrated.snapshot
    return ServedSession(stored: carried, flow: newest, migration: migrated.report)
  }
}
