import ArgumentParser

/// The command line's settings of the PostgreSQL store: the pool's size, how long
/// a connection attempt may take, and how long a store operation may take before
/// the request is answered 503 (``TimeLimitedStore``).
///
/// Each instance opens at most `--db-pool-size` connections, so the database's
/// `max_connections` must hold that times the instances (plus what else connects).
struct DatabaseOptions: ParsableArguments, Sendable {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The most connections this instance opens to PostgreSQL (\(Limits.smallestPool) to \(Limits.poolSize)); the database's max_connections must hold this times the instances. Only with DATABASE_URL.",
      valueName: "count"))
  var dbPoolSize = Defaults.poolSize

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds a new connection to PostgreSQL (connect, TLS, login) may take before the attempt is given up (over 0, at most \(Int(Limits.connectTimeout))). Only with DATABASE_URL.",
      valueName: "seconds"))
  var dbConnectTimeout = Defaults.connectTimeout

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds a store operation (a read, a save) may take before the request is answered 503 store_unavailable with Retry-After (over 0, at most \(Int(Limits.storeTimeout))). Not applied to the memory store.",
      valueName: "seconds"))
  var storeTimeout = Defaults.storeTimeout

  /// The defaults: 16 connections, 1 s to connect, 1.5 s per store operation.
  enum Defaults {
    /// The pool's size.
    static let poolSize = 16
    /// Seconds a connection attempt may take.
    static let connectTimeout = 1.0
    /// Seconds a store operation may take.
    static let storeTimeout = 1.5
  }

  /// The largest values accepted. A pool over 1,000 connections is a typing slip
  /// (each is a PostgreSQL process); a wait of minutes holds the shopper's request
  /// longer than a 503 and a retry would, and a store timeout past 30 s outlasts a
  /// graceful stop (``processServiceGroup(_:stopsOnSignals:maximumGracefulShutdown:running:leftBehind:)``).
  enum Limits {
    /// The fewest connections of one pool: the sweeper holds one for its lock
    /// (`pg_try_advisory_lock`) while its work takes another, so a pool of one
    /// waited on itself at every sweep (shoppers 503, a stop 30 s).
    static let smallestPool = 2
    /// The most connections of one pool.
    static let poolSize = 1000
    /// The most seconds a connection attempt may take.
    static let connectTimeout = 60.0
    /// The most seconds a store operation may take.
    static let storeTimeout = 30.0
  }

  /// The command line's defaults, as parsed from no arguments.
  static let standard = DatabaseOptions(poolSize: Defaults.poolSize)

  /// For the parser, which fills the options in (only a parsed value may be read).
  init() {}

  /// The options a test or an embedding program gives (the defaults otherwise).
  init(
    poolSize: Int = Defaults.poolSize, connectTimeout: Double = Defaults.connectTimeout,
    storeTimeout: Double = Defaults.storeTimeout
  ) {
    self.dbPoolSize = poolSize
    self.dbConnectTimeout = connectTimeout
    self.storeTimeout = storeTimeout
  }

  /// Refuses a pool size outside ``Limits/smallestPool`` to ``Limits/poolSize`` and a timeout that is
  /// not a number of seconds over 0 and within its limit, saying what is valid.
  func validated() throws(UsageError) -> DatabaseOptions {
    guard (Limits.smallestPool...Limits.poolSize).contains(dbPoolSize) else {
      let why = dbPoolSize == 1 ? " (the sweeper holds one connection for its lock while its work takes another)" : ""
      throw UsageError(
        description:
          "--db-pool-size must be \(Limits.smallestPool) to \(Limits.poolSize) connections, not \(dbPoolSize)\(why)")
    }
    for (name, value, limit) in [
      ("--db-connect-timeout", dbConnectTimeout, Limits.connectTimeout),
      ("--store-timeout", storeTimeout, Limits.storeTimeout),
    ] where !(value > 0 && value <= limit) {
      throw UsageError(
        description: "\(name) must be a number of seconds over 0 and at most \(Int(limit)), not \(Self.text(value))")
    }
    return self
  }

  /// ``dbConnectTimeout`` as a duration.
  var connectDuration: Duration { .nanoseconds(Int64(dbConnectTimeout * 1e9)) }

  /// ``storeTimeout`` as a duration.
  var storeDuration: Duration { .nanoseconds(Int64(storeTimeout * 1e9)) }

  /// Seconds as the start line and the refusals write them: `1`, `1.5`, `-2`.
  static func text(_ seconds: Double) -> String {
    seconds.isFinite && seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int(seconds))" : "\(seconds)"
  }
}
