import CheckoutEngine
import Logging

/// The log line of a session carried to another version of its flow
/// (``FlowServing``): once per migration saved, at info, `session carried to
/// another flow version` with the session, the flow, the versions and how many
/// changes of each kind the report holds (`changes=renamedKey:2,cutNavigation:1`),
/// never a subject or a detail (they name rows and keys, and a rejected value's
/// detail quotes the rule). A migration a `GET` shows without saving is logged at
/// debug: the next request migrates the session again.
enum MigrationLog {
  /// Logs `report`, the migration of session `session`; `saved` when the
  /// migrated session was saved (info), otherwise only shown (debug).
  static func log(_ report: MigrationReport, session: SessionID, saved: Bool, to logger: Logger) {
    let metadata: Logger.Metadata = [
      "session": "\(LogText.sessionID(session.rawValue))", "flow": "\(LogText.safe(report.flow.rawValue))",
      "fromVersion": "\(version(report.fromVersion))", "toVersion": "\(version(report.toVersion))",
      "changes": "\(summary(report.changes))",
    ]
    if saved {
      logger.info("session carried to another flow version", metadata: metadata)
    } else {
      logger.debug("session shown on another flow version (saved with its next event)", metadata: metadata)
    }
  }

  /// How many changes of each kind, in the kinds' order: `renamedKey:2,cutNavigation:1`;
  /// `none` for a report without changes.
  static func summary(_ changes: [MigrationReport.Change]) -> String {
    let counts = MigrationReport.Change.Kind.allCases.compactMap { kind -> String? in
      let count = changes.count(where: { $0.kind == kind })
      return count == 0 ? nil : "\(kind.rawValue):\(count)"
    }
    return counts.isEmpty ? "none" : counts.joined(separator: ",")
  }

  /// A version as the line writes it: `2`, or `none` for a flow without one.
  private static func version(_ version: Int?) -> String {
    version.map { "\($0)" } ?? "none"
  }
}
