import HTTPTypes
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

/// The endpoints: what a 404 lists, and which methods a path takes (a 405's
/// `Allow`). One list beside the routes; a test checks it against the README's table.
enum Endpoints {
  /// One endpoint: a method and a path pattern, whose `{name}` stands for one segment.
  struct Endpoint: Sendable {
    var method: HTTPRequest.Method
    var path: String
    /// When it is served, or what it is (`the page`).
    var note: String?
  }

  /// Every endpoint, in the README's order.
  static let all: [Endpoint] = [
    Endpoint(method: .get, path: "/", note: "the page"), Endpoint(method: .get, path: "/health"),
    Endpoint(method: .get, path: "/ready"), Endpoint(method: .get, path: "/metrics"),
    Endpoint(method: .get, path: "/flows"), Endpoint(method: .get, path: "/flows/{flow}/steps"),
    Endpoint(method: .get, path: "/flows/{flow}/graph"), Endpoint(method: .get, path: "/flows/{flow}/graph.svg"),
    Endpoint(method: .post, path: "/sessions"), Endpoint(method: .get, path: "/sessions/{id}"),
    Endpoint(method: .get, path: "/sessions/{id}/route"), Endpoint(method: .post, path: "/sessions/{id}/events"),
    Endpoint(method: .post, path: "/sessions/{id}/locale"),
    Endpoint(method: .post, path: "/sessions/{id}/script", note: "with --dev-scripted-answers"),
  ]

  /// `GET / (the page), GET /health, …, and POST /sessions/{id}/script (with --dev-scripted-answers)`.
  static let list: String = {
    let named = all.map { endpoint in
      "\(endpoint.method.rawValue) \(endpoint.path)" + (endpoint.note.map { " (\($0))" } ?? "")
    }
    return named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
  }()

  /// The methods the endpoints take at `path`, in the list's order; empty when no
  /// endpoint has that path.
  static func methods(at path: String) -> [HTTPRequest.Method] {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    var methods: [HTTPRequest.Method] = []
    for endpoint in all where matches(endpoint.path, segments) && !methods.contains(endpoint.method) {
      methods.append(endpoint.method)
      // The router answers HEAD wherever it answers GET.
      if endpoint.method == .get { methods.append(.head) }
    }
    return methods
  }

  /// Whether a pattern's segments match a path's, `{name}` matching any one that is not empty.
  private static func matches(_ pattern: String, _ segments: [Substring]) -> Bool {
    let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == segments.count else { return false }
    return zip(parts, segments).allSatisfy { part, segment in
      part.hasPrefix("{") ? !segment.isEmpty : part == segment
    }
  }
}
