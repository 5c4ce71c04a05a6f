import CheckoutEngine

/// Development only (`--dev-scripted-answers`): the next answers of an operation
/// for one session, queued by `POST /sessions/{id}/script`, so a team can walk its
/// own flow's error stories over HTTP (`seat_taken` from `book`, an action from
/// `placeOrder`) with the demo API.
///
/// The demo API takes the first queued answer of a new call's operation (a call
/// whose key it has answered before still gets its first answer) and records it in
/// its ledger like its own. The queues live in this process's memory: a script
/// posted to one instance answers calls made on that instance.
actor ScriptedAnswers {
  /// The most answers queued for one session, all operations together.
  static let perSession = 16
  /// The most sessions with answers queued.
  static let sessions = 1_024

  private var queues: [SessionID: [OperationName: [CheckoutAPIOutcome]]] = [:]

  init() {}

  /// Queues `answer` as the next answer of `operation` for `session` after those
  /// queued already; returns how many now wait for the operation.
  func queue(_ answer: CheckoutAPIOutcome, for operation: OperationName, in session: SessionID) throws(ServerError)
    -> Int
  {
    let queued = queues[session]?.values.reduce(0) { $0 + $1.count } ?? 0
    guard queued < Self.perSession else {
      throw ServerError(
        .unprocessableContent, "script_full",
        "\(queued) answers are queued for this session already, the most it may hold; let its calls take them first",
        at: "answer")
    }
    guard queues[session] != nil || queues.count < Self.sessions else {
      throw ServerError(
        .unprocessableContent, "script_full",
        "answers are queued for \(queues.count) sessions already, the most this server holds", at: "answer")
    }
    queues[session, default: [:]][operation, default: []].append(answer)
    return queues[session]?[operation]?.count ?? 0
  }

  /// The next queued answer of `operation` for `session`, removed; nil when none is queued.
  func take(_ operation: OperationName, in session: SessionID) -> CheckoutAPIOutcome? {
    guard var queue = queues[session]?[operation], !queue.isEmpty else { return nil }
    let next = queue.removeFirst()
    queues[session]?[operation] = queue.isEmpty ? nil : queue
    if queues[session]?.isEmpty == true { queues[session] = nil }
    return next
  }

  /// Puts an answer taken back at the front (its call failed before recording it).
  func putBack(_ answer: CheckoutAPIOutcome, for operation: OperationName, in session: SessionID) {
    queues[session, default: [:]][operation, default: []].insert(answer, at: 0)
  }

  /// How many answers are queued for `operation` in `session`.
  func count(of operation: OperationName, in session: SessionID) -> Int {
    queues[session]?[operation]?.count ?? 0
  }
}
