import NIOCore
import Synchronization

/// The number of open connections, shared by every connection's
/// ``ConnectionGuard``.
final class ConnectionCount: Sendable {
  /// Connections served at once; one more is refused.
  let limit: Int
  private let open = Atomic<Int>(0)

  init(limit: Int) {
    self.limit = limit
  }

  /// The connections open now.
  var current: Int { open.load(ordering: .relaxed) }

  /// Counts a connection in; false (and not counted) when the limit is reached.
  func admit() -> Bool {
    let now = open.wrappingAdd(1, ordering: .relaxed).newValue
    guard now > limit else { return true }
    open.wrappingSubtract(1, ordering: .relaxed)
    return false
  }

  /// Counts a connection out.
  func release() {
    open.wrappingSubtract(1, ordering: .relaxed)
  }
}

/// Tells ``ReadDeadlineHandler`` that bytes arrived, before the HTTP decoder
/// sees them: the first byte of a request starts its header clock.
enum RequestBytesArrived: Sendable {
  /// Some bytes of the connection's input.
  case event
}

/// The first handler of every connection, on its raw bytes: admits the
/// connection while fewer than ``ConnectionCount/limit`` are open, and answers
/// one more `503 too_many_connections` with `Retry-After` and closes it, before
/// a byte of its request is parsed, and logs and counts it (``ConnectionRefusals``:
/// warning, one line a refused connection). For an admitted connection it reports each
/// read (``RequestBytesArrived``) to ``ReadDeadlineHandler`` past the decoder.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// How long a refused connection's input is read and dropped, so that the
  /// client reads the 503 rather than a reset.
  static let lingerTime = TimeAmount.seconds(1)

  private let count: ConnectionCount
  private let refusals: ConnectionRefusals
  private var state = State.starting

  private enum State {
    case starting, admitted, refused
  }

  init(count: ConnectionCount, refusals: ConnectionRefusals) {
    self.count = count
    self.refusals = refusals
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { opened(context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    opened(context: context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    if state == .admitted { count.release() }
    state = .refused
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard state == .admitted else { return }
    context.fireUserInboundEventTriggered(RequestBytesArrived.event)
    context.fireChannelRead(data)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if state == .refused, let event = event as? ChannelEvent, event == .inputClosed {
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  private func opened(context: ChannelHandlerContext) {
    guard state == .starting else { return }
    if count.admit() {
      state = .admitted
      return
    }
    state = .refused
    refusals.record(ConnectionGuard.refusalError)
    context.writeAndFlush(wrapOutboundOut(ConnectionGuard.refusal), promise: nil)
    let channel = context.channel
    let closed = context.eventLoop.makePromise(of: Void.self)
    context.close(mode: .output, promise: closed)
    closed.futureResult.whenFailure { _ in channel.close(promise: nil) }
    context.eventLoop.scheduleTask(in: ConnectionGuard.lingerTime) { channel.close(promise: nil) }
  }

  /// The error answered to a connection over the limit.
  static let refusalError = ServerError(
    .serviceUnavailable, "too_many_connections",
    "the server is serving as many connections as it takes; try again shortly", at: "connection")

  /// The whole answer to a connection over the limit.
  static let refusal: ByteBuffer = {
    let body = refusalError.jsonBody()
    var buffer = ByteBuffer()
    buffer.writeString(
      "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\n"
        + "content-length: \(body.count)\r\nretry-after: \(ServerError.retryAfterSeconds)\r\nconnection: close\r\n\r\n")
    buffer.writeBytes(body)
    return buffer
  }()
}
