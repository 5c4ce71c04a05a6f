import Logging
import PostgresNIO

/// How long sessions are kept: `--idle-timeout` and `--finished-retention`, in
/// seconds, and how long one may wait on the shopper's action before it is
/// abandoned (`--abandon-after`: one instance's pass abandons every instance's
/// sessions, so they share it too).
struct SweepSettings: Sendable, Equatable, CustomStringConvertible {
  var idleTimeout: Int
  var finishedRetention: Int
  var abandonAfter: Double = defaultAbandonAfter

  var description: String {
    "--idle-timeout \(idleTimeout) --finished-retention \(finishedRetention) --abandon-after \(DatabaseOptions.text(abandonAfter))"
  }

  /// How often the sweeper and the lost-call recovery's pass (which abandons)
  /// check: every quarter of the shortest of the idle timeout, the finished
  /// retention and `--abandon-after`, and at least once a minute (at most a minute
  /// apart): 2.5 s for 20 s and 10 s, 10 s for `--abandon-after 40`, a minute for
  /// the defaults (1800 s, 600 s and 1800 s).
  var sweepInterval: Duration {
    min(.seconds(60), .seconds(min(Double(min(idleTimeout, finishedRetention)), abandonAfter)) / 4)
  }

  /// A duration in seconds as the start line writes it: `60s`, `2.5s`.
  static func text(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(Double(milliseconds) / 1000)s"
  }

  /// The longer of each (a finished retention stays within the idle timeout).
  func longest(_ other: SweepSettings) -> SweepSettings {
    SweepSettings(
      idleTimeout: max(idleTimeout, other.idleTimeout),
      finishedRetention: max(finishedRetention, other.finishedRetention),
      abandonAfter: max(abandonAfter, other.abandonAfter))
  }
}

/// The database's record of the sweeping settings, which every instance on it
/// must share: one instance's sweeper deletes every instance's sessions, so an
/// instance started with a shorter idle timeout would delete the others' live
/// sessions. The first instance records its settings; a later one whose settings
/// differ logs a warning at start, and one whose settings are shorter sweeps with
/// the recorded (longer) ones, unless started with `--replace-sweep-settings`,
/// which records its own.
enum SweepSettingsRecord {
  /// The table: one row.
  static let table = "checkout_sweep_settings"
  /// Its schema.
  static let schema = """
    CREATE TABLE IF NOT EXISTS checkout_sweep_settings (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      idle_timeout integer NOT NULL,
      finished_retention integer NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )
    """
  /// The column later versions added (`--abandon-after`; NULL in an older record: 1800).
  static let abandonAfterColumn =
    "ALTER TABLE checkout_sweep_settings ADD COLUMN IF NOT EXISTS abandon_after double precision"

  /// What an instance sweeps with, what it records (nil: nothing), and the
  /// warning it logs (nil: none), given its own settings and the database's.
  static func decide(own: SweepSettings, recorded: SweepSettings?, replace: Bool)
    -> (effective: SweepSettings, record: SweepSettings?, warning: String?)
  {
    guard let recorded else { return (own, own, nil) }
    if own == recorded { return (own, nil, nil) }
    if replace {
      return (
        own, own,
        "--replace-sweep-settings: the database's sweeping settings (\(recorded)) are replaced by this instance's (\(own)); restart every instance with them"
      )
    }
    let effective = own.longest(recorded)
    let sweeping =
      effective == own
      ? "it sweeps with its own, longer ones"
      : "it sweeps with \(effective) so as not to delete sessions the others keep"
    return (
      effective, nil,
      "this instance's sweeping settings (\(own)) differ from the database's record (\(recorded)), which every "
        + "instance on it must share: \(sweeping); to change the record, start an instance with --replace-sweep-settings"
    )
  }

  /// Reads the record, decides (``decide(own:recorded:replace:)``), records and
  /// warns as decided; returns the settings to sweep with. Call it holding
  /// ``DatabaseSchema/lock``.
  static func settle(own: SweepSettings, replace: Bool, on connection: PostgresConnection, logger: Logger)
    async throws -> SweepSettings
  {
    var recorded: SweepSettings?
    let rows = try await connection.query(
      "SELECT idle_timeout, finished_retention, abandon_after FROM checkout_sweep_settings", logger: logger)
    for try await (idle, finished, abandon) in rows.decode((Int, Int, Double?).self) {
      recorded = SweepSettings(
        idleTimeout: idle, finishedRetention: finished, abandonAfter: abandon ?? defaultAbandonAfter)
    }
    let decision = decide(own: own, recorded: recorded, replace: replace)
    if let record = decision.record {
      try await connection.query(
        """
        INSERT INTO checkout_sweep_settings (one, idle_timeout, finished_retention, abandon_after) \
        VALUES (true, \(record.idleTimeout), \(record.finishedRetention), \(record.abandonAfter)) \
        ON CONFLICT (one) DO UPDATE SET idle_timeout = EXCLUDED.idle_timeout, \
        finished_retention = EXCLUDED.finished_retention, abandon_after = EXCLUDED.abandon_after, \
        recorded_at = now()
        """, logger: logger)
    }
    if let warning = decision.warning { logger.warning("\(warning)") }
    return decision.effective
  }
}
