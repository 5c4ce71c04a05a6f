import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutSynthesis

/// Drives a story's session as a shopper would: walks between steps by tapping rows
/// and pressing back, and meets every guard on the way (fills the steps a row
/// `requires`, sets the keys a `visibleWhen`/`enabledWhen` needs) with values from
/// the synthesiser, each set on the step where its row is, by row id.
struct StoryDriver: Sendable {
  var recorder: StoryRecorder
  let walker: WalkPlanner
  let values: ValueSynthesizer
  /// Write `expect stack` after every move (edge tours do).
  var expectStackAfterMoves = false
  /// Meet each move's guards before taking it; off, a guard that is not met refuses the move.
  var meetsGuards = true
  /// How deep detours may nest (a detour's walk may need a detour of its own).
  private var depth = 0
  private static let depthLimit = 6

  init(recorder: StoryRecorder, walker: WalkPlanner, values: ValueSynthesizer) {
    self.recorder = recorder
    self.walker = walker
    self.values = values
  }

  var session: CheckoutSession { recorder.session }
  private var flow: CompiledFlow { session.compiled }

  // MARK: Walking

  /// Walks to the nearest state with `step` on top.
  mutating func go(to step: StepID) throws(StoryBlock) {
    try go(describing: "\(step)") { $0.top == step }
  }

  /// Walks to exactly this state.
  mutating func go(toState state: NavigationState) throws(StoryBlock) {
    try go(describing: "\(state)") { $0 == state }
  }

  private mutating func go(describing goal: String, _ isGoal: (NavigationState) -> Bool) throws(StoryBlock) {
    guard let walk = walker.walk(from: session.navigation, to: isGoal) else {
      throw StoryBlock(reason: "no walk leads from \(session.navigation) to \(goal)")
    }
    for edge in walk { try take(edge.move) }
  }

  /// Takes one move, meeting its row's guards first.
  mutating func take(_ move: WalkPlanner.Move) throws(StoryBlock) {
    switch move {
    case .open(let row), .close(let row):
      if meetsGuards { try prepareTap(row) }
      try recorder.run("tap \(row)")
    case .back:
      try recorder.run("back")
    case .submit(let row, let operation):
      if meetsGuards { try prepareSubmit(row) }
      let submit: Submit? =
        if case .submit(let submit)? = session.currentStep?.row(row)?.action { submit } else { nil }
      try recorder.run(submit.map(Self.okAnswer) ?? "api \(operation) ok")
      try recorder.run("tap \(row)")
    }
    if expectStackAfterMoves { try recorder.expectStack() }
  }

  /// `api OP ok key=VALUE…`: a success with a made-up value for each key the
  /// operation provides, named after the key (`hold.reference` -> `HOLD-REFERENCE-1`).
  static func okAnswer(_ submit: Submit) -> String {
    "api \(submit.operation) ok"
      + submit.provides.map { key in
        " \(key)=" + key.rawValue.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined() + "-1"
      }.joined()
  }

  // MARK: Guards

  /// Makes a row of the step on screen visible and enabled: conditions are met by
  /// setting keys, `requires` by completing the steps.
  mutating func prepareTap(_ rowID: RowID) throws(StoryBlock) {
    guard let step = session.currentStep, let row = step.row(rowID) else {
      throw StoryBlock(reason: "\(session.navigation.top) has no row \(rowID)")
    }
    try prepareRow(row, on: step)
    try complete(row.requires, because: "\(step.id).\(row.id) requires")
  }

  /// Makes a row visible and enabled by meeting its conditions.
  mutating func prepareRow(_ row: Row, on step: Step) throws(StoryBlock) {
    for (name, condition) in [("visibleWhen", row.visibleWhen), ("enabledWhen", row.enabledWhen)] {
      guard let condition, !condition.holds(in: data) else { continue }
      let reason = "\(step.id).\(row.id) \(name) \(ConditionText.describe(condition, flow: flow.flow))"
      switch values.assignment(making: condition, hold: true, data: data) {
      case .success(let assignment): try set(assignment, because: reason)
      case .failure(let failure): throw StoryBlock(reason: "\(reason) can never hold: \(failure)")
      }
    }
  }

  /// Makes a submit row usable, and every step it validates complete, so the call is made.
  mutating func prepareSubmit(_ rowID: RowID) throws(StoryBlock) {
    guard let step = session.currentStep, let row = step.row(rowID), case .submit(let submit)? = row.action else {
      return try prepareTap(rowID)
    }
    // A guard only values its checks refuse meet: lint's reason, not a refused tap's.
    if row.visibleWhen != nil || row.enabledWhen != nil,
      let block = ConditionSatisfiability(flow.flow).submitBlock(row, on: step.id, in: flow.flow)
    {
      throw StoryBlock(reason: "\(step.id).\(row.id) never calls \(submit.operation): \(block)")
    }
    try prepareRow(row, on: step)
    let needed = row.requires + (submit.validates ?? session.navigation.steps).filter { !row.requires.contains($0) }
    try complete(needed, because: "\(step.id).\(row.id) requires or validates")
  }

  /// Completes steps in one trip: the step on screen first, then each other one in
  /// order (walking there, filling each row that fails its rules, meeting its
  /// completion checks), then back to where the shopper was.
  mutating func complete(_ steps: [StepID], because reason: String) throws(StoryBlock) {
    var incomplete = steps.filter { !session.completeness.isComplete($0) }
    guard !incomplete.isEmpty else { return }
    if let here = incomplete.firstIndex(of: session.navigation.top) {
      incomplete.insert(incomplete.remove(at: here), at: 0)
    }
    try detour(reason) { (driver: inout StoryDriver) throws(StoryBlock) in
      for stepID in incomplete where !driver.session.completeness.isComplete(stepID) {
        if driver.session.navigation.top != stepID { try driver.go(to: stepID) }
        try driver.fillCurrentStep()
        guard let step = driver.flow.step(stepID) else { continue }
        let problems = driver.session.completeness.problems(of: step)
        if !problems.isEmpty {
          throw StoryBlock(
            reason: "\(reason) \(stepID) complete, but it stays incomplete: \(problems.joined(separator: "; "))")
        }
      }
    }
  }

  /// Fills every visible, enabled value row of the step on screen that fails its
  /// rules, and meets the step's completion checks.
  mutating func fillCurrentStep() throws(StoryBlock) {
    guard let step = session.currentStep else { return }
    // Setting a row may show others (a toggle revealing billing rows): a few passes.
    for _ in 0..<3 {
      var changed = false
      for row in step.rows where row.kind.takesValue && row.bind != nil {
        guard StepCompleteness.isVisible(row, data), StepCompleteness.isEnabled(row, data) else { continue }
        guard
          session.rules.firstFailure(
            of: row.rules, value: row.bind.flatMap { data[$0] }, title: row.title, remember: false) != nil
        else { continue }
        try setValid(row, on: step)
        changed = true
      }
      for check in step.complete where !check.when.holds(in: data) {
        let reason = "\(step.id) is complete only when \(ConditionText.describe(check.when, flow: flow.flow))"
        switch values.assignment(making: check.when, hold: true, data: data) {
        case .success(let assignment): try set(assignment, because: reason)
        case .failure(let failure): throw StoryBlock(reason: "\(reason), which can never hold: \(failure)")
        }
        changed = true
      }
      if !changed { return }
    }
  }

  /// Sets a valid value, different from `avoiding`, on a row of the step on screen.
  mutating func setValid(_ row: Row, on step: Step, avoiding: [Value] = []) throws(StoryBlock) {
    switch values.validValue(for: row, data: data, avoiding: avoiding) {
    case .success(let value): try set(row, to: value, on: step)
    case .failure(let failure):
      throw StoryBlock(
        reason: "no value satisfies the rules of \(step.id).\(row.id) (\(Self.ruleNames(row))): \(failure)")
    }
  }

  /// `set ROW VALUE` on the step on screen.
  mutating func set(_ row: Row, to value: Value, on step: Step, note: String? = nil) throws(StoryBlock) {
    let text = value.displayText
    guard ScenarioText.isWritable(text) else {
      throw StoryBlock(reason: "the value for \(step.id).\(row.id) has a line break, which a scenario cannot write")
    }
    try recorder.run("set \(row.id) \(ScenarioText.word(text))", shown: "set \(row.id)", note: note)
  }

  /// Sets keys through the rows that bind them (walking to each row's step and back).
  mutating func set(_ assignment: [DataKey: Value], because reason: String) throws(StoryBlock) {
    for (key, value) in assignment.sorted(by: { $0.key < $1.key }) {
      if let current = data[key], current == value || current.displayText == value.displayText { continue }
      guard let (stepID, row) = binding(key) else {
        throw StoryBlock(reason: "\(reason): it needs \(key), but no row sets \(key)")
      }
      try detour(reason) { (driver: inout StoryDriver) throws(StoryBlock) in
        if driver.session.navigation.top != stepID { try driver.go(to: stepID) }
        guard let step = driver.session.currentStep else { return }
        try driver.prepareRow(row, on: step)
        try driver.set(row, to: value, on: step)
      }
    }
  }

  /// The row that binds a key: on the step on screen first, then in flow order.
  private func binding(_ key: DataKey) -> (StepID, Row)? {
    if let step = session.currentStep, let row = step.rows.first(where: { $0.bind == key && $0.kind.takesValue }) {
      return (step.id, row)
    }
    for step in flow.flow.steps {
      if let row = step.rows.first(where: { $0.bind == key && $0.kind.takesValue }) { return (step.id, row) }
    }
    return nil
  }

  /// Runs `body` and walks back to the state the shopper was in.
  private mutating func detour(_ reason: String, _ body: (inout StoryDriver) throws(StoryBlock) -> Void)
    throws(StoryBlock)
  {
    guard depth < Self.depthLimit else {
      throw StoryBlock(reason: "\(reason): guards nest more than \(Self.depthLimit) deep")
    }
    let home = session.navigation
    depth += 1
    defer { depth -= 1 }
    try body(&self)
    if session.navigation != home { try go(toState: home) }
  }

  /// The session data, secrets included (values are compared, never printed).
  var data: [DataKey: Value] { session.data }

  static func ruleNames(_ row: Row) -> String {
    row.rules.isEmpty ? "no rules" : row.rules.map(\.kind.name).joined(separator: ", ")
  }
}
