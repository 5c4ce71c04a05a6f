import CheckoutEngine
import Logging

/// The versions of a flow a deploy left out. A session is carried to the newest
/// version with the renames of the versions it has not seen, which those versions'
/// files declare (``SnapshotMigrator``'s history): with a version's file missing,
/// its renames are never applied, and a session older than it loses what was
/// under a step, row or key it renamed (the shopper's place, an offer, values).
struct FlowVersionGap: Sendable, Equatable, CustomStringConvertible {
  /// The flow.
  var flow: FlowID
  /// The versions before the newest that no file serves, in order.
  var missing: [Int]
  /// The newest version served, which sessions are carried to.
  var newest: Int

  /// `plndr: versions 1, 2 are not served; sessions on them are carried to 3
  /// without their renames: keep every version's file deployed`.
  var description: String {
    let list = missing.map(String.init).joined(separator: ", ")
    let (versions, are, them, their) =
      missing.count == 1 ? ("version", "is", "it", "its") : ("versions", "are", "them", "their")
    return "\(flow): \(versions) \(list) \(are) not served; sessions on \(them) are carried to \(newest) "
      + "without \(their) renames: keep every version's file deployed"
  }
}

extension FlowCatalog {
  /// Each flow whose served versions do not run from 1 to its newest without a gap
  /// (a flow without a `version` has none to miss).
  var versionGaps: [FlowVersionGap] {
    entries.compactMap { entry in
      let flow = entry.compiled.flow
      guard let newest = flow.version, newest > 1 else { return nil }
      let served = Set(olderVersions(of: flow.id).compactMap(\.version))
      let missing = (1..<newest).filter { !served.contains($0) }
      return missing.isEmpty ? nil : FlowVersionGap(flow: flow.id, missing: missing, newest: newest)
    }
  }

  /// Logs a warning for each of ``versionGaps`` (at start).
  func warnAboutVersionGaps(to logger: Logger) {
    for gap in versionGaps {
      logger.warning(
        "\(gap)",
        metadata: [
          "flow": "\(gap.flow)", "missingVersions": "\(gap.missing.map(String.init).joined(separator: ","))",
          "newestVersion": "\(gap.newest)",
        ])
    }
  }
}
