import Foundation
import Hummingbird
import Logging
import NIOCore

/// The request context: bodies are limited to 64 KiB; JSON is written with sorted
/// keys (the same state always reads the same).
struct CheckoutRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
  }

  var responseEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The largest body accepted (413 beyond).
  static let maximumBodySize = 64 * 1024
  var maxUploadSize: Int { Self.maximumBodySize }
}

extension Request {
  /// The whole body, at most 64 KiB (413 otherwise).
  func collectBody(context: CheckoutRequestContext) async throws -> [UInt8] {
    if let length = headers[.contentLength].flatMap(Int.init), length > CheckoutRequestContext.maximumBodySize {
      throw ServerError.bodyTooLarge(limit: CheckoutRequestContext.maximumBodySize)
    }
    do {
      let buffer = try await body.collect(upTo: context.maxUploadSize)
      return Array(buffer.readableBytesView)
    } catch is NIOTooManyBytesError {
      throw ServerError.bodyTooLarge(limit: CheckoutRequestContext.maximumBodySize)
    }
  }
}

/// Turns every error into the JSON error shape and logs each request once: method,
/// path, status and duration; for errors, their code and `at` (never a detail or a
/// body, which may hold what the shopper typed).
struct ErrorAndLogMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    let start = ContinuousClock.now
    let response: Response
    var failure: ServerError?
    do {
      response = try await next(request, context)
    } catch {
      let serverError = ErrorAndLogMiddleware.serverError(for: error, request: request, logger: context.logger)
      failure = serverError
      response = try serverError.response(from: request, context: context)
    }
    let elapsed = ContinuousClock.now - start
    var metadata: Logger.Metadata = [
      "method": "\(request.method.rawValue)",
      "path": "\(request.uri.path)",
      "status": "\(response.status.code)",
      "ms": "\(((Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15) * 100).rounded() / 100)",
    ]
    if let failure {
      metadata["error"] = "\(failure.error)"
      if let at = failure.at { metadata["at"] = "\(at)" }
    }
    context.logger.log(level: failure.map { $0.status.code >= 500 ? .error : .info } ?? .info, "request", metadata: metadata)
    return response
  }

  static func serverError(for error: any Error, request: Request, logger: Logger) -> ServerError {
    switch error {
    case let error as ServerError:
      return error
    case is NIOTooManyBytesError:
      return ServerError.bodyTooLarge(limit: CheckoutRequestContext.maximumBodySize)
    case let error as HTTPError where error.status == .notFound:
      return ServerError(
        .notFound, "not_found",
        "no endpoint \(request.method.rawValue) \(request.uri.path); the endpoints are GET /health, GET /flows, "
          + "GET /flows/{flow}/graph, POST /sessions, GET /sessions/{id} and POST /sessions/{id}/events",
        at: request.uri.path)
    case let error as any HTTPResponseError:
      return ServerError(error.status, "http_error", error.status.reasonPhrase, at: request.uri.path)
    default:
      logger.error("unexpected error", metadata: ["error.type": "\(type(of: error))"])
      return ServerError(.internalServerError, "internal", "the server failed to answer this request", at: request.uri.path)
    }
  }
}
