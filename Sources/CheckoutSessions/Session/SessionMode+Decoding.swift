import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// Reading a mode from snapshot JSON: what the writer keeps is what Swift's
/// synthesized coding writes (`{"idle": {"correction": {"queued": []}}}`), and a
/// reader also takes a document that leaves empty members out, as a person writes
/// one by hand: `{"idle": {}}` is idle with nothing to correct, a correction or a
/// route without `queued` has nothing queued.
extension SessionMode {
  private enum ModeKey: String, CodingKey {
    case idle, awaitingStep, offering, routing
  }
  private enum IdleKey: String, CodingKey {
    case correction
  }
  private enum AwaitingStepKey: String, CodingKey {
    case pending, correction
  }
  private enum OfferingKey: String, CodingKey {
    case offer, correction, waiting
  }
  private enum RoutingKey: String, CodingKey {
    case driver, queued
  }

  /// Reads `{"MODE": {members}}`, exactly one mode; a missing correction or
  /// `queued` is empty.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ModeKey.self)
    guard container.allKeys.count == 1, let mode = container.allKeys.first else {
      throw DecodingError.typeMismatch(
        SessionMode.self,
        .init(codingPath: container.codingPath, debugDescription: "Invalid number of keys found, expected one."))
    }
    switch mode {
    case .idle:
      let members = try container.nestedContainer(keyedBy: IdleKey.self, forKey: .idle)
      self = .idle(correction: try members.decodeIfPresent(Correction.self, forKey: .correction) ?? Correction())
    case .awaitingStep:
      let members = try container.nestedContainer(keyedBy: AwaitingStepKey.self, forKey: .awaitingStep)
      self = .awaitingStep(
        pending: try members.decode(CheckoutSession.PendingNavigation.self, forKey: .pending),
        correction: try members.decodeIfPresent(Correction.self, forKey: .correction) ?? Correction())
    case .offering:
      let members = try container.nestedContainer(keyedBy: OfferingKey.self, forKey: .offering)
      self = .offering(
        offer: try members.decode(Offer.self, forKey: .offer),
        correction: try members.decodeIfPresent(Correction.self, forKey: .correction) ?? Correction(),
        waiting: try members.decodeIfPresent(Waiting.self, forKey: .waiting))
    case .routing:
      let members = try container.nestedContainer(keyedBy: RoutingKey.self, forKey: .routing)
      self = .routing(
        driver: try members.decode(RouteDriver.self, forKey: .driver),
        queued: try members.decodeIfPresent([Resolution].self, forKey: .queued) ?? [])
    }
  }
}

extension SessionMode.Correction {
  private enum Key: String, CodingKey {
    case focus, queued, route
  }

  /// Reads a correction; each member may be left out (no focus, nothing queued, no route).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    self.init(
      focus: try container.decodeIfPresent(CheckoutSession.RowRef.self, forKey: .focus),
      queued: try container.decodeIfPresent([Resolution].self, forKey: .queued) ?? [],
      route: try container.decodeIfPresent(Route.self, forKey: .route))
  }
}

extension SessionMode.Fields {
  private enum Key: String, CodingKey {
    case offer, queued, driver, pending, focus
  }

  /// Reads format 1's mode members; `queued` may be left out when nothing is queued.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    self.init(
      offer: try container.decodeIfPresent(Offer.self, forKey: .offer),
      queued: try container.decodeIfPresent([Resolution].self, forKey: .queued) ?? [],
      driver: try container.decode(RouteDriver.self, forKey: .driver),
      pending: try container.decodeIfPresent(CheckoutSession.PendingNavigation.self, forKey: .pending),
      focus: try container.decodeIfPresent(CheckoutSession.RowRef.self, forKey: .focus))
  }
}
