import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutSynthesis

/// Turns a flow into an executable test suite of every error story: for every step
/// where a submit can fail × every error matcher, a scenario that walks there with
/// every guard met, fails the call, follows the engine to the fix, enters a new
/// valid value and resubmits; a local-validation story per validated row × rule;
/// edge tours; a guard story per row that `requires` steps, a rules story per step
/// (each rule broken, each bound probed), a condition story per `visibleWhen` and
/// `enabledWhen`; and, for every pair that gets no story, the reason.
///
/// Each story is lived on a real session while it is written, so its expectations
/// are what the engine did, and replaying it (``StoryReplayer``) proves the text.
///
/// ```swift
/// let suite = StoryGenerator(flow: CompiledFlow(flow), today: today, seed: 1).generate()
/// suite.stories.count + suite.infeasible.count == suite.pairs.count + /* local, queued, tours */ …
/// ```
package struct StoryGenerator: Sendable {
  /// The flow.
  package let flow: CompiledFlow
  /// The session date (expiry values are relative to it).
  package let today: CalendarDate
  /// The seed for synthesised values.
  package let seed: UInt64
  /// How many moves one tour takes at most before a new one starts.
  package var movesPerTour = 40

  let walker: WalkPlanner
  let values: ValueSynthesizer

  /// Creates a generator.
  package init(flow: CompiledFlow, today: CalendarDate, seed: UInt64 = 1) {
    self.flow = flow
    self.today = today
    self.seed = seed
    walker = WalkPlanner(flow)
    values = ValueSynthesizer(flow: flow.flow, today: today, seed: seed, registry: flow.registry)
  }

  /// A failing step of the coverage matrix, with its submit row and the walk there.
  struct Origin {
    var step: StepID
    var row: RowID
    var submit: Submit
    /// The driver standing on the step with the submit ready, or why it cannot.
    var base: Result<StoryDriver, StoryBlock>
  }

  /// Every story and every infeasible pair.
  package func generate() -> StorySuite {
    let matrix = CoverageMatrix(flow.flow, planner: flow.planner)
    var names = StoryNames()
    var stories: [Story] = []
    var infeasible: [InfeasiblePair] = []
    var pairs: [StoryPair] = []
    let origins = matrix.origins.compactMap { origin($0) }
    var apiStories: [(origin: Int, matcher: Int, error: APIError)] = []
    for (originIndex, origin) in origins.enumerated() {
      for (index, matcher) in flow.flow.errors.enumerated() where matcher.applies(to: origin.submit.operation) {
        let pair = StoryPair(
          origin: origin.step, operation: origin.submit.operation, matcher: index,
          matcherText: ErrorCodeChooser.text(of: matcher),
          resolution: RowReference(step: matcher.step, row: matcher.row).description)
        pairs.append(pair)
        switch apiStory(origin, pair: pair, names: &names) {
        case .success(let (story, error)):
          stories.append(story)
          apiStories.append((originIndex, index, error))
        case .failure(let block):
          infeasible.append(InfeasiblePair(pair: pair, reason: block.reason))
        }
      }
    }
    if let story = queuedStory(origins, apiStories, names: &names) { stories.append(story) }
    let actions = actionStories(origins, names: &names)
    stories += actions.stories
    let local = localStories(origins, names: &names)
    stories += local.stories
    let tours = tourStories()
    stories += tours.stories
    let checks = [guardStories(names: &names), ruleStories(origins, names: &names), conditionStories(names: &names)]
    stories += checks.flatMap(\.stories)
    let locales = localeStories(matrix.origins, names: &names)
    stories += locales.stories
    var suite = StorySuite(
      flow: flow.flow.id, today: today, seed: seed, stories: stories, infeasible: infeasible, pairs: pairs,
      untoured: tours.untoured, unwritten: local.unwritten + checks.flatMap(\.unwritten))
    suite.unwrittenActions = actions.unwritten
    suite.unwrittenLocales = locales.unwritten
    return suite
  }

  // MARK: Origins

  /// A driver on a new session, in `locale` when one is given (its first line).
  func newDriver(locale: String? = nil) throws(StoryBlock) -> StoryDriver {
    var driver = StoryDriver(recorder: StoryRecorder(flow: flow, today: today), walker: walker, values: values)
    if let locale { try driver.recorder.run("locale \(locale)") }
    return driver
  }

  /// The origin's submit row, and the walk from the start to it with the submit
  /// ready (through earlier calls, each answered `ok` with what it provides).
  /// A story in `locale` starts with its `locale` line.
  func origin(_ origin: CoverageMatrix.Origin, locale: String? = nil) -> Origin? {
    guard let step = flow.step(origin.step), let row = step.row(origin.row), case .submit(let submit)? = row.action
    else { return nil }
    let base = Result { () throws(StoryBlock) -> StoryDriver in
      var driver = try newDriver(locale: locale)
      guard let state = origin.state else { throw StoryBlock(reason: unreachable(origin.step)) }
      let through =
        origin.calls.isEmpty ? "" : " through \(origin.calls.map(\.rawValue).joined(separator: ", ")) (answered ok)"
      driver.recorder.comment(
        "Walk to \(step.title) (\(step.id))\(through), entering what its guards and \(submit.operation) need.")
      try driver.go(toState: state)
      try driver.prepareSubmit(row.id)
      try driver.recorder.expectStack()
      driver.recorder.blank()
      return driver
    }
    return Origin(step: step.id, row: row.id, submit: submit, base: base)
  }

  /// Why no walk reaches a step: no edge (nor a call's success) leads there, or
  /// each way passes a row no session can use (its guard can never hold, in the words lint uses).
  private func unreachable(_ step: StepID) -> String {
    let start = NavigationState(root: flow.flow.start)
    let general = "\(step) cannot be reached from the start (\(flow.flow.start))"
    guard case .success = flow.planner.planThroughCalls(from: start, to: step) else { return general }
    let analysis = ConditionSatisfiability(flow.flow)
    let neverComplete = analysis.neverCompleteSteps(of: flow.flow)
    // A row leads somewhere when it opens a step, or its call's success does.
    func leads(_ row: Row) -> Bool {
      if case .submit(let submit)? = row.action { return submit.then != nil }
      return row.opens != nil
    }
    var reasons: [String] = []
    for source in flow.flow.steps {
      for row in source.rows
      where leads(row) && !analysis.canUse(row, on: source.id, in: flow.flow, neverComplete: neverComplete) {
        for (name, condition) in [("visibleWhen", row.visibleWhen), ("enabledWhen", row.enabledWhen)] {
          guard let condition, !analysis.canHold(condition) else { continue }
          reasons.append(
            "\(source.id).\(row.id) \(name) \(ConditionText.describe(condition, flow: flow.flow)) can never hold: \(analysis.reason(condition))"
          )
        }
        for required in row.requires where neverComplete[required] != nil {
          reasons.append("\(source.id).\(row.id) requires \(required), which can never be complete")
        }
        if case .submit(let submit)? = row.action, let block = analysis.submitBlock(row, on: source.id, in: flow.flow) {
          reasons.append("\(source.id).\(row.id) never calls \(submit.operation): \(block)")
        }
      }
    }
    return reasons.isEmpty
      ? general : "\(general): every way there passes a row no session can use: " + reasons.joined(separator: "; ")
  }

  // MARK: API error stories

  private func apiStory(_ origin: Origin, pair: StoryPair, names: inout StoryNames) -> Result<
    (Story, APIError), StoryBlock
  > {
    Result { () throws(StoryBlock) -> (Story, APIError) in
      var driver = try origin.base.get()
      var error = try ErrorCodeChooser(flow.flow).error(forMatcherAt: pair.matcher, from: pair.operation).get()
      error.message = Self.apiMessage(error.code)
      try meetRouteGuards(to: flow.flow.errors[pair.matcher].step, &driver)
      try showRow(of: pair.matcher, before: origin, &driver)
      driver.recorder.comment("The API fails \(origin.submit.operation) with \(error.code).")
      try driver.recorder.run("api \(origin.submit.operation) fail \(ErrorCodeChooser.scripted(error))")
      try driver.recorder.run("tap \(origin.row)")
      try resolveOffers(&driver)
      try finish(&driver, origin)
      let matcher = flow.flow.errors[pair.matcher]
      let name = names.unique("\(origin.step)--\(Self.codeName(error, matcher))")
      let summary =
        "\(origin.submit.operation) on \(origin.step) fails with \(error.code)"
        + (error.field.map { " (field \($0))" } ?? "")
        + ": matcher \(pair.matcher + 1) (\(pair.matcherText)) sends it to \(pair.resolution); the shopper accepts the offer,"
        + " the engine routes there, the shopper enters a new value, and \(origin.submit.operation) goes through."
      return (Story(name: name, kind: .apiError, summary: summary, pair: pair, lines: driver.recorder.lines), error)
    }
  }

  /// Makes the matcher's row show when its `visibleWhen` hides it now (the engine
  /// offers an error on a hidden row's step, where the shopper sees it): the shopper
  /// shows it first, and completes again what the submit checks (the rows it
  /// brings, such as a billing address).
  func showRow(of matcher: Int, before origin: Origin, _ driver: inout StoryDriver) throws(StoryBlock) {
    let place = flow.flow.errors[matcher]
    guard let rowID = place.row, let step = flow.step(place.step), let row = step.row(rowID),
      let condition = row.visibleWhen, !condition.holds(in: driver.data)
    else { return }
    driver.recorder.comment(
      "\(step.id).\(rowID) shows when \(ConditionText.describe(condition, flow: flow.flow)): the shopper makes it show, so the error is seen on it."
    )
    try driver.prepareRow(row, on: step)
    try driver.prepareSubmit(origin.row)
  }

  /// Opens the rows that close every route from here to `target`, so the engine can
  /// route there when the error comes (a shopper who did so earlier): completes the
  /// steps their `requires` names, and makes their `visibleWhen` and `enabledWhen`
  /// hold. Opening one row may leave another on the next shortest route: a few rounds.
  func meetRouteGuards(to target: StepID, _ driver: inout StoryDriver) throws(StoryBlock) {
    for _ in 0..<4 {
      let session = driver.session
      guard
        case .failure(let noRoute) = flow.planner.plan(
          from: session.navigation, to: target, guards: session.completeness.routeGuards),
        case .guarded(let blocked) = noRoute.reason
      else { return }
      var missing: [StepID] = []
      for row in blocked { for step in row.missing where !missing.contains(step) { missing.append(step) } }
      let closed = blocked.filter { $0.closedBy != nil }
      let todo =
        (missing.isEmpty ? [] : ["complete \(missing.map(\.rawValue).joined(separator: ", "))"])
        + closed.map { "open \($0.step).\($0.row)" }
      let what = todo.joined(separator: " and ")
      driver.recorder.comment(
        "Every route to \(target) passes a guard: \(noRoute.description.replacingOccurrences(of: "no route to \(target): ", with: "")). \(what.prefix(1).uppercased() + what.dropFirst()) first."
      )
      try driver.complete(missing, because: "the route to \(target) needs")
      for row in closed {
        guard let step = flow.step(row.step), let found = step.row(row.row) else { continue }
        try driver.prepareRow(found, on: step)
      }
      try driver.recorder.expectStack()
    }
  }

  /// Answers every offer: accept, the route, the arrival, the focus and the error,
  /// then a new valid value on the focused row (which offers the next queued error).
  func resolveOffers(_ driver: inout StoryDriver) throws(StoryBlock) {
    var answered = 0
    while let offer = driver.session.offer, answered < 10 {
      answered += 1
      let target = offer.resolution.target
      try driver.recorder.run("expect offer \(target)")
      try driver.recorder.run("accept")
      let effects = driver.recorder.lastEffects
      if let route = driver.session.route {
        try driver.recorder.run("expect route \(route.commands.isEmpty ? "none" : route.description)")
      }
      guard effects.contains(where: { $0.kind == .focus }) else {
        let reason =
          effects.compactMap { effect -> String? in
            if case .routeCancelled(let reason) = effect { return reason }
            return nil
          }.first ?? "the engine did not arrive"
        throw StoryBlock(reason: "no route from \(offer.from) to \(target): \(reason)")
      }
      try driver.recorder.expectStack()
      guard let rowID = offer.resolution.row else {
        try driver.recorder.run("expect effect focus \(offer.resolution.step)")
        continue
      }
      // A row its visibleWhen hides shows neither the focus nor the error (the
      // engine routes to it all the same): the shopper makes it show first.
      if let step = driver.session.currentStep, let row = step.row(rowID), driver.session.screen.row(rowID) == nil {
        let condition = row.visibleWhen.map { " (it shows when \(ConditionText.describe($0, flow: flow.flow)))" } ?? ""
        driver.recorder.comment("\(rowID) is hidden\(condition): the shopper makes it show to see the error.")
        try driver.prepareRow(row, on: step)
      }
      try driver.recorder.run("expect focus \(rowID)")
      let top = driver.session.navigation.top
      if let message = driver.session.rowErrors[CheckoutSession.RowRef(step: top, row: rowID)] {
        try driver.recorder.run("expect error \(rowID) \(ScenarioText.quoted(message))")
      }
      guard let step = driver.session.currentStep, let row = step.row(rowID), row.kind.takesValue, let key = row.bind
      else {
        driver.recorder.comment("\(rowID) takes no value: nothing to change before sending again.")
        continue
      }
      try driver.prepareRow(row, on: step)
      let failing = driver.data[key].map { [$0] } ?? []
      switch values.validValue(for: row, data: driver.data, avoiding: failing) {
      case .success(let value) where !failing.contains(where: { $0.displayText == value.displayText }):
        try driver.set(row, to: value, on: step, note: "a new valid value")
      case .success, .failure:
        driver.recorder.comment("\(rowID) has no other valid value: it is sent again as it is.")
      }
    }
  }

  /// `api OP ok`, the walk back to the submit, the submit again, and where it opens.
  func finish(_ driver: inout StoryDriver, _ origin: Origin, queueSuccess: Bool = true) throws(StoryBlock) {
    driver.recorder.blank()
    if queueSuccess { try driver.recorder.run("api \(origin.submit.operation) ok") }
    try driver.go(to: origin.step)
    try driver.prepareSubmit(origin.row)
    try driver.recorder.run("tap \(origin.row)")
    if let offer = driver.session.offer {
      throw StoryBlock(reason: "sending \(origin.submit.operation) again is stopped: \(offer.resolution)")
    }
    if let then = origin.submit.then {
      try driver.recorder.run("expect at \(then)")
    } else {
      try driver.recorder.expectStack()
    }
  }

  // MARK: Several errors in one response

  /// One story: two errors with different resolutions in one response; the second
  /// waits in the queue until the first is fixed.
  private func queuedStory(
    _ origins: [Origin], _ apiStories: [(origin: Int, matcher: Int, error: APIError)], names: inout StoryNames
  ) -> Story? {
    let valueRows = apiStories.filter { entry in
      let matcher = flow.flow.errors[entry.matcher]
      guard let row = matcher.row, let found = flow.step(matcher.step)?.row(row) else { return false }
      return found.kind.takesValue
    }
    // Two resolutions on different steps read best (the second route starts where
    // the first ended); two rows of one step do when the flow has no such pair.
    let candidates = valueRows.flatMap { first in
      valueRows.filter { $0.origin == first.origin && $0.matcher > first.matcher }.map { (first: first, second: $0) }
    }.filter {
      flow.flow.errors[$0.first.matcher].row != flow.flow.errors[$0.second.matcher].row
        || flow.flow.errors[$0.first.matcher].step != flow.flow.errors[$0.second.matcher].step
    }
    let ordered =
      candidates.filter { flow.flow.errors[$0.first.matcher].step != flow.flow.errors[$0.second.matcher].step }
      + candidates.filter { flow.flow.errors[$0.first.matcher].step == flow.flow.errors[$0.second.matcher].step }
    for (first, second) in ordered.prefix(20) {
      let origin = origins[first.origin]
      let story = Result { () throws(StoryBlock) -> Story in
        var driver = try origin.base.get()
        var errors = [first.error, second.error]
        for index in errors.indices { errors[index].message = Self.apiMessage(errors[index].code) }
        for entry in [first, second] { try meetRouteGuards(to: flow.flow.errors[entry.matcher].step, &driver) }
        driver.recorder.comment(
          "One response with two errors: the first is offered, the second waits until the first is fixed.")
        try driver.recorder.run(
          "api \(origin.submit.operation) fail " + errors.map(ErrorCodeChooser.scripted).joined(separator: " ; "))
        try driver.recorder.run("tap \(origin.row)")
        try resolveOffers(&driver)
        try finish(&driver, origin)
        let name = names.unique("queued--\(origin.step)--\(errors[0].code)--\(errors[1].code)")
        let summary =
          "\(origin.submit.operation) on \(origin.step) fails with \(errors[0].code) and \(errors[1].code) in one response:"
          + " the engine offers the first, queues the second, offers it once the first is fixed, and the order goes through."
        return Story(name: name, kind: .queuedErrors, summary: summary, lines: driver.recorder.lines)
      }
      if case .success(let story) = story { return story }
    }
    return nil
  }

  // MARK: Helpers

  /// The message the scripted API gives (a matcher's own message replaces it).
  static func apiMessage(_ code: String) -> String {
    "The checkout API says: " + code.replacingOccurrences(of: "_", with: " ") + "."
  }

  /// The part of a file name that names the error: the code, and the field if any.
  static func codeName(_ error: APIError, _ matcher: ErrorMatcher) -> String {
    guard let field = error.field else { return error.code }
    return matcher.code == nil ? "field-\(field)" : "\(error.code)--field-\(field)"
  }
}

/// File names, made safe and unique (`-2`, `-3` on a repeat).
struct StoryNames {
  private var used: Set<String> = []

  mutating func unique(_ name: String) -> String {
    let safe = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    var candidate = safe
    var number = 2
    while used.contains(candidate.lowercased()) {
      candidate = "\(safe)-\(number)"
      number += 1
    }
    used.insert(candidate.lowercased())
    return candidate
  }
}
