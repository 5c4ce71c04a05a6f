import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Refuses abusive HTTP at the connection, before a route or the body reader sees
/// it, so that bad input costs neither memory nor a descriptor:
///
/// - a `Content-Length` over the limit is answered 413 at once, without reading
///   the body, and the connection is closed;
/// - a body without a length (chunked) that grows past the limit is cut there: the
///   route sees the limit crossed (413) and the connection is closed after the
///   answer;
/// - broken framing (a bad chunk size, a bad header line) is a 400, and headers
///   past the decoder's limits a 431, and the connection is closed;
/// - a request too slow to arrive (``ReadDeadlineHandler``) is a 408, an HTTP/1.1
///   request without exactly one `Host` (``HostFieldCheck``) a 400, and the
///   connection is closed.
///
/// Each of these answers is logged and counted (``ConnectionRefusals``), as the
/// router's middleware does for the answers of routes.
///
/// Closing is lingering, as servers do: the answer is flushed, the output closed,
/// and whatever the client still sends is read and dropped for at most
/// ``lingerTime`` so that it sees the answer rather than a reset.
///
/// Sits in Hummingbird's HTTP/1 pipeline after the HTTP types codec
/// (`HTTP1Channel.Configuration.additionalChannelHandlers`).
final class RequestLimitsHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// How long a closing connection's input is still read and dropped.
  static let lingerTime = TimeAmount.seconds(2)

  private let maximumBodySize: Int
  private let refusals: ConnectionRefusals
  /// Requests passed on whose response has not ended.
  private var responsesPending = 0
  /// Body bytes of the request being read.
  private var bodyBytes = 0
  /// Whether the current request's body is still being passed on.
  private var readingBody = false
  /// Set once the connection is to close: further input is dropped.
  private var closing = false
  /// An answer of this handler's own, waiting for earlier responses to end.
  private var pendingAnswer: ServerError?
  /// Whether the output is closed and the connection lingering.
  private var lingering = false

  init(maximumBodySize: Int, refusals: ConnectionRefusals) {
    self.maximumBodySize = maximumBodySize
    self.refusals = refusals
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing else { return }
    switch unwrapInboundIn(data) {
    case .head(let head):
      if let length = head.headerFields[.contentLength].flatMap(Int.init), length > maximumBodySize {
        refuse(ServerError.bodyTooLarge(limit: maximumBodySize), head: head, context: context)
        return
      }
      responsesPending += 1
      bodyBytes = 0
      readingBody = true
      context.fireChannelRead(data)
    case .body(let buffer):
      guard readingBody else { return }
      bodyBytes += buffer.readableBytes
      context.fireChannelRead(data)
      if bodyBytes > maximumBodySize {
        // The route has seen more than the limit (its 413); end the body here.
        readingBody = false
        closing = true
        context.fireChannelRead(wrapInboundOut(.end(nil)))
      }
    case .end:
      readingBody = false
      context.fireChannelRead(data)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard !closing, let answer = RequestLimitsHandler.answer(forFailure: error) else {
      context.fireErrorCaught(error)
      return
    }
    if readingBody {
      // A route is reading this body: let its read fail (the route answers 400,
      // or 408 for a body that stopped coming) and close once that answer is written.
      closing = true
      readingBody = false
      context.fireErrorCaught(error is HTTPParserError ? error : answer)
      return
    }
    refuse(answer, context: context)
  }

  /// The answer to a failure below the router this handler answers itself: broken
  /// framing (400 or 431), a request too slow to arrive (408, ``ReadDeadlineHandler``)
  /// and a bad `Host` (400, ``HostFieldCheck``); nil for any other error.
  static func answer(forFailure error: any Error) -> ServerError? {
    switch error {
    case let error as HTTPParserError: answer(for: error)
    case let error as RequestReadTimeout: error.answer
    case let error as HostFieldError: error.answer
    default: nil
    }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var response) where closing:
      response.headerFields[.connection] = "close"
      context.write(wrapOutboundOut(.head(response)), promise: promise)
    case .end:
      responsesPending -= 1
      context.write(data, promise: promise)
      if responsesPending == 0, let answer = pendingAnswer {
        pendingAnswer = nil
        writeAndLinger(answer, context: context)
      } else if responsesPending == 0, closing {
        context.flush()
        linger(context: context)
      }
    default:
      context.write(data, promise: promise)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if lingering, let event = event as? ChannelEvent, event == .inputClosed {
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  /// Answers `error` itself, after any response still being written, and closes;
  /// logs and counts it. `head`: the refused request's, when it was read.
  private func refuse(_ error: ServerError, head: HTTPRequest? = nil, context: ChannelHandlerContext) {
    refusals.record(error, head: head)
    closing = true
    readingBody = false
    if responsesPending == 0 {
      writeAndLinger(error, context: context)
    } else {
      pendingAnswer = error
    }
  }

  private func writeAndLinger(_ error: ServerError, context: ChannelHandlerContext) {
    let body = ByteBuffer(bytes: error.jsonBody())
    var fields = HTTPFields()
    fields[.contentType] = "application/json; charset=utf-8"
    fields[.contentLength] = "\(body.readableBytes)"
    fields[.connection] = "close"
    context.write(wrapOutboundOut(.head(HTTPResponse(status: error.status, headerFields: fields))), promise: nil)
    context.write(wrapOutboundOut(.body(body)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    linger(context: context)
  }

  /// Closes the output (the client reads the answer, then the end) and drops what
  /// it still sends until it closes or ``lingerTime`` passes.
  private func linger(context: ChannelHandlerContext) {
    guard !lingering else { return }
    lingering = true
    let channel = context.channel
    let closed = context.eventLoop.makePromise(of: Void.self)
    context.close(mode: .output, promise: closed)
    closed.futureResult.whenFailure { _ in channel.close(promise: nil) }
    context.eventLoop.scheduleTask(in: RequestLimitsHandler.lingerTime) {
      channel.close(promise: nil)
    }
  }

  /// The answer to a framing error: 431 for headers over the limits, 400 otherwise.
  static func answer(for error: HTTPParserError) -> ServerError {
    if case .headerOverflow = error {
      return ServerError(
        .requestHeaderFieldsTooLarge, "headers_too_large",
        "the request's headers are over the limits (\(HeaderLimits.fieldSize / 1024) KiB a field, "
          + "\(HeaderLimits.totalSize / 1024) KiB in all, \(HeaderLimits.fieldCount) fields); the connection will be closed",
        at: "headers")
    }
    return ServerError.malformedRequest()
  }
}

/// The HTTP decoder's limits on request headers (431 beyond).
enum HeaderLimits {
  /// The largest header field.
  static let fieldSize = 8 * 1024
  /// All header fields together.
  static let totalSize = 16 * 1024
  /// How many header fields.
  static let fieldCount = 100
}
