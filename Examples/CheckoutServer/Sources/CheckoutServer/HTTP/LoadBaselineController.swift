import CheckoutEngine
import Hummingbird
import Logging

/// `POST /load-baseline/events` and `POST /load-baseline/set-answer`, served only
/// with `--load-baseline BYTES` (for development and benchmarks; off by default):
/// the floors `Examples/server-load.sh` measures the memory store's `set` against.
///
/// Each does what `POST /sessions/{id}/events` does around the session and nothing
/// else: it decodes the body as a ``ClientEvent`` with the same decoder
/// (``CheckoutRequestDecoder``, so the same checks and the same 400s), then encodes,
/// with the same encoder, an answer built once at start:
/// - `/load-baseline/events`: ``LoadBaselineView``, exactly `BYTES` bytes of short
///   strings in a list (the floor as issue 22 states it: an answer of the same size);
/// - `/load-baseline/set-answer`: the answer of a `set` on a fresh PLNDR cart, the
///   same ``EventResultView`` value `set` encodes (the same types, the same shape,
///   about the same size), so that what `set` costs beyond it is the engine's and
///   the store's part alone.
/// No engine, no store, no secret, no metrics on a request.
struct LoadBaselineController {
  /// The answer of `/load-baseline/events`, built once.
  let answer: LoadBaselineView
  /// The answer of `/load-baseline/set-answer`, built once.
  let setAnswer: EventResultView

  /// A controller whose `/load-baseline/events` answers are `responseSize` bytes
  /// long, and whose `/load-baseline/set-answer` answers are a set's on `flow`'s cart.
  init(responseSize: Int, flow: CompiledFlow?, today: CalendarDate) throws(UsageError) {
    answer = try LoadBaselineView(size: responseSize)
    setAnswer = try Self.setAnswer(on: flow, today: today)
  }

  func addRoutes(to router: Router<CheckoutRequestContext>) {
    router.post("load-baseline/events", use: event)
    router.post("load-baseline/set-answer", use: setAnswerEvent)
  }

  @Sendable func event(_ request: Request, context: CheckoutRequestContext) async throws -> LoadBaselineView {
    _ = try await request.decode(as: ClientEvent.self, context: context)
    return answer
  }

  @Sendable func setAnswerEvent(_ request: Request, context: CheckoutRequestContext) async throws -> EventResultView {
    _ = try await request.decode(as: ClientEvent.self, context: context)
    return setAnswer
  }

  /// What `POST /sessions/{id}/events` answers `{"event":"set","row":"quantity","value":"5"}`
  /// on a new session of `flow` (the PLNDR flow: its cart has that row), at version 2.
  static func setAnswer(on flow: CompiledFlow?, today: CalendarDate) throws(UsageError) -> EventResultView {
    guard let flow else {
      throw UsageError(description: "--load-baseline needs the plndr flow (its cart's quantity row) in the catalog")
    }
    var session = CheckoutSession(flow: flow, today: today)
    let effects = session.send(.set(.row("quantity"), .string("5")))
    guard session.screen.rows.first(where: { $0.id == "quantity" })?.value == "5" else {
      throw UsageError(description: "--load-baseline: the \(flow.flow.id) flow's first step has no quantity row to set")
    }
    return EventResultView(
      version: 2, state: session.navigation.description, screen: session.screen,
      effects: effects.map { EffectView(.effect($0)) }, migration: nil)
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
