import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutSynthesis

extension StoryGenerator {
  /// One story per row condition (`visibleWhen`, `enabledWhen`): with the
  /// condition false, using the row is refused (hidden or disabled, with the
  /// reason); with it true, the row is used and what it leads to is checked.
  func conditionStories(names: inout StoryNames) -> (stories: [Story], unwritten: [String]) {
    var stories: [Story] = []
    var unwritten: [String] = []
    for step in flow.flow.steps {
      for row in step.rows {
        for (name, condition) in [("visibleWhen", row.visibleWhen), ("enabledWhen", row.enabledWhen)] {
          guard let condition else { continue }
          switch conditionStory(row, on: step, name: name, condition, names: &names) {
          case .success(let story): stories.append(story)
          case .failure(let block): unwritten.append("\(step.id).\(row.id) \(name): \(block.reason)")
          }
        }
      }
    }
    return (stories, unwritten)
  }

  private func conditionStory(
    _ row: Row, on step: Step, name: String, _ condition: Condition, names: inout StoryNames
  ) -> Result<Story, StoryBlock> {
    Result { () throws(StoryBlock) -> Story in
      var driver = StoryDriver(recorder: StoryRecorder(flow: flow, today: today), walker: walker, values: values)
      let text = ConditionText.describe(condition, flow: flow.flow)
      driver.recorder.comment("Walk to \(step.title) (\(step.id)).")
      try driver.go(to: step.id)
      driver.recorder.blank()
      driver.recorder.comment("\(name) (\(text)) does not hold: \(row.id) cannot be used.")
      if condition.holds(in: driver.data) {
        switch values.assignment(making: condition, hold: false, data: driver.data) {
        case .success(let assignment): try driver.set(assignment, because: "\(step.id).\(row.id) \(name) false")
        case .failure(let failure): throw StoryBlock(reason: "\(text) cannot be made false: \(failure)")
        }
      }
      guard !condition.holds(in: driver.data) else { throw StoryBlock(reason: "\(text) still holds") }
      if row.kind.takesValue {
        guard case .success(let value) = values.validValue(for: row, data: driver.data),
          ScenarioText.isWritable(value.displayText)
        else { throw StoryBlock(reason: "no value to try on \(row.id)") }
        try driver.recorder.runRefused(
          "set \(row.id) \(ScenarioText.word(value.displayText))", shown: "set \(row.id)")
      } else {
        try driver.recorder.runRefused("tap \(row.id)")
      }
      driver.recorder.blank()
      driver.recorder.comment("\(name) (\(text)) holds: \(row.id) can be used.")
      try driver.prepareRow(row, on: step)
      try driver.use(row, on: step)
      let summary =
        "Condition: \(step.id).\(row.id) \(name) (\(text)). While it does not hold, using the row is refused;"
        + " once it holds, the row is used and what it leads to is checked."
      return Story(
        name: names.unique("condition--\(step.id).\(row.id)--\(name)"), kind: .condition, summary: summary,
        lines: driver.recorder.lines)
    }
  }
}
