import CoreMetrics
import Foundation
import Prometheus
import Synchronization

/// The server's metrics, recorded through swift-metrics on one factory and, in the
/// running server, read as Prometheus text at `GET /metrics`.
///
/// Every instance has its own registry (tests run many applications in one
/// process), so metrics are made here, never through the global `MetricsSystem`.
/// Names:
///
/// | metric | labels | what |
/// |---|---|---|
/// | `checkout_http_requests_total` | `route`, `method`, `status` | requests answered (`route` is the matched pattern, `NotFound` when no route matched) |
/// | `checkout_event_duration_seconds` | `event` | histogram of `POST /sessions/{id}/events` latency, by event kind |
/// | `checkout_api_calls_total` | `operation`, `outcome` | checkout API calls, by whichever path made them (an event, a `GET`, ``LostCallRecovery``): `succeeded`, `failed` (an error answer), `actionRequired`, `unanswered` (it threw or timed out) |
/// | `checkout_store_conflicts_total` | | saves that lost a race (each is retried from a fresh load while attempts remain) |
/// | `checkout_store_retries_exhausted_total` | | events answered 409 `busy` because every attempt lost |
/// | `checkout_store_timeouts_total` | | store operations that took longer than the store timeout (503) |
/// | `checkout_sessions_created_total` | | sessions created |
/// | `checkout_sessions_finished_total` | | sessions that reached a `reset` step after an API success (an order placed), by an event, or by a lost call finished (a `GET`, ``LostCallRecovery``) |
/// | `checkout_sessions_swept_total` | | sessions the sweeper deleted |
/// | `checkout_api_calls_recovered_total` | | API calls a session left waiting (an instance died) that were made again with their key |
/// | `checkout_api_calls_abandoned_total` | `outcome` (``abandonmentOutcomes``) | calls a shopper left waiting on an action past `--abandon-after`, by what the API answered their abandonment: `succeeded` (the order placed), `failed` (cancelled), `unknown` (it threw or asked for an action: asked again next pass) |
/// | `checkout_sessions_waiting_on_call` | | gauge: stored sessions with a call waiting for the API's answer (in flight, or lost and not yet finished) |
/// | `checkout_sessions_waiting_on_action` | | gauge: stored sessions whose call waits on the shopper's action (3-D Secure) |
/// | `checkout_sessions_call_unanswered` | | gauge: stored sessions holding a call given up unanswered (a retry offered to the shopper) |
/// | `checkout_sealed_values_unreadable_total` | `reason` (`unknown_key`, `tampered`) | sealed values no data key of this instance opens (the event refused, the value kept) |
/// | `checkout_connections_refused_total` | `reason` (``connectionRefusalReasons``) | answers written below the router (``ConnectionRefusals``), each reason at 0 from the start |
/// | `checkout_connections_open` | | gauge: connections open now (``ConnectionCount``), read when the metrics are |
/// | `checkout_connections_limit` | | gauge: the most connections served at once (`--max-connections`, lowered to the descriptors) |
///
/// Series whose labels are known at start read 0 before their first use, so an
/// alert rule needs no `absent()`: every event kind's histogram, the sealed-value
/// reasons, the refusal reasons, and the API call outcomes of every operation the
/// flows' submits call (``expectAPICalls(operations:)``).
final class ServerMetrics: Sendable {
  /// Where the metrics are read from (`GET /metrics`).
  let registry: PrometheusCollectorRegistry
  private let factory: PrometheusMetricsFactory

  /// Metrics in a new registry of their own.
  init() {
    registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.durationHistogramBuckets[ServerMetrics.eventDuration] = [
      .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
      .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
      .seconds(1), .milliseconds(2500),
    ]
    self.factory = factory
    storeConflicts = CoreMetrics.Counter(label: "checkout_store_conflicts_total", factory: factory)
    storeRetriesExhausted = CoreMetrics.Counter(label: "checkout_store_retries_exhausted_total", factory: factory)
    storeTimeouts = CoreMetrics.Counter(label: "checkout_store_timeouts_total", factory: factory)
    sessionsCreated = CoreMetrics.Counter(label: "checkout_sessions_created_total", factory: factory)
    sessionsFinished = CoreMetrics.Counter(label: "checkout_sessions_finished_total", factory: factory)
    sessionsSwept = CoreMetrics.Counter(label: "checkout_sessions_swept_total", factory: factory)
    callsRecovered = CoreMetrics.Counter(label: "checkout_api_calls_recovered_total", factory: factory)
    waitingOnCall = CoreMetrics.Gauge(label: "checkout_sessions_waiting_on_call", factory: factory)
    waitingOnAction = CoreMetrics.Gauge(label: "checkout_sessions_waiting_on_action", factory: factory)
    callUnanswered = CoreMetrics.Gauge(label: "checkout_sessions_call_unanswered", factory: factory)
    openConnections = CoreMetrics.Gauge(label: "checkout_connections_open", factory: factory)
    connectionLimit = CoreMetrics.Gauge(label: "checkout_connections_limit", factory: factory)
    for outcome in ServerMetrics.abandonmentOutcomes {
      _ = CoreMetrics.Counter(
        label: "checkout_api_calls_abandoned_total", dimensions: [("outcome", outcome)], factory: factory)
    }
    for reason in ServerMetrics.sealedValueReasons {
      _ = CoreMetrics.Counter(
        label: "checkout_sealed_values_unreadable_total", dimensions: [("reason", reason)], factory: factory)
    }
    connectionsRefused = Dictionary(
      uniqueKeysWithValues: ServerMetrics.connectionRefusalReasons.map { reason in
        (reason, ServerMetrics.connectionRefusedCounter(reason: reason, factory: factory))
      })
    for kind in ClientEvent.kindNames {
      _ = eventTimers.timer(for: kind) {
        CoreMetrics.Timer(label: Self.eventDuration, dimensions: [("event", kind)], factory: factory)
      }
    }
  }

  /// The outcomes of `checkout_api_calls_abandoned_total`.
  static let abandonmentOutcomes = ["succeeded", "failed", "unknown"]
  /// The reasons of `checkout_sealed_values_unreadable_total`.
  static let sealedValueReasons = ["unknown_key", "tampered"]
  /// The outcomes of `checkout_api_calls_total`.
  static let apiCallOutcomes = ["succeeded", "failed", "actionRequired", "unanswered"]

  /// Makes `checkout_api_calls_total` of each of `operations` (the flows' submits')
  /// with each outcome, so that they read 0 before the first call.
  func expectAPICalls(operations: some Sequence<String>) {
    for operation in operations {
      for outcome in ServerMetrics.apiCallOutcomes {
        _ = CoreMetrics.Counter(
          label: "checkout_api_calls_total", dimensions: [("operation", operation), ("outcome", outcome)],
          factory: factory)
      }
    }
  }

  /// Connections open now: ``ConnectionCount/current``, read into the gauge
  /// whenever the metrics are read (nothing is written per connection).
  private let openConnections: CoreMetrics.Gauge
  /// The connection cap.
  private let connectionLimit: CoreMetrics.Gauge
  /// The connections counted, once the server has its policy.
  private let connections = Mutex<ConnectionCount?>(nil)

  /// Reports `count`'s open connections and limit from now on.
  func watchConnections(_ count: ConnectionCount) {
    connections.withLock { $0 = count }
    connectionLimit.record(count.limit)
    openConnections.record(count.current)
  }

  /// The codes of the answers written below the router, each counted from 0:
  /// the connection cap (503), the header timeout (408), broken framing and a bad
  /// `Host` (400), headers over the limits (431), a declared body over 64 KiB (413).
  static let connectionRefusalReasons = [
    "too_many_connections", "request_timeout", "malformed_request", "bad_host", "headers_too_large",
    "body_too_large",
  ]
  /// `checkout_connections_refused_total` by reason, made at start.
  private let connectionsRefused: [String: CoreMetrics.Counter]

  private static func connectionRefusedCounter(reason: String, factory: PrometheusMetricsFactory)
    -> CoreMetrics.Counter
  {
    CoreMetrics.Counter(label: "checkout_connections_refused_total", dimensions: [("reason", reason)], factory: factory)
  }

  /// Counts one answer written below the router (``ConnectionRefusals``), by its code.
  func recordConnectionRefused(reason: String) {
    (connectionsRefused[reason] ?? ServerMetrics.connectionRefusedCounter(reason: reason, factory: factory))
      .increment()
  }

  /// The histogram of event latency.
  private static let eventDuration = "checkout_event_duration_seconds"
  /// Each event kind's timer, made on the kind's first event (as the registry
  /// would), then reused instead of looked up in the registry on every event.
  private let eventTimers = TimerCache()

  /// Saves that lost a race.
  let storeConflicts: CoreMetrics.Counter
  /// Events refused 409 `busy`: every attempt lost a race.
  let storeRetriesExhausted: CoreMetrics.Counter
  /// Store operations cut off by the store timeout.
  let storeTimeouts: CoreMetrics.Counter
  /// Sessions created.
  let sessionsCreated: CoreMetrics.Counter
  /// Sessions that placed their order (reached a `reset` step after an API success).
  let sessionsFinished: CoreMetrics.Counter
  /// Sessions deleted by the sweeper.
  let sessionsSwept: CoreMetrics.Counter
  /// Calls left waiting by a crash and made again; incremented by whoever
  /// makes them (``CallLog``).
  let callsRecovered: CoreMetrics.Counter
  /// Sessions with a call waiting for the API's answer (set by ``LostCallRecovery``).
  let waitingOnCall: CoreMetrics.Gauge
  /// Sessions whose call waits on the shopper's action (set by ``LostCallRecovery``).
  let waitingOnAction: CoreMetrics.Gauge
  /// Sessions holding a call given up unanswered (set by ``LostCallRecovery``).
  let callUnanswered: CoreMetrics.Gauge

  /// Sets the waiting gauges to `counts`.
  func recordWaiting(_ counts: WaitingCounts) {
    waitingOnCall.record(counts.onCall)
    waitingOnAction.record(counts.onAction)
    callUnanswered.record(counts.unanswered)
  }

  /// Counts one answered request.
  func recordRequest(route: String, method: String, status: Int) {
    CoreMetrics.Counter(
      label: "checkout_http_requests_total",
      dimensions: [("route", route), ("method", method), ("status", "\(status)")],
      factory: factory
    ).increment()
  }

  /// Records how long one event took.
  func recordEvent(kind: String, duration: Duration) {
    let factory = factory
    eventTimers.timer(for: kind) {
      CoreMetrics.Timer(label: Self.eventDuration, dimensions: [("event", kind)], factory: factory)
    }
    .recordNanoseconds(duration.nanoseconds)
  }

  /// Counts one sealed value this instance could not open: `unknown_key` (sealed
  /// under a key it does not hold) or `tampered` (authentication failed).
  func recordUnreadableSealedValue(reason: String) {
    CoreMetrics.Counter(
      label: "checkout_sealed_values_unreadable_total", dimensions: [("reason", reason)], factory: factory
    )
    .increment()
  }

  /// Counts one checkout API call by its outcome.
  func recordAPICall(operation: String, outcome: String) {
    CoreMetrics.Counter(
      label: "checkout_api_calls_total", dimensions: [("operation", operation), ("outcome", outcome)], factory: factory
    )
    .increment()
  }

  /// Counts one abandonment by what the API answered (``abandonmentOutcomes``).
  func recordAbandonment(outcome: String) {
    CoreMetrics.Counter(
      label: "checkout_api_calls_abandoned_total", dimensions: [("outcome", outcome)], factory: factory
    )
    .increment()
  }

  /// The Prometheus text exposition of every metric.
  func exposition() -> [UInt8] {
    if let count = connections.withLock({ $0 }) { openConnections.record(count.current) }
    return registry.emitToBuffer()
  }
}

/// Timers by a label's value, each made once.
private final class TimerCache: Sendable {
  private let timers = Mutex<[String: CoreMetrics.Timer]>([:])

  /// The timer for `value`; `make` makes it the first time.
  func timer(for value: String, make: () -> CoreMetrics.Timer) -> CoreMetrics.Timer {
    timers.withLock { timers in
      if let timer = timers[value] { return timer }
      let timer = make()
      timers[value] = timer
      return timer
    }
  }
}

extension Duration {
  /// The duration in whole nanoseconds (saturating).
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max : scaled + attoseconds / 1_000_000_000
  }
}
