import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// One snapshot being carried to the target flow: ``SnapshotMigrator`` makes one per
/// snapshot, runs it, and reads `result` and `changes`.
struct Migration {
  typealias RowRef = CheckoutSession.RowRef
  typealias Change = MigrationReport.Change

  let old: SessionSnapshot
  let migrator: SnapshotMigrator
  /// The renames the snapshot has not seen, oldest first.
  let renames: [FlowRenames]
  /// The snapshot's mode, as separate fields (each carried on its own).
  let oldMode: SessionMode.Fields
  /// The snapshot as it becomes (its mode is put back together from ``mode``).
  private var result: SessionSnapshot
  /// The mode's fields as they become.
  private var mode: SessionMode.Fields
  /// What changed, in order.
  private(set) var changes: [Change] = []
  /// Subjects already reported as renamed (a step is named in many places).
  private var reportedRenames: Set<String> = []

  init(snapshot: SessionSnapshot, migrator: SnapshotMigrator, renames: [FlowRenames]) {
    self.old = snapshot
    self.migrator = migrator
    self.renames = renames
    self.result = snapshot
    self.oldMode = snapshot.mode.fields
    self.mode = oldMode
    result.fingerprint = migrator.target.fingerprint
    result.flowVersion = migrator.target.flow.version
  }

  /// The flow the snapshot is carried to.
  var target: CompiledFlow { migrator.target }
  /// `v2`, or `this version` of a flow without one, for the reasons.
  var version: String { target.flow.version.map { "v\($0)" } ?? "this version" }

  mutating func run() {
    let cut = migrateNavigation()
    migrateData()
    migrateRowErrors()
    migrateFocus()
    migratePending(navigationCut: cut)
    let offeredAgain = migrateDriver(navigationCut: cut)
    migrateOffers(offeredAgain: offeredAgain)
    migrateCalls()
    migrateSecretGenerations()
    migrateLocale()
    checkValues()
  }

  /// A locale the target no longer speaks is dropped: the session is restored in
  /// the default language (as a restore would do without a word), and said.
  private mutating func migrateLocale() {
    guard let locale = old.locale, target.sessionLocale(for: locale) == nil else { return }
    result.locale = nil
    changes.append(
      Change(
        .droppedLocale, locale, "\(version) does not speak \(locale): the session is shown in \(target.defaultLocale)"))
  }

  /// The migrated snapshot. Throws only if the fields carried make no mode, which
  /// migrating fields of one mode never does.
  func migrated() throws(SnapshotError) -> SessionSnapshot {
    var migrated = result
    do {
      migrated.mode = try SessionMode(mode)
    } catch {
      throw SnapshotError(message: "the migrated snapshot's \(error.field) \(error.message)")
    }
    return migrated
  }

  // MARK: Names

  private mutating func step(_ old: StepID) -> StepID {
    let new = renames.reduce(old) { $1.step($0) }
    if new != old, reportedRenames.insert("step " + old.rawValue).inserted {
      changes.append(Change(.renamedStep, old.rawValue, "-> \(new)"))
    }
    return new
  }

  private mutating func row(_ old: RowRef) -> RowRef {
    let new = renames.reduce(old) { $1.row($0) }
    if new != old, reportedRenames.insert("row " + old.description).inserted {
      changes.append(Change(.renamedRow, old.description, "-> \(new)"))
    }
    return new
  }

  private func key(_ old: DataKey) -> DataKey { renames.reduce(old) { $1.key($0) } }

  private mutating func command(_ old: NavigationCommand) -> NavigationCommand {
    switch old {
    case .push(let step): return .push(self.step(step))
    case .present(let step): return .present(self.step(step))
    case .reset(let step): return .reset(self.step(step))
    case .pop, .dismiss: return old
    }
  }

  /// The place of a resolution with renames applied: its step, or its step and row.
  private mutating func place(of resolution: Resolution) -> (step: StepID, row: RowID?) {
    guard let row = resolution.row else { return (step(resolution.step), nil) }
    let ref = self.row(RowRef(step: resolution.step, row: row))
    return (ref.step, ref.row)
  }

  // MARK: Navigation

  /// Renames the navigation state's steps and keeps its longest beginning the
  /// target can produce: it is cut below the first step that is removed, or that
  /// the target does not open where it stands (the step below no longer opens it,
  /// it is no longer modal, …). Returns whether it was cut.
  private mutating func migrateNavigation() -> Bool {
    var kept: [[StepID]] = []
    var why: String?
    for layer in old.navigation.layers where why == nil {
      var keptLayer: [StepID] = []
      for oldStep in layer {
        let new = step(oldStep)
        if !migrator.has(new) {
          why = "step \"\(new)\" is not in \(version)"
        } else if let state = NavigationState(layers: kept + [keptLayer + [new]]),
          let reason = migrator.graph.whyUnreachable(state)
        {
          why =
            keptLayer.last.map { unproducible(new, below: [$0], reason) }
            ?? unproducible(new, presentedOn: kept.last, reason)
        }
        if why != nil { break }
        keptLayer.append(new)
      }
      if !keptLayer.isEmpty { kept.append(keptLayer) }
    }
    result.navigation = NavigationState(layers: kept) ?? NavigationState(root: target.flow.start)
    guard let why else { return false }
    let landing = kept.isEmpty ? "the start, \(target.flow.start)" : "\(result.navigation)"
    guard let finished = old.finished else {
      changes.append(
        Change(.cutNavigation, old.navigation.description, "-> \(result.navigation): \(why); cut back to \(landing)"))
      return true
    }
    // A placed order is shown its confirmation, as the target shows it on the
    // order's success: cut back, the shopper would be stuck (every change refused
    // `orderFinished`, the order never shown again).
    let cutState = result.navigation
    let placed = confirmation(of: finished).flatMap { confirmation in
      showing(confirmation, from: cutState).map { (shown: $0, step: confirmation.step) }
    }
    switch placed {
    case .success(let placed):
      result.navigation = placed.shown
      changes.append(
        Change(
          .cutNavigation, old.navigation.description,
          "-> \(placed.shown): \(why); \(finished) placed the order, so it shows \(placed.step), the step its submit opens in \(version)"
        ))
    case .failure(let unshown):
      changes.append(
        Change(
          .cutNavigation, old.navigation.description,
          "-> \(result.navigation): \(why); cut back to \(landing) (\(finished) placed the order, but \(unshown.reason))"
        ))
    }
    return true
  }

  /// Why the target cannot show `step` where the snapshot has it, pushed on the
  /// step `below`: `deliveryDay no longer opens payment in v2 (it opens extras)`
  /// when `below` does not open it, else the graph's reason.
  private func unproducible(_ step: StepID, below: [StepID], _ reason: String) -> String {
    let opened = distinct(below.flatMap(migrator.graph.steps(openedBy:)))
    guard !below.isEmpty, !opened.contains(step) else { return "in \(version), \(reason)" }
    let list = opened.isEmpty ? "it opens no step" : "it opens \(opened.map(\.rawValue).joined(separator: ", "))"
    return "\(below[0]) no longer opens \(step) in \(version) (\(list))"
  }

  /// Why the target cannot show `step` where the snapshot has it, starting a modal
  /// layer over `layer`: `cart>shipping no longer presents creditCard in v2 (it
  /// presents address)` when no step there opens it, else the graph's reason.
  private func unproducible(_ step: StepID, presentedOn layer: [StepID]?, _ reason: String) -> String {
    guard let layer else { return "in \(version), \(reason)" }
    let opened = distinct(layer.flatMap(migrator.graph.steps(openedBy:)))
    guard !opened.contains(step) else { return "in \(version), \(reason)" }
    let presented = opened.filter { target.step($0)?.presentation == .modal }
    let list =
      presented.isEmpty ? "it presents no step" : "it presents \(presented.map(\.rawValue).joined(separator: ", "))"
    return "\(layer.map(\.rawValue).joined(separator: ">")) no longer presents \(step) in \(version) (\(list))"
  }

  private func distinct(_ steps: [StepID]) -> [StepID] {
    steps.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  // MARK: Values

  private mutating func migrateData() {
    var data = [String: Value](minimumCapacity: old.data.count)
    for (name, value) in old.data.sorted(by: { $0.key < $1.key }) {
      let oldKey = DataKey(name)
      let new = key(oldKey)
      if new != oldKey { changes.append(Change(.renamedKey, name, "-> \(new)")) }
      guard migrator.holds(new) else {
        changes.append(
          Change(
            .droppedValue, new.rawValue,
            "no row binds it, the flow's data does not hold it and no submit provides it in \(version)"))
        continue
      }
      data[new.rawValue] = value
    }
    result.data = data
  }

  /// Every stored value a rule of its row now rejects stays, and the row shows the
  /// rule's message. Masked values (a sensitive value stored masked) are not checked.
  private mutating func checkValues() {
    // The messages shown on rows are in the shopper's language.
    let locale = old.locale ?? target.defaultLocale
    let rules = RuleEvaluator(
      today: old.today, registry: target.registry, patterns: target.patterns,
      messages: target.messages(for: locale), locale: locale == target.defaultLocale ? nil : locale)
    var keyed: [DataKey: Value]?
    for (stepID, row) in migrator.rowsWithRules {
      guard let key = row.bind, let value = result.data[key.rawValue], value.isPresent else { continue }
      if target.masking.sensitiveKeys.contains(key), value.displayText.contains("•") { continue }
      if row.visibleWhen != nil {
        if keyed == nil { keyed = Dictionary(uniqueKeysWithValues: result.data.map { (DataKey($0.key), $0.value) }) }
        guard StepCompleteness.isVisible(row, keyed ?? [:]) else { continue }
      }
      guard let message = rules.firstFailure(of: row.rules, value: value, title: row.title) else { continue }
      let ref = RowRef(step: stepID, row: row.id).description
      if result.rowErrors[ref] == nil { result.rowErrors[ref] = message }
      changes.append(Change(.rejectedValue, key.rawValue, "kept, shown on \(ref): \(message)"))
    }
  }

  // MARK: Errors, focus and offers

  private mutating func migrateRowErrors() {
    var errors: [String: String] = [:]
    for (name, message) in old.rowErrors.sorted(by: { $0.key < $1.key }) {
      guard let oldRef = RowRef(parsing: name) else {
        changes.append(Change(.droppedError, name, "not a row written step.row"))
        continue
      }
      let new = row(oldRef)
      guard migrator.has(new) else {
        changes.append(Change(.droppedError, new.description, "the row is not in \(version)"))
        continue
      }
      errors[new.description] = message
    }
    result.rowErrors = errors
  }

  private mutating func migrateFocus() {
    guard let focus = oldMode.focus else { return }
    let new = row(focus)
    guard migrator.has(new) else {
      mode.focus = nil
      changes.append(Change(.droppedFocus, new.description, "the row is not in \(version)"))
      return
    }
    mode.focus = new
  }

  /// A resolution as the target flow resolves it: an API error through the new
  /// matchers (its field renamed when it names a renamed key), a local validation
  /// error at its renamed row. Nil, reported, when nothing resolves it any more.
  private mutating func resolved(_ resolution: Resolution, as what: String) -> Resolution? {
    guard var error = resolution.error else {
      let place = place(of: resolution)
      let found = place.row.map { migrator.has(RowRef(step: place.step, row: $0)) } ?? migrator.has(place.step)
      guard found else {
        changes.append(
          Change(
            .droppedOffer, resolution.target, "\(what): the \(place.row == nil ? "step" : "row") is not in \(version)"))
        return nil
      }
      return Resolution(step: place.step, row: place.row, message: resolution.message)
    }
    if let field = error.field { error.field = key(DataKey(field)).rawValue }
    // With the matchers of the call that answered it (every matcher when the
    // snapshot did not record the call), in the session's language.
    let locale = old.locale ?? target.defaultLocale
    guard
      let new = target.resolver.resolve(
        error, from: resolution.operation, messages: target.messages(for: locale),
        locale: locale == target.defaultLocale ? nil : locale)
    else {
      let of = resolution.operation.map { " for \($0)" } ?? ""
      changes.append(
        Change(.droppedOffer, resolution.target, "\(what): no error matcher of \(version)\(of) resolves \(error.code)"))
      return nil
    }
    if new.target != resolution.target {
      changes.append(
        Change(
          .reresolvedError, resolution.target,
          "-> \(new.target): \(what) (\(error.code)) re-resolved with the matchers of \(version)"))
    }
    return new
  }

  private mutating func migrateOffers(offeredAgain: Resolution?) {
    var offer: Offer?
    if let waiting = oldMode.offer, let resolution = resolved(waiting.resolution, as: "the offer") {
      let from = step(waiting.from)
      // The step it was offered on, while the navigation state still shows it.
      offer = Offer(resolution: resolution, from: result.navigation.steps.contains(from) ? from : result.navigation.top)
    }
    var queued: [Resolution] = []
    for waiting in oldMode.queued {
      if let resolution = resolved(waiting, as: "a queued error") { queued.append(resolution) }
    }
    if let offeredAgain {
      if offer == nil {
        offer = Offer(resolution: offeredAgain, from: result.navigation.top)
      } else {
        queued.insert(offeredAgain, at: 0)
      }
    }
    mode.offer = offer
    mode.queued = queued
  }

  // MARK: Routes, commands and calls

  /// A route in progress that names no renamed or removed step, on a navigation
  /// state that was not cut, whose commands the target can all still perform,
  /// goes on. Otherwise it is given up: the command the host is performing stays
  /// pending when the target still performs it (it leads to its step), and the
  /// route's error is returned, resolved again, to be offered again.
  private mutating func migrateDriver(navigationCut: Bool) -> Resolution? {
    let driver = oldMode.driver
    guard driver.state != .idle || driver.route != nil || driver.resolution != nil else { return nil }
    // A route is planned once: one whose commands the target can no longer
    // perform is given up rather than followed along edges the flow lost.
    let stops = navigationCut || !namesOnlyCurrentSteps(driver) ? nil : whyRouteStops(driver, on: result.navigation)
    if !navigationCut, namesOnlyCurrentSteps(driver), stops == nil { return nil }
    mode.driver = RouteDriver()
    guard driver.isDriving, case .awaiting(let expected, let pending, _) = driver.state else { return nil }
    let command = command(pending)
    let step = step(expected)
    if migrator.has(step), case .success(let next) = performing(command, on: result.navigation), next.top == step {
      mode.pending = CheckoutSession.PendingNavigation(command: command, expected: step)
    }
    let target = driver.route?.target ?? step
    let again = driver.resolution.flatMap { resolved($0, as: "the route's error") }
    let why =
      navigationCut ? "the navigation state was cut" : stops ?? "it names a step renamed or removed in \(version)"
    changes.append(
      Change(
        .droppedRoute, "to \(target)",
        "given up because \(why)\(again.map { "; \($0.target) is offered again" } ?? "")"))
    return again
  }

  /// Whether every step and row the driver names exists in the target under the same name.
  private func namesOnlyCurrentSteps(_ driver: RouteDriver) -> Bool {
    var steps: [StepID] = []
    switch driver.state {
    case .awaiting(let expected, let pending, let remaining):
      steps.append(expected)
      steps += ([pending] + remaining).compactMap(\.opened)
    case .arrived(let step): steps.append(step)
    case .idle, .cancelled: break
    }
    if let route = driver.route { steps += route.from.steps + [route.target] + route.commands.compactMap(\.opened) }
    let renamedAway = { (step: StepID) in renames.contains { $0.steps[step] != nil } }
    guard steps.allSatisfy({ migrator.has($0) && !renamedAway($0) }) else { return false }
    guard let resolution = driver.resolution else { return true }
    guard migrator.has(resolution.step), !renamedAway(resolution.step) else { return false }
    guard let row = resolution.row else { return true }
    let ref = RowRef(step: resolution.step, row: row)
    return migrator.has(ref) && !renames.contains { $0.rows[ref] != nil }
  }

  /// A command waiting for its step is kept while the target can perform it where
  /// the session now is (``performing(_:on:)``: the step is in the target, and the
  /// top step still opens it that way); otherwise it is dropped, or, for a placed
  /// order, re-pointed at the step the order's submit opens now. After a cut only a
  /// `reset` is kept: it replaces the whole stack.
  private mutating func migratePending(navigationCut: Bool) {
    guard let pending = oldMode.pending else { return }
    let command = command(pending.command)
    let expected = step(pending.expected)
    let replacesStack = if case .reset = command { true } else { false }
    let why: String?
    if navigationCut, !replacesStack {
      why = "the navigation state was cut"
    } else if !migrator.has(expected) {
      why = "\(expected) is not in \(version)"
    } else {
      switch performing(command, on: result.navigation) {
      case .failure(let unperformable): why = unperformable.reason
      case .success(let next):
        why = next.top == expected ? nil : "`\(command)` on \(result.navigation) shows \(next.top), not \(expected)"
      }
    }
    if let why {
      mode.pending = placedOrder(waiting: pending.command, on: result.navigation, because: why).map {
        CheckoutSession.PendingNavigation(command: $0.command, expected: $0.step)
      }
      return
    }
    var then = pending.then.map { self.command($0) }
    if let waiting = then, let after = try? result.navigation.applying(command) {
      let thenWhy: String? =
        if let opened = waiting.opened, !migrator.has(opened) {
          "\(opened) is not in \(version)"
        } else if case .failure(let unperformable) = performing(waiting, on: after) {
          unperformable.reason
        } else {
          nil
        }
      if let thenWhy, let old = pending.then {
        then = placedOrder(waiting: old, on: after, because: thenWhy)?.command
      }
    }
    mode.pending = CheckoutSession.PendingNavigation(command: command, expected: expected, then: then)
  }

  /// What becomes of `waiting`, a command of the snapshot (`reset confirmation`) the
  /// target cannot perform on `state` (`why`): for a placed order, the command that
  /// shows the step its submit opens now, when `state` does not show it already and
  /// the target can perform it there; otherwise nothing, the command dropped. Reported.
  private mutating func placedOrder(
    waiting: NavigationCommand, on state: NavigationState, because why: String
  ) -> Confirmation? {
    let shown = old.finished.flatMap { try? confirmation(of: $0).get() }
    guard let finished = old.finished, waiting.opened != nil, let shown, state.top != shown.step,
      case .success = performing(shown.command, on: state)
    else {
      let already = shown.flatMap { shown in
        state.top == shown.step
          ? " (the session shows \(shown.step), the step \(shown.operation)'s submit opens in \(version))" : nil
      }
      changes.append(Change(.droppedPending, waiting.description, why + (already ?? "")))
      return nil
    }
    changes.append(
      Change(
        .changedCall, finished.rawValue,
        "it placed the order, and `\(waiting)` waited to show it, but \(why); now `\(shown.command)` shows \(shown.step), the step its submit opens in \(version)"
      ))
    return shown
  }

  /// A call's step to open on success, renamed; when that step is gone, the step the
  /// operation's submit opens in the target flow. The idempotency key is kept: the
  /// call is the same call, and a host finishing it must not charge twice. Calls
  /// whose answer was lost (`unanswered`) are carried the same way.
  ///
  /// A call waiting on an action keeps waiting on it at the step the target's
  /// submit declares for the action (its old step, renamed, unless the action
  /// moved); when no submit declares it, or its step is one the session does not
  /// show (the action moved there, or the navigation state was cut below it), the
  /// call is cancelled (the next tap makes a new call). A
  /// call's digest is kept while the data it covers was carried unchanged; a
  /// renamed or removed key changes the body, so its retry is sent unchecked.
  private mutating func migrateCalls() {
    let dataChanged = Set(old.data.keys) != Set(result.data.keys)
    result.calls = old.calls.compactMap { call in
      let renamed = migrateReplaced(of: migrate(call))
      guard var moved = migrateAction(of: renamed) else {
        // Cancelled, as leaving the action's step cancels it: the shopper's values come back.
        for (name, value) in renamed.action?.replaced ?? [:] { result.data[name.rawValue] = value }
        return nil
      }
      if dataChanged { moved.digest = nil }
      return moved
    }
    result.unanswered = old.unanswered?.map { call in
      var moved = migrate(call)
      if dataChanged { moved.digest = nil }
      return moved
    }
  }

  private mutating func migrateAction(of call: APICall) -> APICall? {
    guard var action = call.action else { return call }
    var moved = call
    let renamed = step(action.step)
    let declared = target.flow.steps.lazy.flatMap(\.rows).compactMap { row -> StepID? in
      if case .submit(let submit) = row.action, submit.operation == call.operation {
        return submit.actions[action.name]
      }
      return nil
    }.first
    guard let declared else {
      changes.append(
        Change(
          .changedCall, call.operation.rawValue,
          "it waited on \(action.name) at \(action.step), which \(version) does not declare; the call is cancelled"))
      return nil
    }
    // A step the session neither shows nor is about to show: nothing could finish
    // the action there, and the first event would cancel it anyway, naming a step
    // never shown.
    let shown = result.navigation.steps.contains(declared) || mode.pending?.expected == declared
    if declared == renamed, !shown {
      changes.append(
        Change(
          .changedCall, call.operation.rawValue,
          "it waited on \(action.name) at \(declared), which the navigation state no longer shows (it was cut back to \(result.navigation)); the call is cancelled"
        ))
      return nil
    }
    if declared != renamed {
      guard shown else {
        changes.append(
          Change(
            .changedCall, call.operation.rawValue,
            "it waited on \(action.name) at \(action.step); in \(version) the action is done at \(declared), which the session does not show; the call is cancelled"
          ))
        return nil
      }
      changes.append(
        Change(
          .changedCall, call.operation.rawValue,
          "it waited on \(action.name) at \(action.step); in \(version) the action is done at \(declared)"))
    }
    action.step = declared
    moved.action = action
    return moved
  }

  /// The shopper's values a waiting action replaced follow their keys' renames; a
  /// key the target no longer holds is dropped, as its value is, and so is one it
  /// makes secret (never kept there).
  private func migrateReplaced(of call: APICall) -> APICall {
    guard var action = call.action, !action.replaced.isEmpty else { return call }
    var replaced: [DataKey: Value?] = [:]
    for (name, value) in action.replaced {
      let new = key(name)
      if migrator.holds(new), !target.masking.isSecret(new) { replaced.updateValue(value, forKey: new) }
    }
    action.replaced = replaced
    var moved = call
    moved.action = action
    return moved
  }

  private mutating func migrate(_ call: APICall) -> APICall {
    guard let then = call.then else { return call }
    var moved = call
    moved.then = step(then)
    guard let new = moved.then, !migrator.has(new) else { return moved }
    let opens =
      target.flow.steps.lazy.flatMap(\.rows).compactMap { row -> StepID?? in
        if case .submit(let submit) = row.action, submit.operation == call.operation { return .some(submit.then) }
        return nil
      }.first ?? nil
    changes.append(
      Change(
        .changedCall, call.operation.rawValue,
        "on success it opened \(then), which is not in \(version); now \(opens.map { "it opens \($0)" } ?? "it opens nothing")"
      ))
    moved.then = opens
    return moved
  }

  /// Each secret's generation follows its key's rename; a key the target no longer
  /// keeps secret loses its generation (restoring drops it anyway).
  private mutating func migrateSecretGenerations() {
    guard let generations = old.secretGenerations else { return }
    var moved: [String: Int] = [:]
    for (name, generation) in generations {
      let new = key(DataKey(name))
      guard target.masking.secretKeys.contains(new) else { continue }
      moved[new.rawValue] = max(moved[new.rawValue] ?? 0, generation)
    }
    result.secretGenerations = moved.isEmpty ? nil : moved
  }
}
