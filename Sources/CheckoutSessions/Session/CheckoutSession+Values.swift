import Foundation
import CheckoutModel
import CheckoutPlanning
import CheckoutRows

extension CheckoutSession {
  /// `set NAME VALUE`: a row of the step on screen, or a data key. A key that a row
  /// binds is set as that row is: converted (a toggle's `on`, a picker's label),
  /// validated, and an invalid value shown as the row's error. Through a row of
  /// the step on screen when it binds the key (hidden and disabled rows refuse,
  /// as by id), else through the first value row in flow order that binds it.
  mutating func set(_ name: String, _ value: Value) -> [Effect] {
    if let step = currentStep, let row = step.row(RowID(name)) {
      return set(row, on: step, value)
    }
    guard IdentifierSyntax.isKey(name), name.contains(".") || flow.data[DataKey(name)] != nil else {
      guard let step = currentStep else { return [.refused("no row or key \(Quoting.quoted(name))")] }
      return [.refused(unknownRow(RowID(name), on: step) + "; or name a data key like shipping.zip")]
    }
    let key = DataKey(name)
    // Rows that take a value: an info or disclosure row may show the key too.
    let binders = compiled.dependencies.rows(binding: key).filter {
      compiled.step($0.step)?.row($0.row)?.cell.takesValue == true
    }
    if let step = currentStep, let onScreen = binders.first(where: { $0.step == step.id }), let row = step.row(onScreen.row) {
      return set(row, on: step, value)
    }
    guard let binder = binders.first, let row = compiled.step(binder.step)?.row(binder.row) else {
      store(value, at: key)
      return offerNextQueuedIfResolved()
    }
    let accepted: Value
    switch RowInput.accept(value, for: row, data: data) {
    case .success(let converted): accepted = converted
    case .failure(let problem): return [.refused(problem.message)]
    }
    store(accepted, at: key)
    validate(row, at: binder, accepted)
    return offerNextQueuedIfResolved()
  }

  private mutating func set(_ row: Row, on step: Step, _ value: Value) -> [Effect] {
    guard row.cell.takesValue, let key = row.bind else {
      return [.refused("\(row.title) is \(row.cell.withArticle) row: it takes no value\(row.cell.isTappable ? "; tap it instead" : "")")]
    }
    guard StepCompleteness.isVisible(row, values) else { return [.refused("\(row.title) is hidden on \(step.title)")] }
    guard StepCompleteness.isEnabled(row, values) else { return [.refused("\(row.title) cannot be changed now")] }
    let accepted: Value
    switch RowInput.accept(value, for: row, data: data) {
    case .success(let converted): accepted = converted
    case .failure(let problem): return [.refused(problem.message)]
    }
    store(accepted, at: key)
    validate(row, at: RowRef(step: step.id, row: row.id), accepted)
    return offerNextQueuedIfResolved()
  }

  /// Shows the row's first failing rule as its error (one definition for sets by
  /// row and by key).
  private mutating func validate(_ row: Row, at ref: RowRef, _ value: Value) {
    if let failure = rules.firstFailure(of: row.rules, value: value, title: row.title, remember: !row.secret) {
      rowErrors[ref] = failure
    }
  }

  /// Stores a value; errors on every row bound to the key are cleared when it changes.
  private mutating func store(_ value: Value, at key: DataKey) {
    guard values.updateValue(value, forKey: key) != value else { return }
    for step in compiled.dependencies.steps(reading: key) { stepChecks[step] = nil }
    for ref in compiled.dependencies.rows(binding: key) {
      rowErrors[ref] = nil
      if focus == ref { focus = nil; resolvedFocus = true }
    }
  }

  /// After the shopper fixed the focused error, the next queued error is offered.
  private mutating func offerNextQueuedIfResolved() -> [Effect] {
    guard resolvedFocus else { return [] }
    resolvedFocus = false
    guard offer == nil, !queued.isEmpty else { return [] }
    let next = queued.removeFirst()
    let offer = Offer(resolution: next, from: navigation.top)
    self.offer = offer
    return [.offer(offer)]
  }
}

/// Converts what the shopper typed into the value a row holds, or says why not.
package enum RowInput {
  package struct Problem: Error {
    package var message: String
  }

  package static func accept(_ value: Value, for row: Row, data: [DataKey: Value]) -> Result<Value, Problem> {
    switch row.cell {
    case .toggle:
      if case .bool = value { return .success(value) }
      switch value.displayText.lowercased() {
      case "on", "true", "yes", "1": return .success(.bool(true))
      case "off", "false", "no", "0": return .success(.bool(false))
      default: return .failure(Problem(message: "\(row.title) is a toggle: set it to on or off"))
      }
    case .picker:
      let options: [PickerOption]
      switch row.options {
      case .list(let list)?: options = list
      case .from(let key)?:
        if case .options(let list)? = data[key] { options = list } else { options = [] }
      case nil: options = []
      }
      let text = value.displayText
      // An empty value clears the choice; a required picker then shows its message.
      if text.trimmingCharacters(in: .whitespaces).isEmpty { return .success(.string("")) }
      if let option = options.first(where: { $0.value == text }) ?? options.first(where: { $0.label.lowercased() == text.lowercased() }) {
        return .success(.string(option.value))
      }
      let choices = options.map { "\($0.value) (\($0.label))" }.joined(separator: ", ")
      return .failure(Problem(message: "\(row.title) has no option \(Quoting.quoted(row.secret ? Masking.secretPlaceholder : text)); choose one of \(choices)"))
    default:
      if case .options = value { return .failure(Problem(message: "\(row.title) takes text, not a list")) }
      return .success(.string(value.displayText))
    }
  }
}
