import NIOCore
import NIOHTTP1

/// An HTTP/1.1 request with no `Host` field, or with more than one: RFC 9112
/// section 3.2 has a server answer it 400. ``RequestLimitsHandler`` answers it
/// and closes the connection.
struct HostFieldError: Error, Sendable {
  /// How many `Host` fields the request had.
  var count: Int

  /// `400 bad_host`.
  var answer: ServerError {
    ServerError(
      .badRequest, "bad_host",
      count == 0
        ? "an HTTP/1.1 request needs a Host header (RFC 9112, section 3.2); the connection will be closed"
        : "the request has \(count) Host headers; HTTP/1.1 allows one (RFC 9112, section 3.2); the connection will be closed",
      at: "Host")
  }
}

/// Checks the `Host` field of HTTP/1.1 requests where the HTTP version is still
/// known: between NIO's decoder and the conversion to HTTP types (which keeps
/// the first `Host` as the authority and says nothing of a missing one, or of a
/// second). A request with none or several is not passed on: the check raises
/// ``HostFieldError``, drops the rest of that request, and ``RequestLimitsHandler``
/// answers 400 and closes. HTTP/1.0 requests, which need no `Host`, pass.
final class HostFieldCheck: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  /// Set once a request is refused: the rest of the connection's input is dropped.
  private var refused = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    if case .head(let head) = unwrapInboundIn(data), head.version.major == 1, head.version.minor >= 1 {
      let count = head.headers["Host"].count
      if count != 1 {
        refused = true
        context.fireErrorCaught(HostFieldError(count: count))
        return
      }
    }
    context.fireChannelRead(data)
  }
}
