import Logging
import PostgresNIO

/// Compares the pool's size (`--db-pool-size`) with the database's
/// `max_connections` at start: a pool larger than the database admits fails
/// its connections past the limit under load (53300 too many connections), so
/// the start warns, naming both. A warning, not a refusal: the operator may be
/// about to raise the limit, and a pool that never fills works.
enum PoolSizeCheck {
  /// The warning's words, when `poolSize` exceeds `maxConnections` (nil when it fits).
  static func warning(poolSize: Int, maxConnections: Int) -> String? {
    guard poolSize > maxConnections else { return nil }
    return
      "--db-pool-size \(poolSize) exceeds the database's max_connections \(maxConnections): under load, connections past it are refused (too many connections); lower --db-pool-size, or raise max_connections to at least the pool size times the instances"
  }

  /// Reads `max_connections` on `connection` and logs ``warning(poolSize:maxConnections:)``
  /// when the pool exceeds it. A database that does not say is not compared (logged at debug).
  static func warnIfOver(_ poolSize: Int, on connection: PostgresConnection, logger: Logger) async {
    let maxConnections: Int
    do {
      var found: Int?
      let rows = try await connection.query("SHOW max_connections", logger: logger)
      for try await text in rows.decode(String.self) { found = Int(text) }
      guard let found else { return }
      maxConnections = found
    } catch {
      logger.debug(
        "max_connections could not be read; the pool's size is not compared with it",
        metadata: ["reason": "\(PostgresErrorText.describe(error))"])
      return
    }
    guard let words = warning(poolSize: poolSize, maxConnections: maxConnections) else { return }
    logger.warning(
      "\(words)", metadata: ["dbPoolSize": "\(poolSize)", "maxConnections": "\(maxConnections)"])
  }
}
