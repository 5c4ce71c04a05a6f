import CheckoutEngine
import Foundation
import Hummingbird
import Logging
import NIOCore

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
}

/// What a test (or an embedding program) may replace.
struct AppDependencies: Sendable {
  /// The logger (tests capture it in memory).
  var logger: Logger?
  /// The checkout API (default: the demo).
  var api: any CheckoutAPI = DemoCheckoutAPI()
  /// The session store; nil to choose by the environment: PostgreSQL when
  /// `DATABASE_URL` is set, memory otherwise.
  var store: (any SessionStore)?
  /// The environment (`DATABASE_URL`).
  var environment: [String: String] = ProcessInfo.processInfo.environment

  init(logger: Logger? = nil, api: any CheckoutAPI = DemoCheckoutAPI(), store: (any SessionStore)? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment)
  {
    self.logger = logger
    self.api = api
    self.store = store
    self.environment = environment
  }
}

/// Builds the application the command line runs and the tests drive: flows
/// loaded and linted (a lint error throws ``FlowCatalogError`` with the lint
/// output), the store chosen, the routes of ``buildRouter(service:catalog:)``.
func buildApplication(_ arguments: some AppArguments, dependencies: AppDependencies = AppDependencies()) async throws
  -> some ApplicationProtocol
{
  var logger = dependencies.logger ?? Logger(label: "checkout-server")
  logger.logLevel = arguments.logLevel ?? .info
  let catalog = try FlowCatalog.load(directory: arguments.flows ?? FlowCatalog.defaultDirectory, logger: logger)
  var today: CalendarDate?
  if let text = arguments.today {
    guard let date = CalendarDate(parsing: text) else { throw UsageError(description: "--today must be YYYY-MM-DD, not \"\(text)\"") }
    today = date
  }

  var postgresStore: PostgresSessionStore?
  var prelude: (@Sendable () async throws -> Void)?
  let store: any SessionStore
  let storeName: String
  if let given = dependencies.store {
    store = given
    storeName = "\(type(of: given))"
  } else if let url = dependencies.environment["DATABASE_URL"], !url.isEmpty {
    let postgres = try PostgresSessionStore(url: url, logger: logger)
    postgresStore = postgres
    prelude = { try await postgres.createSchema() }
    store = postgres
    storeName = "postgres"
  } else {
    store = InMemorySessionStore()
    storeName = "memory"
  }

  let service = SessionService(
    store: ConflictLoggingStore(base: store, logger: logger), catalog: catalog, api: dependencies.api, today: today)
  let router = buildRouter(service: service, catalog: catalog)
  var app = Application(
    router: router,
    configuration: .init(address: .hostname(arguments.hostname, port: arguments.port), serverName: "CheckoutServer"),
    logger: logger)
  if let postgresStore { app.addServices(postgresStore.client) }
  if let prelude { app.beforeServerStarts(perform: prelude) }
  logger.info(
    "checkout server",
    metadata: [
      "flows": "\(catalog.entries.map { "\($0.compiled.flow.id) (\($0.file))" }.joined(separator: ", "))",
      "store": "\(storeName)", "address": "\(arguments.hostname):\(arguments.port)",
    ])
  return app
}

/// A bad command-line value.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

/// `{"status": "ok"}`.
struct HealthView: ResponseEncodable {
  var status: String
}

/// The routes: `GET /health`, `GET /flows`, `GET /flows/{flow}/graph`,
/// `POST /sessions`, `GET /sessions/{id}` and `POST /sessions/{id}/events`.
func buildRouter(service: SessionService, catalog: FlowCatalog) -> Router<CheckoutRequestContext> {
  let router = Router(context: CheckoutRequestContext.self)
  router.add(middleware: ErrorAndLogMiddleware())

  router.get("health") { _, _ in HealthView(status: "ok") }

  router.get("flows") { _, _ in
    catalog.entries.map { entry in
      FlowSummaryView(
        id: entry.compiled.flow.id.rawValue, title: entry.compiled.flow.title,
        steps: entry.compiled.flow.steps.map(\.id.rawValue))
    }
  }

  router.get("flows/:flow/graph") { request, context -> Response in
    let name = try context.parameters.require("flow")
    guard let compiled = catalog[FlowID(name)] else {
      throw ServerError.unknownFlow(name, known: catalog.ids, at: request.uri.path)
    }
    let formatName = request.uri.queryParameters.get("format") ?? "mermaid"
    guard let format = GraphRenderer.Format(rawValue: formatName) else {
      let names = GraphRenderer.Format.allCases.map(\.rawValue)
      let hint = Suggestions.didYouMean(formatName, in: names).map { "; \($0)" } ?? ""
      throw ServerError(
        .badRequest, "invalid_query", "unknown graph format \"\(formatName)\"\(hint); use \(Suggestions.list(names))",
        at: "format")
    }
    let text = GraphRenderer.render(compiled.flow, as: format)
    let type = format == .dot ? "text/vnd.graphviz; charset=utf-8" : "text/plain; charset=utf-8"
    return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  router.post("sessions") { request, context -> EditedResponse<CreatedSessionView> in
    let body = try CreateSessionRequest(body: try await request.collectBody(context: context))
    let created = try await service.create(flow: body.flow)
    context.logger.info("session created", metadata: ["session": "\(created.id)", "flow": "\(body.flow)"])
    var headers = HTTPFields()
    headers[.location] = "/sessions/\(created.id)"
    return EditedResponse(status: .created, headers: headers, response: created)
  }

  router.get("sessions/:id") { _, context -> SessionView in
    try await service.show(SessionID(try context.parameters.require("id")))
  }

  router.post("sessions/:id/events") { request, context -> EventResultView in
    let id = SessionID(try context.parameters.require("id"))
    let event = try ClientEvent(body: try await request.collectBody(context: context))
    // The kind and the row or step only: a set event's value is never logged.
    var metadata: Logger.Metadata = ["session": "\(id)", "event": "\(event.kind)"]
    if let target = event.target { metadata[event.refusalField] = "\(target)" }
    if let expected = event.expectedVersion { metadata["expectedVersion"] = "\(expected)" }
    context.logger.info("event", metadata: metadata)
    return try await service.send(event, to: id, logger: context.logger)
  }

  BrowserHost.add(to: router, service: service, catalog: catalog)
  return router
}
