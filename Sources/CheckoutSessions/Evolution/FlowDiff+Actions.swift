import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension FlowDiffCollector {
  /// The actions each operation can ask for, and the step where each is done: the
  /// first submit of the operation (in flow order) that declares it, as a session
  /// finds it when the API asks.
  static func actions(of flow: Flow) -> [(operation: OperationName, action: ActionName, step: StepID)] {
    var found: [(operation: OperationName, action: ActionName, step: StepID)] = []
    for row in flow.steps.flatMap(\.rows) {
      guard case .submit(let submit)? = row.action else { continue }
      for (action, step) in submit.actions.sorted(by: { $0.key < $1.key })
      where !found.contains(where: { $0.operation == submit.operation && $0.action == action }) {
        found.append((submit.operation, action, step))
      }
    }
    return found
  }

  /// Actions added, removed, or done at another step, and what becomes of a
  /// session waiting on one (``Migration`` does what the effects say). A step that
  /// is only renamed is reported as a step rename, not as a move.
  mutating func compareActions() {
    let now = Self.actions(of: new)
    var matched: Set<String> = []
    for old in Self.actions(of: old) {
      let subject = "\(old.operation) \(old.action)"
      guard let current = now.first(where: { $0.operation == old.operation && $0.action == old.action }) else {
        add(
          .breaking, "action removed", subject, "done at \(old.step)",
          effect:
            "a session waiting on it has its call cancelled when it is restored (the migration report says so), and the next tap makes a new call; an answer asking for it is handled as a failure (action_unsupported)"
        )
        continue
      }
      matched.insert(subject)
      let renamed = renames.step(old.step)
      guard renamed != current.step else { continue }
      add(
        .breaking, "action moved", subject, "\(renamed) -> \(current.step)",
        effect:
          "a session waiting on it keeps waiting when it shows \(current.step) already; otherwise its call is cancelled when it is restored (the migration report says so), and the next tap makes a new call that asks again"
      )
    }
    for added in now where !matched.contains("\(added.operation) \(added.action)") {
      add(.safe, "action added", "\(added.operation) \(added.action)", "done at \(added.step)")
    }
  }
}
