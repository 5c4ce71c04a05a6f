import CheckoutEngine
import Foundation

/// How the errors of the session store, the call coordinator and the flows are answered.
extension ServerError {
  /// 410: the session cannot be restored on any version of its flow this instance
  /// serves (made on a newer version during a rolling deploy, or a flow that changed).
  static func flowChanged(_ id: SessionID, _ error: SnapshotError) -> ServerError {
    ServerError(.gone, "flow_changed", error.description, at: "/sessions/\(id)")
  }

  /// 409: another instance carried the session to another version of its flow
  /// while this request was applying it, again on every try. With `callMade`, the
  /// event was saved and its call made: the answer is applied, under the same
  /// idempotency key, by a request after the call timeout.
  static func flowVersionChanged(_ id: SessionID, callMade: Bool) -> ServerError {
    let what =
      callMade
      ? "the event was saved and its API call made; the call's answer is applied by a request after the call "
        + "timeout (with the same idempotency key): GET the session then"
      : "nothing of this event was saved; send it again"
    return ServerError(
      .conflict, "flow_version_changed",
      "another instance carried the session to another version of its flow while this request ran; " + what,
      at: "/sessions/\(id)")
  }

  /// Runs store and coordinator work, answering their errors as the server does:
  /// a refused event at the request's `field`, a conflict as `stale_version` (in
  /// the shopper's `words`) when the request named a version (`busy` after `attempts` lost saves otherwise),
  /// a store failure as 503 at the session's path (at `path` when given: a new
  /// session's id is not the client's yet), the database refusing the session's
  /// data as 500 `store_refused_data` (there too), and, with `gone`, a session its flow
  /// cannot restore as 410 `flow_changed`. Other errors (a ``SnapshotError``
  /// without `gone`) pass through.
  static func answering<T: Sendable>(
    expected: Int? = nil, field: String = "type", attempts: Int = 0, gone: SessionID? = nil, path: String? = nil,
    words: () -> ShopperWords = { ShopperWords(nil) }, _ work: () async throws -> T
  ) async throws -> T {
    do {
      return try await work()
    } catch let error as SnapshotError where gone != nil {
      throw ServerError.flowChanged(gone ?? SessionID(""), error)
    } catch let refused as EventRefused {
      throw ServerError.refused(refused.refusal, at: field)
    } catch let changed as CallBodyChanged {
      throw ServerError.refused(changed.refusal, at: field)
    } catch let refused as StoreRefusedData {
      throw ServerError.storeRefusedData(refused, at: path)
    } catch let error as SessionStoreError {
      switch error.kind {
      case .notFound: throw ServerError.unknownSession(error.id)
      case .conflict(let current):
        if let expected { throw ServerError.staleVersion(expected: expected, current: current, words: words()) }
        throw ServerError(
          .conflict, "busy",
          "the session is changing too fast (another writer won \(attempts) times); send the event again",
          at: "/sessions/\(error.id)", version: current >= 0 ? current : nil)
      case .duplicate:
        throw ServerError(.conflict, "duplicate", "a session \(error.id) exists already", at: "/sessions/\(error.id)")
      case .unavailable: throw ServerError.storeUnavailable(at: path ?? "/sessions/\(error.id)")
      }
    }
  }
}

extension ServerError {
  /// Passes when `flow` has a submit of `operation`; else 422 `unknown_operation`
  /// at `operation`, with a "did you mean" and the flow's operations.
  static func checkOperation(_ operation: OperationName, in flow: Flow) throws(ServerError) {
    let operations = flow.operationNames
    let name = operation.rawValue
    guard !operations.contains(name) else { return }
    // `…; did you mean "placeOrder"? Its operations are …`: a question ends its sentence.
    let hint = Suggestions.didYouMean(name, in: operations).map { "; \($0) Its" } ?? "; its"
    throw ServerError(
      .unprocessableContent, "unknown_operation",
      "the flow \"\(flow.id)\" has no operation \"\(LogText.safe(name))\"\(hint) operations are \(Suggestions.list(operations, conjunction: "and"))",
      at: "operation")
  }
}

extension ServerError {
  /// `body`, whose `awaitingStep` or `routeInProgress` refusal names, as data, the
  /// command the session `stored` waits on and its step (the library says them in
  /// a sentence), and whose `unknownRow` refusal lists the step's rows (the
  /// shopper's sentence says only that it is not there: a typo'd id and a row a
  /// deploy removed look alike to the shopper, not to the integrator).
  static func namingPending<Result>(
    in stored: StoredSession, flow: CompiledFlow, _ body: () async throws -> Result
  ) async throws -> Result {
    do {
      return try await body()
    } catch var error as ServerError where error.refusal?.waitsForStep == true {
      if let session = try? CheckoutSession(restoring: stored.snapshot, flow: flow) {
        error.refusal = error.refusal?.naming(pendingIn: session)
      }
      throw error
    } catch var error as ServerError where error.refusal?.code == Refusal.Code.unknownRow.rawValue {
      error.refusal = error.refusal?.listingRows(of: flow)
      throw error
    }
  }
}
