import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension SessionMode {
  /// The mode as snapshot format 1 kept it: five separate fields. Format-1
  /// snapshots are read through it, and a migration to another flow version
  /// carries each field on its own, then puts the mode back together.
  struct Fields: Hashable, Sendable, Decodable {
    var offer: Offer?
    var queued: [Resolution]
    var driver: RouteDriver
    var pending: CheckoutSession.PendingNavigation?
    var focus: CheckoutSession.RowRef?
  }

  /// Fields that no mode holds at once, and the field that says so.
  struct Conflict: Error, Hashable, Sendable {
    /// The format-1 field at fault (`driver`, `pending`).
    var field: String
    /// What is wrong.
    var message: String
  }

  /// The mode's fields.
  var fields: Fields {
    let correction = correction
    var driver = RouteDriver(state: .idle, resolution: nil, route: correction.route, replans: 0)
    var pending: CheckoutSession.PendingNavigation?
    switch waiting {
    case .route(let routing)?: driver = routing
    case .step(let step)?: pending = step
    case nil: break
    }
    return Fields(offer: offer, queued: correction.queued, driver: driver, pending: pending, focus: correction.focus)
  }

  /// The mode the fields describe: the offer (if any) over the route in progress or
  /// the pending command (if any), with the focus, the queued errors and the last
  /// route. A finished driver (arrived or cancelled) keeps only its route; the
  /// focus of an earlier route is dropped while a new one is in progress. Throws
  /// when the fields wait for two steps at once, or for a route that has no error.
  init(_ fields: Fields) throws(Conflict) {
    let driver = fields.driver
    var waiting = fields.pending.map(Waiting.step)
    if case .awaiting(let expected, _, _) = driver.state {
      guard driver.resolution != nil else {
        throw Conflict(field: "driver", message: "a route in progress (awaiting \(expected)) names no error to go to")
      }
      if let pending = fields.pending {
        throw Conflict(
          field: "pending",
          message:
            "waits for \(pending.expected) after `\(pending.command)` while the route waits for \(expected); a session waits for one step at a time"
        )
      }
      waiting = .route(driver)
    }
    let correction = Correction(focus: fields.focus, queued: fields.queued, route: driver.route)
    if let offer = fields.offer {
      self = .offering(offer: offer, correction: correction, waiting: waiting)
    } else {
      self = SessionMode(waiting: waiting, correction: correction)
    }
  }

  // MARK: Restoring

  /// Every step the mode names, with the row when it names one: the offer's and
  /// the queued errors, the focus, the route's error, steps and commands, the
  /// command waiting for its step (a restore checks that the flow has them all).
  var namedPlaces: [(step: StepID, row: RowID?)] {
    let fields = fields
    var places = ([fields.offer?.resolution, fields.driver.resolution].compactMap { $0 } + fields.queued).map {
      (step: $0.step, row: $0.row)
    }
    if let focus = fields.focus { places.append((focus.step, focus.row)) }
    var steps: [StepID] = []
    switch fields.driver.state {
    case .awaiting(let expected, let pending, let remaining):
      steps += [expected] + ([pending] + remaining).compactMap(\.opened)
    case .arrived(let step): steps.append(step)
    case .idle, .cancelled: break
    }
    if let route = fields.driver.route {
      steps += route.from.steps + [route.target] + route.commands.compactMap(\.opened)
    }
    if let pending = fields.pending {
      steps += [pending.expected] + [pending.command.opened, pending.then?.opened].compactMap { $0 }
    }
    return places + steps.map { (step: $0, row: nil) }
  }

  /// A command waiting for its step must lead to that step from the snapshot's
  /// navigation state, or the session would wait for a step that cannot appear; a
  /// route must be in progress (its driver awaiting a step).
  func checkWaiting(on navigation: NavigationState) throws(SnapshotError) {
    func check(_ command: NavigationCommand, expected: StepID, _ what: String) throws(SnapshotError) {
      guard let top = navigation.top(after: command) else {
        throw SnapshotError(message: "the snapshot's \(what) \"\(command)\" cannot be applied on \(navigation)")
      }
      guard top == expected else {
        throw SnapshotError(
          message: "the snapshot's \(what) \"\(command)\" on \(navigation) shows \(top), not the expected \(expected)")
      }
    }
    switch waiting {
    case .step(let pending)?:
      try check(pending.command, expected: pending.expected, "pending command")
      if let then = pending.then, let after = try? navigation.applying(pending.command), after.top(after: then) == nil {
        throw SnapshotError(
          message:
            "the snapshot's pending command's then \"\(then)\" cannot be applied on \(after), where \"\(pending.command)\" leads"
        )
      }
    case .route(let driver)?:
      guard case .awaiting(let expected, let pending, _) = driver.state, driver.resolution != nil else {
        throw SnapshotError(
          message:
            "the snapshot's mode \(name) holds a route that is not in progress (\(driver)); a route in progress awaits a step and names its error"
        )
      }
      try check(pending, expected: expected, "route command")
    case nil:
      break
    }
  }
}
