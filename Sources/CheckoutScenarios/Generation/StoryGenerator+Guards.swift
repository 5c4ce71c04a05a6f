import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutSynthesis

extension StoryGenerator {
  /// One story per row that `requires` steps: the shopper taps it while the steps
  /// are incomplete and the session refuses with its reason; then each step is
  /// completed in turn and the row tapped again (refused while one is left), until
  /// the tap goes through.
  func guardStories(names: inout StoryNames) -> (stories: [Story], unwritten: [String]) {
    var stories: [Story] = []
    var unwritten: [String] = []
    for step in flow.flow.steps {
      for row in step.rows where !row.requires.isEmpty {
        switch guardStory(row, on: step, names: &names) {
        case .success(let story): stories.append(story)
        case .failure(let block): unwritten.append("\(step.id).\(row.id) requires: \(block.reason)")
        }
      }
    }
    return (stories, unwritten)
  }

  private func guardStory(_ row: Row, on step: Step, names: inout StoryNames) -> Result<Story, StoryBlock> {
    Result { () throws(StoryBlock) -> Story in
      var driver = StoryDriver(recorder: StoryRecorder(flow: flow, today: today), walker: walker, values: values)
      driver.recorder.comment("Walk to \(step.title) (\(step.id)).")
      try driver.go(to: step.id)
      try driver.prepareRow(row, on: step)
      let incomplete = row.requires.filter { !driver.session.completeness.isComplete($0) }
      guard !incomplete.isEmpty else {
        throw StoryBlock(reason: "every step it requires is complete on the way there")
      }
      driver.recorder.blank()
      for (index, required) in incomplete.enumerated() {
        let left = incomplete[index...].map(\.rawValue).joined(separator: ", ")
        driver.recorder.comment("\(left) not complete yet: \(row.id) is refused, with the reason.")
        try driver.recorder.runRefused("tap \(row.id)")
        driver.recorder.comment("Complete \(required).")
        try driver.complete([required], because: "\(step.id).\(row.id) requires")
        try driver.recorder.expectStack()
      }
      driver.recorder.comment("Every step \(row.id) requires is complete: the tap goes through.")
      try driver.use(row, on: step)
      let summary =
        "Guard: \(step.id).\(row.id) requires \(row.requires.map(\.rawValue).joined(separator: ", ")). Tapped while"
        + " \(incomplete.map(\.rawValue).joined(separator: ", ")) \(incomplete.count == 1 ? "is" : "are") incomplete,"
        + " it is refused with the reason; each is completed in turn, and the last tap goes through."
      return Story(
        name: names.unique("guard--\(step.id).\(row.id)"), kind: .guardRefusal, summary: summary,
        lines: driver.recorder.lines)
    }
  }
}

extension StoryDriver {
  /// Uses a row of the step on screen as a shopper would, and checks where that
  /// leads: a value row gets a valid value (`expect valid`); a row that opens or
  /// closes is tapped (`expect stack`); a submit is answered `ok` and tapped.
  mutating func use(_ row: Row, on step: Step) throws(StoryBlock) {
    if row.kind.takesValue {
      try setValid(row, on: step)
      return try recorder.run("expect valid \(row.id)")
    }
    switch row.action {
    case .submit(let submit)?:
      try prepareSubmit(row.id)
      try recorder.run(Self.okAnswer(submit))
      try recorder.run("tap \(row.id)")
    case .opens?, .close?:
      try prepareTap(row.id)
      try recorder.run("tap \(row.id)")
    case .resume?, nil:
      throw StoryBlock(reason: "\(step.id).\(row.id) has nothing a shopper can do with it here")
    }
    try recorder.expectStack()
  }
}
