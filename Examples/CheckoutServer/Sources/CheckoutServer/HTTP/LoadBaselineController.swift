import Hummingbird
import Logging

/// `POST /load-baseline/events`, served only with `--load-baseline BYTES` (for
/// development and benchmarks; off by default): the floor `Examples/server-load.sh`
/// measures the memory store's `set` against.
///
/// It does what `POST /sessions/{id}/events` does around the session and nothing
/// else: it decodes the body as a ``ClientEvent`` with the same decoder
/// (``CheckoutRequestDecoder``, so the same checks and the same 400s), then encodes,
/// with the same encoder, an answer of exactly `BYTES` bytes: ``LoadBaselineView``.
/// No engine, no store, no secret, no metrics.
struct LoadBaselineController {
  /// The answer every request encodes, built once.
  let answer: LoadBaselineView

  /// A controller whose answers are `responseSize` bytes long.
  init(responseSize: Int) throws(UsageError) {
    answer = try LoadBaselineView(size: responseSize)
  }

  func addRoutes(to router: Router<CheckoutRequestContext>) {
    router.post("load-baseline/events", use: event)
  }

  @Sendable func event(_ request: Request, context: CheckoutRequestContext) async throws -> LoadBaselineView {
    _ = try await request.decode(as: ClientEvent.self, context: context)
    return answer
  }
}

/// `{"padding":["xxxxxxxxxxxx",…]}`: a JSON object of exactly the requested size
/// when encoded by ``CheckoutRequestContext/responseEncoder``. Short strings, about
/// as many as a `set` answer has values (a plndr cart's answer: 869 bytes, 58
/// values), so the encoder walks a list rather than copying one long string.
struct LoadBaselineView: ResponseEncodable, Sendable, Equatable {
  /// The strings; all `chunk` characters long but the last, which takes the rest.
  var padding: [String]

  /// The length of each string but the last.
  static let chunk = 12
  /// The smallest size: `{"padding":[""]}`.
  static let minimumSize = 16

  /// The answer that encodes to `size` bytes: `{"padding":[` and `]}` take 14,
  /// each string its characters and 2 quotes, with a comma between strings.
  init(size: Int) throws(UsageError) {
    guard size >= Self.minimumSize else {
      throw UsageError(description: "--load-baseline must be \(Self.minimumSize) bytes or more, not \(size)")
    }
    // k strings of c characters in all take 13 + 3k + c bytes; every string but
    // the last holds `chunk` characters, and the last at least none.
    let count = max(1, (size - 13) / (Self.chunk + 3))
    let last = size - 13 - 3 * count - Self.chunk * (count - 1)
    padding = Array(repeating: String(repeating: "x", count: Self.chunk), count: count - 1)
    padding.append(String(repeating: "x", count: last))
  }
}
