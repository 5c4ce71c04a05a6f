import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// What a session is doing, as one value: idle, waiting for a step, offering an
/// error, or driving a route to one. Each mode holds exactly what it needs, so only
/// one can be active and no handler keeps fields consistent by hand (the shape of
/// swift-nio's state machines, like ``RouteDriver`` one layer down). It is
/// `indirect`: its payload lives in one box, so a session, its snapshot and every
/// copy of them through a store hold one reference instead of about 500 bytes.
///
/// | Mode | Holds | Refuses (`tap`, `back`) |
/// |---|---|---|
/// | `idle` | the ``Correction`` | nothing |
/// | `awaitingStep` | the command sent and its step (and the command to send after it), the ``Correction`` | `tap` (awaiting) |
/// | `offering` | the offer, the ``Correction``, what it interrupted (``Waiting``) | both (an offer waits) |
/// | `routing` | the ``RouteDriver`` (awaiting a step), the errors queued | `tap` (a route is in progress) |
///
/// In any mode, a call waiting for its answer also refuses `back` and a tap that
/// opens or closes a step or submits (``CheckoutSession/callAwaitingAnswer``): the
/// call's success opens its `then` from the step it was made from. That is kept
/// with the call (``CheckoutSession/calls``), not in the mode.
package indirect enum SessionMode: Hashable, Sendable, Codable {
  /// Nothing waits: the shopper may act.
  case idle(correction: Correction)
  /// A command was sent (for a tap, a close row or a call's success); its step has not appeared yet.
  case awaitingStep(pending: CheckoutSession.PendingNavigation, correction: Correction)
  /// An offer waits for `accept` or `decline`. `waiting` is the step or route the
  /// host was still showing when the offer came (an API answer arrives at any
  /// time): an appearance still goes to it, and a decline returns to it.
  case offering(offer: Offer, correction: Correction, waiting: Waiting?)
  /// A route to an accepted offer's row is in progress: the driver awaits a step.
  /// `queued` errors follow, one at a time, once the shopper fixes the row it arrives at.
  case routing(driver: RouteDriver, queued: [Resolution])

  /// What the errors of the last answer leave to do outside a route.
  package struct Correction: Hashable, Sendable, Codable {
    /// The row the last route arrived at, until the shopper changes its value.
    package var focus: CheckoutSession.RowRef?
    /// Errors still to offer, in order: the next one is offered when the shopper changes the focused row.
    package var queued: [Resolution]
    /// The route the last accepted offer planned (after it arrived or was given up;
    /// nil when none was planned), what ``CheckoutSession/route`` reads.
    package var route: Route?

    /// A correction: by default no focus, nothing queued, no route.
    package init(focus: CheckoutSession.RowRef? = nil, queued: [Resolution] = [], route: Route? = nil) {
      self.focus = focus
      self.queued = queued
      self.route = route
    }
  }

  /// What the session waits for the host to show.
  package enum Waiting: Hashable, Sendable, Codable {
    /// A command's step.
    case step(CheckoutSession.PendingNavigation)
    /// A route's next step (the driver awaits it).
    case route(RouteDriver)
  }

  /// A fresh session's mode: idle, nothing to correct.
  package static let start = SessionMode.idle(correction: Correction())

  /// The mode that waits for `waiting` (idle when nothing), with `correction`
  /// (a route keeps only its queued errors: it focuses a row of its own).
  package init(waiting: Waiting?, correction: Correction) {
    switch waiting {
    case nil: self = .idle(correction: correction)
    case .step(let pending)?: self = .awaitingStep(pending: pending, correction: correction)
    case .route(let driver)?: self = .routing(driver: driver, queued: correction.queued)
    }
  }

  /// What the session waits for the host to show, in this mode or under its offer.
  package var waiting: Waiting? {
    switch self {
    case .idle: return nil
    case .awaitingStep(let pending, _): return .step(pending)
    case .offering(_, _, let waiting): return waiting
    case .routing(let driver, _): return .route(driver)
    }
  }

  /// The correction in progress; in a route, its queued errors and its route (a
  /// route focuses no row until it arrives).
  package internal(set) var correction: Correction {
    get {
      switch self {
      case .idle(let correction), .awaitingStep(_, let correction), .offering(_, let correction, _):
        return correction
      case .routing(let driver, let queued): return Correction(queued: queued, route: driver.route)
      }
    }
    set {
      switch self {
      case .idle: self = .idle(correction: newValue)
      case .awaitingStep(let pending, _): self = .awaitingStep(pending: pending, correction: newValue)
      case .offering(let offer, _, let waiting): self = .offering(offer: offer, correction: newValue, waiting: waiting)
      case .routing(let driver, _): self = .routing(driver: driver, queued: newValue.queued)
      }
    }
  }

  /// The offer waiting, if any.
  package var offer: Offer? {
    if case .offering(let offer, _, _) = self { return offer }
    return nil
  }

  /// The mode's name, as the mode table and notices call it.
  package var name: String {
    switch self {
    case .idle: return "idle"
    case .awaitingStep: return "awaitingStep"
    case .offering: return "offering"
    case .routing: return "routing"
    }
  }

  // MARK: Transitions shared by the handlers

  /// Offers `offer`, with `queued` to follow, over what the session waits for (an
  /// offer replaces an offer waiting).
  mutating func offer(_ offer: Offer, queued: [Resolution]) {
    var correction = self.correction
    correction.queued = queued
    self = .offering(offer: offer, correction: correction, waiting: waiting)
  }

  /// Waits for `waiting` (a step or the route's next step) instead of what was
  /// waited for, under the offer when one waits.
  mutating func wait(for waiting: Waiting?) {
    if case .offering(let offer, var correction, _) = self {
      // The correction under an offer over a route keeps that route's plan.
      if case .route(let driver)? = waiting { correction.route = driver.route }
      self = .offering(offer: offer, correction: correction, waiting: waiting)
    } else {
      self = SessionMode(waiting: waiting, correction: correction)
    }
  }

  /// The route ended (arrived, focusing `focus`, or given up): nothing is waited for;
  /// the queued errors stay.
  mutating func endRoute(focus: CheckoutSession.RowRef?, route: Route?) {
    var correction = self.correction
    correction.focus = focus
    correction.route = route
    if case .offering(let offer, _, _) = self {
      self = .offering(offer: offer, correction: correction, waiting: nil)
    } else {
      self = .idle(correction: correction)
    }
  }
}
