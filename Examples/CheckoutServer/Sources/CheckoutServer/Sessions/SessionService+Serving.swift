import CheckoutEngine
import Foundation

/// Which version of its flow a stored session is served on, and the session it
/// holds there.
extension SessionService {
  /// A stored session as this request serves it: the flow it runs on and, when it
  /// is carried to a newer version now, the migrated session and the report.
  struct ServedSession: Sendable {
    /// The session to apply the request to (migrated when `migration` is set).
    var stored: StoredSession
    /// The version of its flow it runs on.
    var flow: CompiledFlow
    /// What carrying it to the newest version changed; nil when it was not carried.
    var migration: MigrationReport?
  }

  /// The flow a stored session runs on. A session made on the newest version runs
  /// on it; with `--on-flow-change pin` an older one stays on its own version while
  /// that version is served; otherwise it is migrated to the newest (renames of the
  /// versions in between applied), the secrets this instance keeps for it carried
  /// to their renamed keys, and the report returned. The migration is saved with
  /// the request's event; a GET shows it without saving it.
  func serve(_ stored: StoredSession) async throws(ServerError) -> ServedSession {
    guard let newest = catalog[stored.snapshot.flow] else {
      throw ServerError(
        .gone, "flow_gone", "the session's flow \"\(stored.snapshot.flow)\" is no longer served",
        at: "/sessions/\(stored.id)")
    }
    if newest.isFlow(of: stored.snapshot) { return ServedSession(stored: stored, flow: newest) }
    if onFlowChange == .pin, let pinned = catalog.version(of: stored.snapshot) {
      return ServedSession(stored: stored, flow: pinned)
    }
    let migrator = SnapshotMigrator(to: newest, history: catalog.olderVersions(of: newest.flow.id))
    let migrated: (snapshot: SessionSnapshot, report: MigrationReport?)
    do {
      migrated = try migrator.migrate(stored.snapshot)
    } catch {
      throw ServerError(.gone, "flow_changed", error.description, at: "/sessions/\(stored.id)")
    }
    let kept = await vault.secrets(for: stored.id)
    if !kept.isEmpty { await vault.keep(migrator.carry(kept, from: stored.snapshot.flowVersion), for: stored.id) }
    return ServedSession(
      stored: StoredSession(
        id: stored.id, version: stored.version, snapshot: migrated.snapshot, savedAt: stored.savedAt),
      flow: newest, migration: migrated.report)
  }

  /// The session a stored snapshot holds, on the flow it is served on.
  func restore(_ stored: StoredSession, on compiled: CompiledFlow) throws(ServerError) -> CheckoutSession {
    do {
      return try CheckoutSession(restoring: stored.snapshot, flow: compiled)
    } catch {
      throw ServerError(.gone, "flow_changed", error.description, at: "/sessions/\(stored.id)")
    }
  }
}
