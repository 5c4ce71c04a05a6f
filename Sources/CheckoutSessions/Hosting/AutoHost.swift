import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// The simplest host: it sends an event and does what the session asks of a
/// screen at once. Each navigation command is taken as performed, and the step it
/// shows is reported (``SessionEvent/appeared(_:)``); each call is answered by
/// the caller's closure or a ``CheckoutAPI``. Tests, the scenario runner, the
/// fuzzers and the benchmarks play the host with it.
///
/// ```swift
/// var session = CheckoutSession(flow: compiled)
/// let effects = AutoHost().send(.tap("checkout"), to: &session)
/// // [.navigate(push stepOne)]; the session is on stepOne
/// ```
public struct AutoHost: Sendable {
  /// Whether navigation commands are answered with appearances; false when a
  /// person confirms each screen (the REPL's `manual` mode).
  package var appears: Bool
  /// The most events one ``send(_:to:answering:)`` sends: a guard against a host
  /// and a flow that answer each other forever. Reaching it with events still to
  /// send ends the effects with a notice saying so.
  package var limit: Int
  /// Whether an action a call asks for (``SessionEvent/apiActionRequired(_:_:_:)``)
  /// is completed at once, once its step has appeared (a scripted shopper who
  /// passes every challenge); false leaves the call waiting on it.
  package var completesActions: Bool

  /// A host that confirms every screen, sending at most `limit` events for one.
  public init(appears: Bool = true, limit: Int = 1_000, completesActions: Bool = false) {
    self.appears = appears
    self.limit = limit
    self.completesActions = completesActions
  }

  /// Sends `event` and the events that answer its effects, in order: the
  /// appearance of each navigation command's step, and for each call the event
  /// `answer` gives (nil leaves the call waiting). Returns every effect.
  @discardableResult
  public func send(
    _ event: SessionEvent, to session: inout CheckoutSession,
    answering answer: (OperationName, Payload, IdempotencyKey) -> SessionEvent? = { _, _, _ in nil }
  ) -> [Effect] {
    var queue = [event]
    var all: [Effect] = []
    var sent = 0
    while !queue.isEmpty, sent < limit {
      sent += 1
      let event = queue.removeFirst()
      let effects = session.send(event)
      all += effects
      for effect in effects {
        if case .callAPI(let operation, let payload, let key) = effect {
          if let reply = answer(operation, payload, key) { queue.append(reply) }
        } else if let appeared = appearance(after: effect, in: session) {
          queue.append(appeared)
        }
      }
      if completesActions, case .apiActionRequired(let operation, _, _) = event,
        session.calls[operation]?.action != nil
      {
        queue.append(.actionCompleted(operation, [:]))
      }
    }
    if let next = queue.first { all.append(stopped(before: next, unsent: queue.count)) }
    return all
  }

  /// The notice that the limit was reached with events still to send: a host and a
  /// flow that answer each other without end must not look like a session at rest.
  package func stopped(before next: SessionEvent, unsent: Int) -> Effect {
    .notice(
      "the host stopped after \(limit) \(limit == 1 ? "event" : "events") with \(unsent) more to send"
        + " (next: \(next)); the session is left as it is")
  }

  /// Sends `event` as ``send(_:to:answering:)`` does, answering each call from
  /// `api` once the screens its event opened have appeared (a thrown error gives
  /// the call up: ``SessionEvent/apiExpired(_:)``). No store is involved: for
  /// calls made exactly once across crashes, use a ``CallCoordinator``.
  @discardableResult
  public func send(
    _ event: SessionEvent, to session: inout CheckoutSession, id: SessionID, api: any CheckoutAPI
  ) async -> [Effect] {
    var answers = [event]
    var all: [Effect] = []
    let flow = session.flow.id
    var rounds = 0
    while !answers.isEmpty, rounds < limit {
      rounds += 1
      var calls: [CheckoutAPIRequest] = []
      all += send(answers.removeFirst(), to: &session) { operation, payload, key in
        calls.append(
          CheckoutAPIRequest(session: id, flow: flow, operation: operation, payload: payload, key: key))
        return nil
      }
      for request in calls {
        let outcome = try? await api.perform(request)
        answers.append(outcome?.event(for: request.operation) ?? .apiExpired(request.operation))
      }
    }
    if let next = answers.first { all.append(stopped(before: next, unsent: answers.count)) }
    return all
  }

  /// The appearance that answers a navigation effect, when this host confirms screens.
  package func appearance(after effect: Effect, in session: CheckoutSession) -> SessionEvent? {
    guard appears, case .navigate(let command) = effect, let top = session.navigation.top(after: command) else {
      return nil
    }
    return .appeared(top)
  }
}
