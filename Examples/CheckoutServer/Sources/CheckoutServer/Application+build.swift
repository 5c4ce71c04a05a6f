import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// What the server is started with (the command line, or a test).
protocol AppArguments {
  /// The address to listen on (default 127.0.0.1).
  var hostname: String { get }
  /// The port (default 8080).
  var port: Int { get }
  /// The directory of flow files; nil for the repository's `Flows/`.
  var flows: String? { get }
  /// A fixed session date for new sessions (`YYYY-MM-DD`); nil for today (UTC).
  var today: String? { get }
  /// The log level (default info).
  var logLevel: Logger.Level? { get }
  /// Seconds a session may go unused (no save, no read) before the sweeper deletes
  /// it; default 1800. Must exceed the call timeout.
  var idleTimeout: Int { get }
  /// Seconds a finished order (resting on its confirmation, no call) is kept after
  /// its last use; nil for the lesser of 600 and the idle timeout.
  var finishedRetention: Int? { get }
  /// Seconds an API call may take before the next request finishes it (default 10).
  var callTimeout: Double? { get }
  /// Seconds a call may wait on the shopper's action with no save or read before
  /// it is abandoned (``LostCallRecovery``); nil for ``defaultAbandonAfter``.
  var abandonAfter: Double? { get }
  /// What happens to a live session when its flow has a newer version (default pin).
  var onFlowChange: FlowChangePolicy { get }
  /// Read timeouts, the keep-alive timeout and the connection cap (``ConnectionOptions``).
  var connections: ConnectionOptions { get }
  /// The PostgreSQL pool's size and connect timeout, and the store timeout (``DatabaseOptions``).
  var database: DatabaseOptions { get }
  /// The most sessions the memory store holds (``MemorySessionStore``); nil for
  /// ``MemorySessionStore/defaultMaximumSessions``. Only without a database.
  var maxSessions: Int? { get }
  /// The answer size of `POST /load-baseline/events` (``LoadBaselineController``);
  /// nil, the default, leaves the route out.
  var loadBaseline: Int? { get }
  /// Whether `POST /sessions/{id}/script` scripts the demo API's next answers
  /// (``ScriptController``; development only, default false).
  var devScriptedAnswers: Bool { get }
  /// Whether this instance's idle timeout, finished retention and abandon-after replace the
  /// database's record of them (``SweepSettingsRecord``; default false).
  var replaceSweepSettings: Bool { get }
}

extension AppArguments {
  /// The default: 1800 s.
  var idleTimeout: Int { 1800 }
  /// The default: 10 s.
  var callTimeout: Double? { nil }
  /// The default: ``defaultAbandonAfter``.
  var abandonAfter: Double? { nil }
  /// The default: the lesser of 600 s and the idle timeout.
  var finishedRetention: Int? { nil }
  /// The default: pin.
  var onFlowChange: FlowChangePolicy { .pin }
  /// The defaults: 5 s for headers, 10 s for a body, 4,096 connections, 30 s idle.
  var connections: ConnectionOptions { .standard }
  /// The defaults: 16 connections, 1 s to connect, 1.5 s per store operation.
  var database: DatabaseOptions { .standard }
  /// The default: ``MemorySessionStore/defaultMaximumSessions``.
  var maxSessions: Int? { nil }
  /// The default: no load baseline route.
  var loadBaseline: Int? { nil }
  /// The default: no scripted answers.
  var devScriptedAnswers: Bool { false }
  /// The default: the database's record of the sweeping settings stands.
  var replaceSweepSettings: Bool { false }
}

/// What a test (or an embedding program) may replace.
struct AppDependencies: Sendable {
  /// The logger (tests capture it in memory).
  var logger: Logger?
  /// The checkout API; nil for the demo, its ledger in the store's database.
  var api: (any CheckoutAPI)?
  /// The demo API's ledger when `api` is nil; nil for the store's (PostgreSQL's
  /// table, or memory). A test passes one to count charges.
  var ledger: (any CallLedger)?
  /// The session store; nil to choose by the environment: PostgreSQL when
  /// `DATABASE_URL` is set, memory (``MemorySessionStore``) when it is not (set but
  /// empty is refused: ``DatabaseURL/given(in:)``).
  var store: (any SessionStore)?
  /// The environment (`DATABASE_URL`, `CHECKOUT_DATA_KEY`, `CHECKOUT_OLD_DATA_KEYS`).
  var environment: [String: String] = ProcessInfo.processInfo.environment
  /// What a `set` may write.
  var limits = DataLimits()
  /// How long a store operation may take before the request is answered 503 (not
  /// applied to the server's memory store, which waits on nothing: ``TimeLimitedStore``);
  /// nil for the arguments' `--store-timeout` (``DatabaseOptions/storeTimeout``, 1.5 s).
  /// A test gives one shorter than the option allows to name.
  var storeTimeout: Duration?
  /// How often the sweeper and the lost-call recovery run; nil for
  /// ``SweepSettings/sweepInterval`` (a quarter of the shorter of the idle timeout
  /// and the finished retention, at most a minute apart).
  var sweepInterval: Duration?
  /// Told each point an API call reaches, after `CHECKOUT_FAULT`'s check: a test
  /// throws to stop a call there, as an instance dying there would.
  var checkpoint: (@Sendable (CallCheckpoint) throws -> Void)?
  /// The metrics (a test reads them).
  var metrics = ServerMetrics()
  /// Called once the server listens, with its channel: a test that asked for port
  /// 0 reads the port the system chose from it.
  var onServerRunning: @Sendable (any Channel) async -> Void = { _ in }
  /// How long, at start, a database that does not answer (nothing listening) is
  /// tried again before the start fails (``DatabaseStartup``).
  var databaseWait: Duration = .seconds(10)
  /// The services still running, by name: what a stop that overran names (``ProcessGroup``).
  var running = RunningServices()
  /// The clock of the coordinator's timeouts, the lost-call recovery, the sweeper
  /// and read activity (and of the memory store this builds): a test moves it.
  var now: @Sendable () -> Date = { Date() }

  init(
    logger: Logger? = nil, api: (any CheckoutAPI)? = nil, ledger: (any CallLedger)? = nil,
    store: (any SessionStore)? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, limits: DataLimits = DataLimits(),
    storeTimeout: Duration? = nil, sweepInterval: Duration? = nil,
    metrics: ServerMetrics = ServerMetrics()
  ) {
    self.logger = logger
    self.api = api
    self.ledger = ledger
    self.store = store
    self.environment = environment
    self.limits = limits
    self.storeTimeout = storeTimeout
    self.sweepInterval = sweepInterval
    self.metrics = metrics
  }
}

/// Builds the application the command line runs and the tests drive: flows
/// loaded and linted (a lint error throws ``FlowCatalogError`` with the lint
/// output), the store chosen and bounded in time, the routes of
/// ``buildRouter(service:access:catalog:store:metrics:logger:)``, the HTTP limits of
/// ``guardedHTTP1(_:)``, the session sweeper and, beside it, the lost-call recovery.
func buildApplication(_ arguments: some AppArguments, dependencies: AppDependencies = AppDependencies()) async throws
  -> some ApplicationProtocol
{
  var logger = dependencies.logger ?? Logger(label: "checkout-server")
  logger.logLevel = arguments.logLevel ?? .info
  let catalog = try FlowCatalog.load(directory: arguments.flows ?? FlowCatalog.defaultDirectory, logger: logger)
  catalog.warnAboutVersionGaps(to: logger)
  var today: CalendarDate?
  if let text = arguments.today {
    // The engine's one reader of `--today`, as the command line reads it.
    do {
      today = try CalendarDate.parse(text, option: "--today")
    } catch {
      throw UsageError(description: error.description)
    }
  }
  // A port past 65535 would wrap (70000 listens on 4464) while the log named 70000.
  guard (0...65535).contains(arguments.port) else {
    throw UsageError(description: "--port must be 0 to 65535 (0: any free port), not \(arguments.port)")
  }
  try checkHostname(arguments.hostname)
  guard arguments.idleTimeout >= 1 else {
    throw UsageError(description: "--idle-timeout must be 1 second or more, not \(arguments.idleTimeout)")
  }
  let callTimeout = arguments.callTimeout ?? 10
  // An hour at most: a call unanswered that long is lost, and a larger value is a
  // typing slip (`1e19` did not fit a duration and stopped the process).
  guard callTimeout >= 0, callTimeout <= 3600 else {
    throw UsageError(
      description:
        "--call-timeout must be a number of seconds, 0 or more and at most 3600, not \(DatabaseOptions.text(callTimeout))"
    )
  }
  let retention = try finishedRetention(of: arguments, callTimeout: callTimeout)
  if let most = arguments.maxSessions, most < 1 {
    throw UsageError(description: "--max-sessions must be 1 or more, not \(most)")
  }
  let database = try arguments.database.validated()
  // Before the database is reached: a bad connection option ends the start at once.
  _ = try arguments.connections.validated()

  var services: [any Service] = []
  var postgresStore: PostgresSessionStore?
  let base: any SessionStore
  let storeName: String
  var databaseName: String?
  var sweep = SweepSettings(
    idleTimeout: arguments.idleTimeout, finishedRetention: retention, abandonAfter: try abandonAfter(of: arguments))
  let databaseURL = dependencies.store == nil ? try DatabaseURL.given(in: dependencies.environment) : nil
  let keys = try dataKeyring(
    in: dependencies.environment, persistent: databaseURL != nil || dependencies.store is PostgresSessionStore)
  if let given = dependencies.store {
    base = given
    storeName = "\(type(of: given))"
  } else if let url = databaseURL {
    if arguments.maxSessions != nil {
      throw UsageError(
        description:
          "--max-sessions caps the memory store; with DATABASE_URL the sessions are in PostgreSQL, which the sweeper keeps to the idle timeout: leave --max-sessions out"
      )
    }
    let target = try DatabaseURL.target(url)
    // Before anything listens: one connection, the tables checked and prepared,
    // the data key admitted and the sweeping settings settled; a failure ends the start.
    var startup = DatabaseStartup(target: target, logger: logger)
    startup.retryFor = dependencies.databaseWait
    startup.poolSize = database.dbPoolSize
    let prepared = try await startup.prepare(
      keys: keys, sweep: sweep, replaceSweepSettings: arguments.replaceSweepSettings)
    sweep = prepared.sweep ?? sweep
    let postgres = PostgresSessionStore(target: target, options: database, logger: logger)
    services.append(postgres.client)
    services.append(DataKeyHeartbeat(client: postgres.client, keyID: keys.current.id, logger: logger))
    postgresStore = postgres
    base = postgres
    storeName = "postgres"
    databaseName = "\(target)"
  } else {
    base = MemorySessionStore(
      now: dependencies.now, maximumSessions: arguments.maxSessions ?? MemorySessionStore.defaultMaximumSessions)
    storeName = "memory"
  }
  // The digests of session secrets live beside the sessions: a given store that
  // cannot keep them gets a map beside it (two servers sharing a memory store
  // share a SecretKeepingMemoryStore).
  let keeping: any SessionStore & SessionSecretStore =
    (base as? any SessionStore & SessionSecretStore) ?? SecretKeepingMemoryStore(base: base)

  let ledger: any CallLedger =
    dependencies.ledger ?? postgresStore.map { PostgresCallLedger(client: $0.client, logger: logger) }
    ?? InMemoryCallLedger()
  let scripts = arguments.devScriptedAnswers ? ScriptedAnswers() : nil
  let api =
    dependencies.api
    ?? DemoCheckoutAPI(
      ledger: ledger, declaredActions: DeclaredActions(catalog: catalog), providedKeys: ProvidedKeys(catalog: catalog),
      scripted: scripts)
  let metrics = dependencies.metrics
  metrics.expectAPICalls(operations: Set(catalog.files.flatMap(\.compiled.flow.operationNames)).sorted())
  let storeLimit = dependencies.storeTimeout ?? database.storeDuration
  let sealed = SealingSessionStore(base: keeping, catalog: catalog, keys: keys, metrics: metrics, logger: logger)
  let store = TimeLimitedStore(
    base: ConflictLoggingStore(base: sealed, logger: logger, metrics: metrics),
    limit: base is MemorySessionStore ? nil : storeLimit, metrics: metrics)
  // The database's record when there is one (every instance abandons the others' sessions too).
  let abandonSeconds = sweep.abandonAfter
  let vault = SecretVault()
  let faults = try FaultInjection(environment: dependencies.environment)
  let service = SessionService(
    store: store, serving: FlowServing(catalog: catalog, policy: arguments.onFlowChange, vault: vault),
    calls: CallCoordinator(
      store: store, api: api, secrets: vault, storeSensitive: true, attempts: 32, callTimeout: callTimeout,
      actionTimeout: abandonSeconds, now: dependencies.now,
      checkpoint: { [test = dependencies.checkpoint] point in
        faults.reach(point)
        try test?(point)
      }),
    limits: dependencies.limits, today: today, metrics: metrics,
    activity: (base as? any SweepableSessionStore).map {
      // A quarter of the shorter of the idle timeout and --abandon-after: a shopper
      // who reads more often than every three quarters of either is not gone.
      ReadActivity(
        store: $0, threshold: min(Double(sweep.idleTimeout), abandonSeconds) / 4, logger: logger, now: dependencies.now)
    })
  let interval = dependencies.sweepInterval ?? sweep.sweepInterval
  let sweepable = base as? any SweepableSessionStore
  services.append(
    SessionSweeper(
      store: (sweepable as (any SessionStore)?) ?? store, catalog: catalog, vault: vault,
      idleTimeout: .seconds(sweep.idleTimeout),
      finishedRetention: .seconds(sweep.finishedRetention), interval: interval, metrics: metrics, logger: logger,
      now: dependencies.now))
  if let sweepable {
    services.append(
      LostCallRecovery(
        store: sweepable, service: service, interval: interval, logger: logger, abandonAfter: abandonSeconds,
        now: dependencies.now))
  }

  let access = SessionGuard(
    secrets: store.limiting(keeping),
    read: { id in try await store.withinLimit(id) { try await sealed.loadGuarded(id) } })
  let router = buildRouter(
    service: service, access: access, catalog: catalog,
    store: store,
    metrics: metrics, logger: logger)
  if let scripts {
    ScriptController(service: service, access: access, scripts: scripts).addRoutes(to: router.group("sessions"))
    logger.warning("scripted answers on: POST /sessions/{id}/script (for development only)")
  }
  if let size = arguments.loadBaseline {
    try LoadBaselineController(
      responseSize: size, flow: catalog[FlowID("plndr")], today: today ?? CalendarDate.utcToday()
    ).addRoutes(to: router)
    logger.warning(
      "load baseline routes on: POST /load-baseline/events and /load-baseline/set-answer (for benchmarks only)",
      metadata: ["bytes": "\(size)"])
  }
  let running = dependencies.onServerRunning
  let app = Application(
    router: router,
    server: guardedHTTP1(try connectionPolicy(arguments.connections, logger: logger, metrics: metrics)),
    configuration: .init(address: .hostname(arguments.hostname, port: arguments.port), serverName: "CheckoutServer"),
    services: services.map { dependencies.running.track($0) },
    onServerRunning: { [logger, hostname = arguments.hostname, port = arguments.port] channel in
      // The port the system chose for --port 0 (the start line says 0).
      logger.info("listening", metadata: ["address": "\(hostname):\(channel.localAddress?.port ?? port)"])
      await running(channel)
    },
    logger: logger)
  if !keys.repeated.isEmpty {
    logger.warning(
      "\(DataKeyring.oldVariable) repeats a key (or holds the current one); each is used once",
      metadata: ["repeated": "\(keys.repeated.joined(separator: ","))"])
  }
  var started: Logger.Metadata = [
    "flows":
      "\(catalog.files.map { "\($0.compiled.flow.id)\($0.compiled.flow.version.map { " v\($0)" } ?? "") (\($0.file))" }.joined(separator: ", "))",
    "store": "\(storeName)",
    "address": "\(arguments.hostname):\(arguments.port)\(arguments.port == 0 ? " (any free port: see listening)" : "")",
    "idleTimeout": "\(sweep.idleTimeout)s", "finishedRetention": "\(sweep.finishedRetention)s",
    "abandonAfter": "\(DatabaseOptions.text(abandonSeconds))s",
    "sweepEvery": "\(SweepSettings.text(dependencies.sweepInterval ?? sweep.sweepInterval))",
    "dataKey": "\(keys.current.id)", "oldDataKeys": "\(keys.old.map(\.id).joined(separator: ","))",
  ]
  started["database"] = databaseName.map { "\($0)" }
  if !(base is MemorySessionStore) {
    started["storeTimeout"] = "\(SweepSettings.text(storeLimit))"
  }
  if databaseName != nil {
    started["dbPoolSize"] = "\(database.dbPoolSize)"
    started["dbConnectTimeout"] = "\(SweepSettings.text(database.connectDuration))"
  }
  started["keepAliveTimeout"] = "\(DatabaseOptions.text(arguments.connections.keepAliveTimeout))s"
  logger.info("checkout server", metadata: started)
  return app
}

/// The process's service group: the application (its HTTP server, sweeper and
/// database pool) and, after it, the stop notice. A group stops its services last to
/// first, so a graceful stop (SIGTERM, SIGINT) is announced before the server stops
/// taking connections. A stop that has not finished in `maximumGracefulShutdown`
/// (the requests in flight, each within its call timeout) is cancelled, and a
/// cancellation not finished in 5 s is left behind: `leftBehind` is told what still
/// runs (the process logs it and exits with status 1 rather than hang).
/// `stopsOnSignals`: false for a test, which triggers the stop itself.
func processServiceGroup(
  _ app: some ApplicationProtocol, stopsOnSignals: Bool = true, maximumGracefulShutdown: Duration = .seconds(30),
  running: RunningServices = RunningServices(), leftBehind: @escaping @Sendable ([String]) -> Void = { _ in }
) -> ProcessGroup {
  ProcessGroup(
    services: [app], logger: app.logger, stopsOnSignals: stopsOnSignals,
    maximumGracefulShutdown: maximumGracefulShutdown, running: running, leftBehind: leftBehind)
}

/// The finished-order retention in seconds, the options checked: the idle timeout
/// must exceed the call timeout (a session is never swept while its call may still
/// be answered), and the retention lies between 1 second and the idle timeout.
func finishedRetention(of arguments: some AppArguments, callTimeout: Double) throws(UsageError) -> Int {
  guard Double(arguments.idleTimeout) > callTimeout else {
    let call = DatabaseOptions.text(callTimeout)
    throw UsageError(
      description:
        "--idle-timeout (\(arguments.idleTimeout) s) must exceed --call-timeout (\(call) s): a session must never be swept while its call may still be answered"
    )
  }
  guard let given = arguments.finishedRetention else { return min(600, arguments.idleTimeout) }
  guard given >= 1, given <= arguments.idleTimeout else {
    throw UsageError(
      description:
        "--finished-retention must be 1 second or more and at most --idle-timeout (\(arguments.idleTimeout) s), not \(given)"
    )
  }
  return given
}

/// `--abandon-after` without a value: half an hour.
let defaultAbandonAfter: Double = 1800

/// `--abandon-after` in seconds, checked: over 0 and at most a week (604800 s).
func abandonAfter(of arguments: some AppArguments) throws(UsageError) -> Double {
  let seconds = arguments.abandonAfter ?? defaultAbandonAfter
  guard seconds > 0, seconds <= 604_800 else {
    throw UsageError(
      description:
        "--abandon-after must be a number of seconds over 0 and at most 604800 (a week), not \(DatabaseOptions.text(seconds))"
    )
  }
  return seconds
}

/// The connection policy of `options`, the descriptor limit raised first when
/// asked (and logged): the cap is lowered to what the descriptors allow. Refusals
/// are logged to `logger` and counted in `metrics`.
func connectionPolicy(_ options: ConnectionOptions, logger: Logger, metrics: ServerMetrics) throws(UsageError)
  -> ConnectionPolicy
{
  let options = try options.validated()
  let before = DescriptorLimit.read()
  let limit = options.raiseDescriptorLimit ? DescriptorLimit.raised() : before
  let cap = limit?.connectionsThatFit(options.maxConnections) ?? options.maxConnections
  var metadata: Logger.Metadata = ["maxConnections": "\(cap)"]
  if let limit {
    metadata["descriptors"] = "\(limit.current) (was \(before?.current ?? limit.current), hard \(limit.maximum))"
  }
  if cap < options.maxConnections {
    logger.warning("connections capped below --max-connections to fit the descriptor limit", metadata: metadata)
  } else {
    logger.info("connection limits", metadata: metadata)
  }
  let count = ConnectionCount(limit: cap)
  metrics.watchConnections(count)
  return ConnectionPolicy(
    count: count, headerTimeout: .nanoseconds(Int64(options.headerTimeout * 1e9)),
    bodyTimeout: .nanoseconds(Int64(options.bodyTimeout * 1e9)),
    refusals: ConnectionRefusals(logger: logger, metrics: metrics),
    keepAliveTimeout: .nanoseconds(Int64(options.keepAliveTimeout * 1e9)))
}

/// A bad command-line value.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

/// Refuses a `--hostname` that is neither an address nor a name that resolves,
/// before the start line (NIO's `SocketAddressError.UnknownHost` came after it).
func checkHostname(_ hostname: String) throws(UsageError) {
  do {
    _ = try SocketAddress.makeAddressResolvingHost(hostname, port: 0)
  } catch {
    throw UsageError(
      description:
        "--hostname \(hostname): not an IP address nor a host name that resolves; give an address of this machine (127.0.0.1, ::1, 0.0.0.0 for all) or a name such as localhost"
    )
  }
}

/// The routes: ``OperationsController`` (`/health`, `/ready`, `/metrics`),
/// ``FlowsController`` (`/flows`) and ``SessionsController`` (`/sessions`, each
/// request on a session checked by `access` first), behind
/// ``SecurityHeadersMiddleware``, ``ErrorAndLogMiddleware`` and ``PathGuardMiddleware``; and ``BrowserHost`` (`GET /`, the page and its reads).
func buildRouter(
  service: SessionService, access: SessionGuard, catalog: FlowCatalog, store: any SessionStore, metrics: ServerMetrics,
  logger: Logger = Logger(label: "checkout-server")
) -> Router<CheckoutRequestContext> {
  // HEAD is answered wherever GET is (RFC 9110 §9.3.2: uptime probes send it), with GET's headers and no body.
  let router = Router(context: CheckoutRequestContext.self, options: .autoGenerateHeadEndpoints)
  router.add(middleware: SecurityHeadersMiddleware())
  router.add(middleware: ErrorAndLogMiddleware(metrics: metrics))
  router.add(middleware: PathGuardMiddleware())
  OperationsController(store: store, metrics: metrics).addRoutes(to: router)
  FlowsController(catalog: catalog).addRoutes(to: router.group("flows"))
  SessionsController(service: service, access: access, metrics: metrics).addRoutes(to: router.group("sessions"))
  BrowserHost.add(to: router, service: service, access: access, catalog: catalog, logger: logger)
  return router
}
