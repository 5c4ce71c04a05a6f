import Foundation
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension CheckoutSession {
  /// A `set` event: through the row named (of the step on screen, or of the step
  /// given), or through the value row that binds the key (the one on screen when
  /// there is one, else the first in flow order). Either way the value is set as
  /// that row sets it: converted (a toggle's `on`, a picker's label), validated,
  /// and an invalid value shown as the row's error; hidden and disabled rows refuse.
  /// A key no value row binds is read-only to events and refused, naming it and why.
  mutating func set(_ target: SetTarget, _ value: Value) -> [Effect] {
    switch target {
    case .row(let rowID, let stepID):
      guard let step = stepID.map({ compiled.step($0) }) ?? currentStep else {
        return [.refused(.noStep(stepID?.rawValue ?? navigation.top.rawValue, in: flow, event: .set))]
      }
      guard let row = step.row(rowID) else {
        return [.refused(.unknownRow(rowID, on: step, event: .set, messages: messages))]
      }
      return set(row, on: step, value)
    case .key(let key):
      if let refusal = compiled.setRefusal(for: key) { return [.refused(.readOnly(refusal))] }
      let binders = compiled.dependencies.rows(binding: key)
      let onScreen = currentStep.flatMap { step in
        binders.first { $0.step == step.id && step.row($0.row)?.kind.takesValue == true }
      }
      guard let ref = onScreen ?? compiled.writingRow(for: key), let step = compiled.step(ref.step),
        let row = step.row(ref.row)
      else { return [.refused(.noRowBinds(key))] }
      return set(row, on: step, value)
    }
  }

  private mutating func set(_ row: Row, on step: Step, _ value: Value) -> [Effect] {
    guard row.kind.takesValue, let key = row.bind else {
      return [.refused(.takesNoValue(row, on: step, messages: messages))]
    }
    if let frozen = frozenRefusal(row, on: step) { return [.refused(frozen)] }
    guard StepCompleteness.isVisible(row, data) else {
      return [.refused(.hidden(row, on: step, event: .set, flow: compiled.flow, messages: messages))]
    }
    guard StepCompleteness.isEnabled(row, data) else {
      return [.refused(.cannotChange(row, on: step, messages: messages))]
    }
    let accepted: Value
    switch RowInput.accept(value, for: row, data: data, messages: messages) {
    case .success(let converted): accepted = converted
    case .failure(let problem):
      return [.refused(.invalidValue(.row(step: step.id, row: row.id), problem: problem.message))]
    }
    let resolved = store(accepted, at: key) || actedOnFocusedStep(step)
    validate(row, at: RowRef(step: step.id, row: row.id), accepted)
    return resolved ? offerNextQueued() : []
  }

  /// An error focused on a row that takes no value (an info row: `item_sold_out` on
  /// the cart's "Items in your bag") is fixed through another row of its step (the
  /// quantity): a value set on that step resolves it, so the errors queued behind
  /// it are offered. Was: never resolved, the queue waited for the next submit.
  private mutating func actedOnFocusedStep(_ step: Step) -> Bool {
    guard let focus = mode.correction.focus, focus.step == step.id,
      step.row(focus.row)?.kind.takesValue == false
    else { return false }
    mode.correction.focus = nil
    return true
  }

  /// Shows the row's first failing rule as its error (one definition for sets by
  /// row and by key).
  private mutating func validate(_ row: Row, at ref: RowRef, _ value: Value) {
    if let failure = rules.firstFailure(of: row.rules, value: value, title: row.title, remember: !row.secret) {
      rowErrors[ref] = failure
    }
  }

  /// Stores a value; errors on every row bound to the key are cleared when it
  /// changes. Returns whether that changed the focused row (its error is resolved).
  private mutating func store(_ value: Value, at key: DataKey) -> Bool {
    guard sessionData.update(value, for: key, in: compiled) else { return false }
    // A secret changed or cleared here: every copy another instance holds is stale.
    if compiled.masking.isSecret(key) { secretGenerations[key, default: 0] += 1 }
    var resolved = false
    for ref in compiled.dependencies.rows(binding: key) {
      rowErrors[ref] = nil
      if mode.correction.focus == ref {
        mode.correction.focus = nil
        resolved = true
      }
    }
    return resolved
  }

  /// After the shopper fixed the focused error, the next queued error is offered
  /// (over a step still awaited; not while an offer waits).
  private mutating func offerNextQueued() -> [Effect] {
    if case .offering = mode { return [] }
    var queued = mode.correction.queued
    guard !queued.isEmpty else { return [] }
    let offer = Offer(resolution: queued.removeFirst(), from: navigation.top)
    mode.offer(offer, queued: queued)
    return [.offer(offer)]
  }
}
