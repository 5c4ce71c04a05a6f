import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// What the HTTP/1 pipeline enforces on each connection (``guardedHTTP1(_:)``).
struct ConnectionPolicy: Sendable {
  /// Open connections, and how many are served at once.
  var count: ConnectionCount
  /// How long a request's header block may take from its first byte.
  var headerTimeout: TimeAmount
  /// How long a request's body may take after its head.
  var bodyTimeout: TimeAmount
  /// Where the answers written below the router are logged and counted.
  var refusals: ConnectionRefusals
  /// How long a kept-alive connection may stay idle before it is closed (`--keep-alive-timeout`).
  var keepAliveTimeout: TimeAmount = .seconds(30)
}

/// Hummingbird's HTTP/1 channel with the handlers it has no place for: before
/// the HTTP decoder, ``ConnectionGuard`` (the connection cap, and the bytes that
/// start a request's header clock); between the decoder and the conversion to
/// HTTP types, ``HostFieldCheck``. ``ReadDeadlineHandler`` and
/// ``RequestLimitsHandler`` come after the conversion, as additional handlers.
struct GuardedHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let base: HTTP1Channel
  let policy: ConnectionPolicy

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(
        ConnectionGuard(count: policy.count, refusals: policy.refusals), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let operations = channel.pipeline.syncOperations
      let conversion = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
      try operations.addHandler(HostFieldCheck(), position: .before(conversion))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}

/// The HTTP/1 server: bodies over 64 KiB refused before they are read, broken
/// framing a 400, headers over ``HeaderLimits`` a 431, a missing or second `Host`
/// a 400, requests slower than the policy's timeouts a 408, connections past the
/// policy's cap a 503, and connections idle for the policy's keep-alive timeout
/// (30 s unless `--keep-alive-timeout` says) closed. Each of those refusals is
/// logged and counted (``ConnectionRefusals``). Once the server
/// stops, answers say `Connection: close` (``StopCloseHandler``).
func guardedHTTP1(_ policy: ConnectionPolicy) -> HTTPServerBuilder {
  HTTPServerBuilder { responder in
    GuardedHTTP1Channel(
      base: HTTP1Channel(
        responder: responder,
        configuration: HTTP1Channel.Configuration(
          additionalChannelHandlers: [
            ReadDeadlineHandler(headerTimeout: policy.headerTimeout, bodyTimeout: policy.bodyTimeout),
            RequestLimitsHandler(
              maximumBodySize: CheckoutRequestContext.maximumBodySize, refusals: policy.refusals),
            StopCloseHandler(),
          ],
          idleTimeout: policy.keepAliveTimeout,
          httpDecoderConfiguration: .init(
            maxHeaderFieldSize: HeaderLimits.fieldSize, maxHeaderListSize: HeaderLimits.totalSize,
            maxHeaderFieldCount: HeaderLimits.fieldCount))),
      policy: policy)
  }
}
