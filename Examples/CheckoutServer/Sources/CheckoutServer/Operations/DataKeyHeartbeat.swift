import Logging
import ServiceLifecycle

/// Records this instance's current data key in the database every minute while
/// it runs (``DataKeyAdmission``), so that an instance started meanwhile with
/// another key is refused even before any value is sealed. A failure (the
/// database away) is retried at the next beat.
struct DataKeyHeartbeat: Service, CustomStringConvertible {
  let client: RecoveringPostgresClient
  /// The current key's id.
  let keyID: String
  let logger: Logger
  var interval: Duration = DataKeyHeartbeat.standardInterval

  /// How often a running instance records its key: every minute.
  static let standardInterval: Duration = .seconds(60)

  var description: String { "DataKeyHeartbeat(\(keyID), every \(interval))" }

  func run() async throws {
    await Periodic.every(interval) {
      do {
        try await client.query(
          """
          INSERT INTO checkout_data_keys (id) VALUES (\(keyID)) ON CONFLICT (id) DO UPDATE SET seen_at = now()
          """, logger: logger)
      } catch {
        logger.debug("the data key could not be recorded; trying again later")
      }
    }
  }
}
