import CheckoutEngine
import Hummingbird

/// What operators and orchestrators ask: `GET /health` (the process is alive),
/// `GET /ready` (the store answers) and `GET /metrics` (Prometheus text).
struct OperationsController {
  let store: any SessionStore
  let metrics: ServerMetrics

  func addRoutes(to router: Router<CheckoutRequestContext>) {
    router.get("health", use: health)
    router.get("ready", use: ready)
    router.get("metrics", use: exposition)
  }

  /// 200 while the process answers; it reads nothing.
  @Sendable func health(_ request: Request, context: CheckoutRequestContext) async throws -> StatusView {
    StatusView(status: "ok")
  }

  /// 200 when the store answers a read in time; 503 `store_unavailable` (with
  /// `Retry-After`) otherwise. A session sealed with a key this instance lacks
  /// does not make it unready: only that session is refused (an instance holding
  /// none of the database's keys never starts: ``DataKeyAdmission``).
  @Sendable func ready(_ request: Request, context: CheckoutRequestContext) async throws -> StatusView {
    do {
      _ = try await store.load(OperationsController.probe)
    } catch let error as ServerError {
      throw error
    } catch {
      throw ServerError.storeUnavailable(at: "/ready")
    }
    return StatusView(status: "ready")
  }

  @Sendable func exposition(_ request: Request, context: CheckoutRequestContext) async throws -> Response {
    Response(
      status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
  }

  /// The id `/ready` reads: no session has it (ids are UUIDs), so the answer is
  /// "none" when the store works.
  static let probe = SessionID("readiness-probe")
}

/// `{"status": "ok"}`.
struct StatusView: ResponseEncodable {
  var status: String
}

/// The endpoints, as a 404 lists them.
enum Endpoints {
  static let list =
    "GET / (the page), GET /health, GET /ready, GET /metrics, GET /flows, GET /flows/{flow}/steps, "
    + "GET /flows/{flow}/graph, GET /flows/{flow}/graph.svg, POST /sessions, GET /sessions/{id}, "
    + "GET /sessions/{id}/route, POST /sessions/{id}/events, POST /sessions/{id}/locale and (with "
    + "--dev-scripted-answers) POST /sessions/{id}/script"
}
