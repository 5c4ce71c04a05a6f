import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// The request context: bodies are limited to 64 KiB and read by
/// ``CheckoutRequestDecoder``; JSON is written with sorted keys (the same state
/// always reads the same).
struct CheckoutRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
  }

  var requestDecoder: CheckoutRequestDecoder { CheckoutRequestDecoder() }

  var responseEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The largest body accepted (413 beyond).
  static let maximumBodySize = 64 * 1024
  var maxUploadSize: Int { Self.maximumBodySize }
}

/// Turns every error into the JSON error shape, counts and logs each request once
/// (at ``ServerError/logLevel``: info, warning for load shedding, error for a 5xx):
/// method, route, path (digit runs masked, truncated: ``LogText``), status and
/// duration; for errors their code and `at` (masked too), and for a refused event
/// the refusal's code (`refusal=awaitingStep`), never a detail or a body, which may
/// hold what the shopper typed. Every line carries the request id
/// (`hb.request.id`: the request's own `X-Request-ID` when well formed,
/// ``IncomingRequestID``), which the answer repeats in `X-Request-ID`.
struct ErrorAndLogMiddleware<Context: RequestContext>: RouterMiddleware {
  let metrics: ServerMetrics

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let start = ContinuousClock.now
    var context = context
    if let name = HTTPField.Name.requestID, let incoming = IncomingRequestID.accepted(request.headers[name]) {
      context.logger[metadataKey: "hb.request.id"] = .string(incoming)
    }
    var response: Response
    var failure: ServerError?
    do {
      response = try await next(request, context)
    } catch {
      let serverError = ErrorAndLogMiddleware.serverError(for: error, request: request, logger: context.logger)
      failure = serverError
      response = try serverError.response(from: request, context: context)
      if serverError.error == "busy" { metrics.storeRetriesExhausted.increment() }
    }
    // Not `context.id`: it traps when the log handler keeps no metadata (a no-op logger).
    if let name = HTTPField.Name.requestID, let id = context.logger[metadataKey: "hb.request.id"] {
      response.headers[name] = "\(id)"
    }
    let elapsed = ContinuousClock.now - start
    let route = context.endpointPath ?? "unmatched"
    metrics.recordRequest(route: route, method: request.method.rawValue, status: Int(response.status.code))
    // A client's error info, load shedding a warning, any other 5xx an error.
    let level = failure?.logLevel ?? .info
    // The line's metadata (masking the path costs a scan) is made only when it is logged.
    guard context.logger.logLevel <= level else { return response }
    var metadata = RequestLine.metadata(
      route: route, method: request.method.rawValue, path: request.uri.path, status: response.status, failure: failure)
    metadata["ms"] = "\((Double(elapsed.nanoseconds) / 10_000).rounded() / 100)"
    context.logger.log(level: level, "request", metadata: metadata)
    return response
  }

  static func serverError(for error: any Error, request: Request, logger: Logger) -> ServerError {
    switch error {
    case let error as ServerError:
      return error
    case is NIOTooManyBytesError:
      return ServerError.bodyTooLarge(limit: CheckoutRequestContext.maximumBodySize)
    case let error as HTTPParserError:
      // The body's framing broke while a route read it (a bad chunk size).
      return RequestLimitsHandler.answer(for: error)
    case let error as HTTPError where error.status == .notFound:
      let allowed = Endpoints.methods(at: request.uri.path)
      // A path an endpoint has, asked with a method it does not take (a path whose
      // endpoint is not served, the scripted answers' without its flag, is a 404).
      if !allowed.isEmpty, !allowed.contains(request.method) {
        let names = allowed.map(\.rawValue)
        return ServerError(
          .methodNotAllowed, "method_not_allowed",
          "\(request.method.rawValue) is not answered at \(request.uri.path); it takes \(names.joined(separator: " and "))",
          at: "method", allow: names.joined(separator: ", "))
      }
      return ServerError(
        .notFound, "not_found",
        "no endpoint \(request.method.rawValue) \(request.uri.path); the endpoints are \(Endpoints.list)",
        at: request.uri.path)
    case let error as any HTTPResponseError:
      return ServerError(error.status, "http_error", error.status.reasonPhrase, at: request.uri.path)
    default:
      logger.error("unexpected error", metadata: ["error.type": "\(type(of: error))"])
      return ServerError(
        .internalServerError, "internal", "the server failed to answer this request", at: request.uri.path)
    }
  }
}

extension HTTPField.Name {
  /// `X-Request-ID`: the id every log line of the request carries.
  static let requestID = HTTPField.Name("X-Request-ID")
}
