import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Once the server stops (SIGTERM: Hummingbird sends each connection
/// `ChannelShouldQuiesceEvent`), every response head written on the connection
/// says `Connection: close`: Hummingbird closes a kept-alive connection after the
/// answer to the request in flight, and a proxy told so does not reuse it (it
/// would see a reset, and not send a `POST` again).
///
/// Sits in Hummingbird's HTTP/1 pipeline after the HTTP types codec
/// (`HTTP1Channel.Configuration.additionalChannelHandlers`), before Hummingbird's
/// connection state handler, which takes the quiesce event.
final class StopCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// The server is stopping: answers close the connection.
  private var stopping = false

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent { stopping = true }
    context.fireUserInboundEventTriggered(event)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard stopping, case .head(var head) = unwrapOutboundIn(data) else {
      context.write(data, promise: promise)
      return
    }
    head.headerFields[.connection] = "close"
    context.write(wrapOutboundOut(.head(head)), promise: promise)
  }
}
