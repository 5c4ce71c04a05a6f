import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutSynthesis

extension StoryGenerator {
  /// One story per validated row × rule: a value that breaks the rule, the submit,
  /// the offer and route to the row before any API call, the fix, the success.
  /// A row is validated by the first submit (in flow order) that checks its step.
  func localStories(_ origins: [Origin], names: inout StoryNames) -> (stories: [Story], unwritten: [String]) {
    var stories: [Story] = []
    var unwritten: [String] = []
    var done: Set<String> = []
    for origin in origins {
      guard case .success(let base) = origin.base else { continue }
      for stepID in origin.submit.validates ?? base.session.navigation.steps {
        guard let step = flow.step(stepID) else { continue }
        for row in step.rows where row.kind.takesValue && row.bind != nil && !row.rules.isEmpty {
          let invalid = values.invalidValues(for: row, data: base.data)
          for (ruleIndex, rule) in row.rules.enumerated() {
            let ref = "\(step.id).\(row.id)#\(ruleIndex)"
            guard !done.contains(ref), let value = invalid.first(where: { $0.rule == rule }) else { continue }
            done.insert(ref)
            switch localStory(origin, base: base, step: step, row: row, invalid: value, names: &names) {
            case .success(let story): stories.append(story)
            case .failure(let block): unwritten.append("\(step.id).\(row.id) × \(rule.kind.name): \(block.reason)")
            }
          }
        }
      }
    }
    return (stories, unwritten)
  }

  /// The story for one row × rule: the shopper enters the value on the row's step
  /// and walks back to the submit; when a guard keeps them from walking back with
  /// it, the host sets the key instead (as an app restoring saved data would).
  private func localStory(
    _ origin: Origin, base: StoryDriver, step: Step, row: Row, invalid: InvalidValue, names: inout StoryNames
  ) -> Result<Story, StoryBlock> {
    guard let key = row.bind else { return .failure(StoryBlock(reason: "the row binds no key")) }
    let text = invalid.value.displayText
    guard ScenarioText.isWritable(text) else {
      return .failure(StoryBlock(reason: "the invalid value has a line break, which a scenario cannot write"))
    }
    let byShopper = Result { () throws(StoryBlock) -> StoryDriver in
      var driver = base
      driver.recorder.comment(
        "The shopper enters a value that breaks \(invalid.rule.kind.name) on \(step.id).\(row.id).")
      try driver.go(to: step.id)
      try driver.prepareRow(row, on: step)
      try driver.recorder.run("set \(row.id) \(ScenarioText.word(text))", shown: "set \(row.id)")
      try driver.recorder.run("expect invalid \(row.id)")
      // Back to the submit without fixing anything on the way: a guard that needs
      // the row valid refuses the walk, and the host sets the key instead.
      driver.meetsGuards = false
      try driver.go(to: origin.step)
      driver.meetsGuards = true
      return driver
    }
    let prepared: Result<StoryDriver, StoryBlock>
    if case .success = byShopper {
      prepared = byShopper
    } else {
      prepared = Result { () throws(StoryBlock) -> StoryDriver in
        var driver = base
        // A hidden row is shown first (by the shopper, on its step), so its rules count.
        try driver.prepareRow(row, on: step)
        driver.recorder.comment(
          "The host sets \(key) to a value that breaks \(invalid.rule.kind.name) (a shopper who typed it could not get back here)."
        )
        try driver.recorder.run("set \(key) \(ScenarioText.word(text))", shown: "set \(key)")
        return driver
      }
    }
    return Result { () throws(StoryBlock) -> Story in
      var driver = try prepared.get()
      try meetRouteGuards(to: step.id, &driver)
      try driver.recorder.run(
        "api \(origin.submit.operation) ok", note: "queued, but local validation comes first: no call is made")
      try driver.recorder.run("tap \(origin.row)")
      guard driver.session.offer?.resolution.target == "\(step.id).\(row.id)" else {
        throw StoryBlock(reason: "\(origin.row) did not offer \(step.id).\(row.id)")
      }
      try driver.recorder.run("expect effect offer \(step.id).\(row.id)")
      try resolveOffers(&driver)
      try finish(&driver, origin, queueSuccess: false)
      let name = names.unique("local--\(step.id).\(row.id)--\(invalid.rule.kind.name)")
      let summary =
        "Local validation: \(step.id).\(row.id) breaks its \(invalid.rule.kind.name) rule, so \(origin.row) on \(origin.step)"
        + " makes no call; the engine offers the row, routes there, the shopper fixes it and \(origin.submit.operation) goes through."
      return Story(name: name, kind: .localValidation, summary: summary, lines: driver.recorder.lines)
    }
  }
}
