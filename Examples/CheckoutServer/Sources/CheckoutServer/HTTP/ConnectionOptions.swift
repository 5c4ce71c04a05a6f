import ArgumentParser

/// The command line's limits on connections: how long a slow client may take
/// to send a request, and how many connections are served at once.
///
/// A client that dribbles its headers or its body holds a descriptor and a slot
/// for as long as the server waits; these bound that wait, so slow clients cost
/// nothing the next shopper needs (``ReadDeadlineHandler``, ``ConnectionGuard``).
struct ConnectionOptions: ParsableArguments, Sendable {
  @Option(
    parsing: .unconditional,
    help:
      "Seconds a request's header block may take to arrive, from its first byte (at most 3600); a slower one is answered 408 and the connection closed."
  )
  var headerTimeout: Double = Defaults.headerTimeout

  @Option(
    parsing: .unconditional,
    help:
      "Seconds a request body may take to arrive in full after its headers (the 64 KiB limit at 6.4 KiB/s or faster; at most 3600); a slower one is answered 408 and the connection closed."
  )
  var bodyTimeout: Double = Defaults.bodyTimeout

  @Option(
    parsing: .unconditional,
    help:
      "Connections served at once; a new connection beyond is answered 503 with Retry-After and closed (lowered to fit the descriptor limit)."
  )
  var maxConnections = Defaults.maxConnections

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds a kept-alive connection may stay idle (no request) before the server closes it (over 0, at most \(Int(Limits.keepAliveTimeout))).",
      valueName: "seconds"))
  var keepAliveTimeout: Double = Defaults.keepAliveTimeout

  @Flag(
    inversion: .prefixedNo,
    help: "Raise the open-file (descriptor) limit to its hard limit at start, where the system allows.")
  var raiseDescriptorLimit = true

  /// The defaults: 5 s for headers, 10 s for a body, 4,096 connections, 30 s idle.
  enum Defaults {
    static let headerTimeout = 5.0
    static let bodyTimeout = 10.0
    static let maxConnections = 4096
    /// Seconds a kept-alive connection may stay idle.
    static let keepAliveTimeout = 30.0
  }

  /// The largest values accepted.
  enum Limits {
    /// An hour: an idle connection held longer costs a descriptor and a slot of
    /// `--max-connections` for a client that may never come back.
    static let keepAliveTimeout = 3600.0
    /// An hour, for a request's header block and for its body: a client slower than
    /// that holds a descriptor for nothing (and a larger value is a typing slip:
    /// `1e10` did not fit the event loop's timer and stopped the process).
    static let readTimeout = 3600.0
  }

  /// The command line's defaults, as parsed from no arguments.
  static let standard = ConnectionOptions(headerTimeout: Defaults.headerTimeout)

  /// For the parser, which fills the options in (only a parsed value may be read).
  init() {}

  /// The options a test or an embedding program gives (the defaults otherwise).
  init(
    headerTimeout: Double = Defaults.headerTimeout, bodyTimeout: Double = Defaults.bodyTimeout,
    maxConnections: Int = Defaults.maxConnections, keepAliveTimeout: Double = Defaults.keepAliveTimeout,
    raiseDescriptorLimit: Bool = true
  ) {
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.maxConnections = maxConnections
    self.keepAliveTimeout = keepAliveTimeout
    self.raiseDescriptorLimit = raiseDescriptorLimit
  }

  /// Refuses a timeout that is not a number of seconds over 0 and within its limit
  /// (``Limits``), and a cap under one.
  func validated() throws(UsageError) -> ConnectionOptions {
    for (name, value) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout)]
    where !(value > 0 && value <= Limits.readTimeout) {
      throw UsageError(
        description:
          "\(name) must be a number of seconds over 0 and at most \(Int(Limits.readTimeout)), not \(DatabaseOptions.text(value))"
      )
    }
    guard maxConnections >= 1 else {
      throw UsageError(description: "--max-connections must be 1 or more, not \(maxConnections)")
    }
    guard keepAliveTimeout > 0, keepAliveTimeout <= Limits.keepAliveTimeout else {
      throw UsageError(
        description:
          "--keep-alive-timeout must be a number of seconds over 0 and at most \(Int(Limits.keepAliveTimeout)), not \(DatabaseOptions.text(keepAliveTimeout))"
      )
    }
    return self
  }
}
