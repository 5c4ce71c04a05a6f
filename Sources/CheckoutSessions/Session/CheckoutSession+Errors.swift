import CheckoutModel
import CheckoutPlanning
import CheckoutRows

extension CheckoutSession {
  /// Validates the steps the submit checks; the first invalid row (in flow order)
  /// is offered like an API error. Otherwise calls the API with the bound data.
  ///
  /// Each validated step's check is kept (the first invalid step ends the loop).
  mutating func submit(_ submit: Submit, from row: Row) -> [Effect] {
    if calls[submit.operation] != nil {
      return [.refused("\(row.title): \(submit.operation) is already waiting for an answer")]
    }
    // The validated steps in flow order, each once (steps not in the flow have nothing to check).
    let validated = submit.validates ?? navigation.steps
    var order: [Int] = []
    order.reserveCapacity(validated.count)
    for stepID in validated {
      if let index = compiled.stepIndex(of: stepID), !order.contains(index) { order.append(index) }
    }
    order.sort()
    for index in order {
      guard let failure = keptCheck(ofStepAt: index).rowFailures.first else { continue }
      let resolution = Resolution(step: compiled.flow.steps[index].id, row: failure.row, message: failure.message)
      queued = []
      let offer = Offer(resolution: resolution, from: navigation.top)
      self.offer = offer
      return [.offer(offer)]
    }
    queued = []
    calls[submit.operation] = .some(submit.then)
    return [.callAPI(submit.operation, Payload(values: data, masking: compiled.masking))]
  }

  mutating func apiSucceeded(_ operation: OperationName, _ values: [DataKey: Value]) -> [Effect] {
    guard let then = calls.removeValue(forKey: operation) else {
      return [.refused("no call to \(operation) is waiting for an answer")]
    }
    for (key, value) in values {
      // Only the checks of the steps that read a changed key can change.
      guard self.values.updateValue(value, forKey: key) != value else { continue }
      for step in compiled.dependencies.steps(reading: key) { stepChecks[step] = nil }
    }
    queued = []
    guard let then, let presentation = compiled.step(then)?.presentation else { return [] }
    return send(.opening(then, as: presentation))
  }

  mutating func apiFailed(_ operation: OperationName, _ errors: [APIError]) -> [Effect] {
    guard calls.removeValue(forKey: operation) != nil else {
      return [.refused("no call to \(operation) is waiting for an answer")]
    }
    let ordered = compiled.resolver.ordered(errors)
    var effects: [Effect] = ordered.filter { $0.resolution == nil }.map { .unresolved($0.error) }
    var resolutions = ordered.compactMap(\.resolution)
    guard !resolutions.isEmpty else { return effects }
    let first = resolutions.removeFirst()
    queued = resolutions
    let offer = Offer(resolution: first, from: navigation.top)
    self.offer = offer
    effects.insert(.offer(offer), at: 0)
    return effects
  }

  mutating func accept() -> [Effect] {
    guard let offer else { return [.refused("there is no offer to accept")] }
    self.offer = nil
    pending = nil
    // Only the guards planning asks about are checked (and kept).
    let checks = lendChecks()
    let output = driver.begin(offer.resolution, from: navigation, planner: compiled.planner, isComplete: checks.isComplete)
    keepChecks(from: checks)
    return drive(output)
  }

  mutating func decline() -> [Effect] {
    guard offer != nil else { return [.refused("there is no offer to decline")] }
    offer = nil
    return []
  }
}
