import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// Carries snapshots made on another version of a flow to this one, keeping all
/// that still makes sense and reporting the rest.
///
/// - Renames (the target's `renamed`, and those of the earlier versions in
///   `history` the snapshot has not seen) are applied to steps, rows and keys.
/// - A navigation state is cut back to its longest beginning the target can produce
///   (each step opened by a row or an action of the step below, as
///   `checkout plan --from` checks a state): below a removed step, or below a step
///   the step under it no longer opens (the start when nothing survives). After a
///   cut, a route in progress is given up and its error offered again, a command
///   waiting for its step is dropped (not a `reset`, which replaces the whole stack:
///   a placed order's confirmation still shows), and a call waiting on an action whose step
///   was cut away is cancelled; the focus, the offer and the queued errors stay
///   (they name rows, not the stack), and no value is dropped for it.
/// - A placed order (`finished`) whose navigation state is cut shows the step its
///   order's submit opens in the target, as the flow shows it on the order's
///   success; when none can be shown it is cut back, and the report says why.
/// - Otherwise a route in progress that names a renamed or removed step, or has a
///   command the target cannot perform where the session is, is given up and its
///   error offered again; a command waiting for a step that is gone, or whose edge
///   the target lacks (`nothing on delivery opens payment`, the check of
///   `checkout plan --from`), is dropped, or for a placed order re-pointed at the
///   step its submit opens now.
/// - Values under keys the flow no longer holds are dropped; values the new rules
///   reject are kept and shown on their row with the rule's message.
/// - The offer and the queued errors are resolved again with the new matchers.
///
/// - A session in a locale the target no longer speaks (neither lists, nor writes
///   messages in, nor has the engine's words for) is shown in its default language.
///
/// Only a snapshot of another flow (or another format), or of a newer version than
/// the target (any version is newer than a target without one), is refused: anything else restores, at worst at the start with its values. A snapshot made on this very
/// version is returned as it is, with no report, unless its locale is no longer spoken.
///
/// ```swift
/// let migrator = SnapshotMigrator(to: CompiledFlow(v2))
/// let migrated = try migrator.restore(storedSnapshot)
/// print(migrated.report ?? "unchanged")   // plndr v1 -> v2: 4 changes …
/// var session = migrated.session
/// ```
public struct SnapshotMigrator: Sendable {
  /// The flow snapshots are carried to.
  package let target: CompiledFlow
  /// Earlier versions of the flow, oldest first, whose renames a snapshot older
  /// than the target's previous version still needs.
  package let history: [Flow]
  /// Keys the target flow can hold.
  private let known: Set<DataKey>
  /// The rows whose stored values the target's rules check, in flow order.
  private let checkedRows: [(step: StepID, row: Row)]
  /// The target's graph: which navigation states it can produce.
  let graph: FlowGraph

  /// A migrator to `target`; `history` holds earlier versions of the same flow (any
  /// order; those without a version, of another id, or not older are ignored).
  public init(to target: CompiledFlow, history: [Flow] = []) {
    self.target = target
    self.history = history.filter { $0.id == target.flow.id && $0.version != nil }
      .filter { Self.isVersion($0.version, olderThan: target.flow.version) }
      .sorted { Self.isVersion($0.version, olderThan: $1.version) }
    let keys = FlowKeys(target.flow)
    self.known = keys.bound.union(keys.provided).union(keys.data.keys)
    self.graph = FlowGraph(target.flow)
    self.checkedRows = target.flow.steps.flatMap { step in
      step.rows.filter { $0.kind.takesValue && $0.bind != nil && !$0.rules.isEmpty }.map { (step.id, $0) }
    }
  }

  /// Whether a snapshot was made on exactly the target flow (same version and fingerprint).
  package func isCurrent(_ snapshot: SessionSnapshot) -> Bool {
    target.isFlow(of: snapshot)
  }

  /// The snapshot carried to the target flow, with what changed (nil when the
  /// snapshot was made on the target itself); throws only for a snapshot of another
  /// flow or format.
  public func migrate(_ snapshot: SessionSnapshot) throws(SnapshotError) -> (
    snapshot: SessionSnapshot, report: MigrationReport?
  ) {
    guard snapshot.format == SessionSnapshot.currentFormat else { throw SessionSnapshot.unsupported(snapshot.format) }
    guard snapshot.flow == target.flow.id else {
      throw SnapshotError(message: "the snapshot is of flow \"\(snapshot.flow)\", not \"\(target.flow.id)\"")
    }
    // A fingerprint covers what a session holds, not the words: a snapshot of this
    // very version in a locale the flow no longer speaks is carried to say so.
    guard !isCurrent(snapshot) || snapshot.locale.map({ target.sessionLocale(for: $0) == nil }) == true else {
      return (snapshot, nil)
    }
    // Renames only run forward: a session carried "back" to an older version would
    // lose its steps and values for no reason (an instance still on the old flow,
    // mid-way through a rolling deploy).
    // A flow without a `version` is older than any versioned one (as a server sorts
    // the versions it serves): a v2 session is not carried back to it either.
    if let made = snapshot.flowVersion, Self.isVersion(target.flow.version, olderThan: made) {
      let this = target.flow.version.map { "this flow's v\($0)" } ?? "this flow (which has no \"version\")"
      throw SnapshotError(
        message:
          "the snapshot was made on \(target.flow.id) v\(made), newer than \(this); "
          + "a session is never carried back to an older version (serve v\(made) here too)")
    }
    var migration = Migration(snapshot: snapshot, migrator: self, renames: renames(since: snapshot.flowVersion))
    migration.run()
    let report = MigrationReport(
      flow: target.flow.id, fromVersion: snapshot.flowVersion, toVersion: target.flow.version,
      fromFingerprint: snapshot.fingerprint, toFingerprint: target.fingerprint, changes: migration.changes)
    return (try migration.migrated(), report)
  }

  /// The session restored from a snapshot made on any version of the flow, and the
  /// report of what changed (nil when it was made on the target itself).
  public func restore(_ snapshot: SessionSnapshot) throws(SnapshotError) -> MigratedSession {
    let (migrated, report) = try migrate(snapshot)
    return MigratedSession(session: try CheckoutSession(restoringExactly: migrated, flow: target), report: report)
  }

  /// Secret values a host kept in memory for a session whose snapshot is of
  /// `version`, under the keys the target names them by. A secret is never in a
  /// snapshot, so migrating the snapshot cannot carry it: a host that migrates a
  /// session carries its kept secrets with this, and the shopper is not asked for
  /// a CVV again only because its key was renamed.
  public func carry(_ secrets: SecretValues, from version: Int?) -> SecretValues {
    let renames = renames(since: version)
    guard !renames.isEmpty else { return secrets }
    return secrets.renamingKeys { key in renames.reduce(key) { $1.key($0) } }
  }

  /// The renames a snapshot of `version` has not seen, oldest first: none when it is
  /// of the target's version or newer.
  func renames(since version: Int?) -> [FlowRenames] {
    if let version, !Self.isVersion(version, olderThan: target.flow.version) { return [] }
    let older = history.filter { flow in
      guard let flowVersion = flow.version else { return false }
      return version.map { flowVersion > $0 } ?? false
    }
    return older.map(\.renamed) + [target.flow.renamed]
  }

  /// Whether a flow of `version` is older than one of `other`: versions in number
  /// order, and a flow without a `version` older than any versioned one (the order
  /// in which a host serving several versions finds its newest).
  package static func isVersion(_ version: Int?, olderThan other: Int?) -> Bool {
    switch (version, other) {
    case (let version?, let other?): version < other
    case (nil, .some): true
    case (_, nil): false
    }
  }

  /// Whether the target flow has a step, and a row of it.
  func has(_ step: StepID) -> Bool { target.step(step) != nil }
  func has(_ ref: CheckoutSession.RowRef) -> Bool { target.step(ref.step)?.row(ref.row) != nil }
  func holds(_ key: DataKey) -> Bool { known.contains(key) }
  var rowsWithRules: [(step: StepID, row: Row)] { checkedRows }
}

/// A session restored by a ``SnapshotMigrator``, and what the migration changed.
public struct MigratedSession: Sendable {
  /// The session, on the migrator's target flow.
  public var session: CheckoutSession
  /// What changed and why; nil when the snapshot was made on the target flow itself.
  public var report: MigrationReport?
}

extension CheckoutSession {
  /// Restores a snapshot against a compiled flow. A snapshot made on another
  /// version of the flow is migrated (``SnapshotMigrator``; use it directly for the
  /// report); only a snapshot of another flow or format is refused.
  public init(restoring snapshot: SessionSnapshot, flow compiled: CompiledFlow) throws(SnapshotError) {
    if compiled.isFlow(of: snapshot) {
      try self.init(restoringExactly: snapshot, flow: compiled)
    } else {
      self = try SnapshotMigrator(to: compiled).restore(snapshot).session
    }
  }
}

extension CompiledFlow {
  /// Whether a snapshot was made on exactly this flow: the same `version` and
  /// fingerprint (what a server serving several versions pins a session by).
  public func isFlow(of snapshot: SessionSnapshot) -> Bool {
    snapshot.fingerprint == fingerprint && snapshot.flowVersion == flow.version
  }
}
