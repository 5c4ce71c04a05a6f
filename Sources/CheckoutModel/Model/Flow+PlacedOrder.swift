/// Which call places the order, and where a flow shows a placed order: what a
/// session marks `finished`, a migration lands a placed order on, and a diff warns about.
extension Flow {
  /// Whether a success of a call that opens `then` places the order: no submit
  /// row can be reached from `then` (through rows that open steps and the success
  /// edges of submits), so the checkout makes no further call. `step` finds a step
  /// by id (a compiled flow's, in constant time).
  package static func isFinal(then: StepID?, step: (StepID) -> Step?) -> Bool {
    guard let then else { return false }
    var seen: Set<StepID> = [then]
    var stack = [then]
    while let id = stack.popLast() {
      guard let step = step(id) else { continue }
      for row in step.rows {
        switch row.action {
        case .submit?: return false
        case .opens(let next)?:
          if seen.insert(next).inserted { stack.append(next) }
        case .close?, .resume?, nil:
          break
        }
      }
    }
    return true
  }

  /// The first submit of `operation` (in flow order) whose success opens a step of
  /// the flow, with the step it is on: where the flow shows what that call did.
  package func successStep(of operation: OperationName) -> (from: StepID, then: StepID)? {
    for step in steps {
      for row in step.rows {
        guard case .submit(let submit)? = row.action, submit.operation == operation, let then = submit.then,
          self.step(then) != nil
        else { continue }
        return (step.id, then)
      }
    }
    return nil
  }

  /// Whether any row submits `operation`.
  package func submits(_ operation: OperationName) -> Bool {
    steps.contains { step in
      step.rows.contains { row in
        if case .submit(let submit)? = row.action { return submit.operation == operation }
        return false
      }
    }
  }
}
