import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// A request that arrived too slowly: its header block took longer than the
/// header timeout from its first byte, or its body longer than the body timeout
/// after its headers. ``RequestLimitsHandler`` answers it 408 and closes.
struct RequestReadTimeout: Error, Sendable {
  /// What was being read.
  enum Part: String, Sendable {
    case headers, body
  }

  var part: Part
  var limit: TimeAmount

  /// `408 request_timeout`, naming the part and the limit.
  var answer: ServerError {
    let nanoseconds = limit.nanoseconds
    let seconds =
      nanoseconds % 1_000_000_000 == 0 ? "\(nanoseconds / 1_000_000_000)" : "\(Double(nanoseconds) / 1e9)"
    let what = part == .headers ? "headers did not arrive" : "body did not arrive in full"
    return ServerError(
      .requestTimeout, "request_timeout",
      "the request's \(what) within \(seconds) s; the connection will be closed",
      at: part == .headers ? "headers" : "body")
  }
}

/// Bounds how long a request may take to arrive, so that a client sending a
/// byte now and then holds its connection for seconds, not for as long as it
/// likes: the header block must be complete within `headerTimeout` of the
/// request's first byte (``ConnectionGuard`` reports bytes before the decoder
/// sees them), and the body within `bodyTimeout` of the head. A deadline that
/// passes is raised as ``RequestReadTimeout`` to ``RequestLimitsHandler``,
/// which sits after this handler.
///
/// A connection between requests is not timed here: Hummingbird's idle timeout
/// closes it.
final class ReadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart

  private let headerTimeout: TimeAmount
  private let bodyTimeout: TimeAmount
  private var state = State.betweenRequests
  private var deadline: Scheduled<Void>?

  private enum State {
    case betweenRequests, readingHeaders, readingBody, expired
  }

  init(headerTimeout: TimeAmount, bodyTimeout: TimeAmount) {
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is RequestBytesArrived {
      if state == .betweenRequests {
        state = .readingHeaders
        start(.headers, context: context)
      }
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      if state != .expired {
        state = .readingBody
        start(.body, context: context)
      }
    case .body:
      break
    case .end:
      if state != .expired {
        state = .betweenRequests
        deadline?.cancel()
        deadline = nil
      }
    }
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // Whatever failed, this request is answered (and the connection closed) by now.
    if !(error is RequestReadTimeout) {
      state = .expired
      deadline?.cancel()
      deadline = nil
    }
    context.fireErrorCaught(error)
  }

  func channelInactive(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  private func start(_ part: RequestReadTimeout.Part, context: ChannelHandlerContext) {
    deadline?.cancel()
    let limit = part == .headers ? headerTimeout : bodyTimeout
    let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: limit) {
      let (handler, context) = loopBound.value
      handler.expire(RequestReadTimeout(part: part, limit: limit), context: context)
    }
  }

  private func expire(_ timeout: RequestReadTimeout, context: ChannelHandlerContext) {
    guard state != .expired, state != .betweenRequests else { return }
    state = .expired
    deadline = nil
    context.fireErrorCaught(timeout)
  }
}
