import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

extension StoryGenerator {
  /// What the action stories of one submit × action share: the origin, the action
  /// and the step where it is done, with its `resume` row.
  struct ActionPlace {
    var origin: Origin
    var action: ActionName
    var step: Step
    var resume: RowID

    /// `checkout.pay three_d_secure`, for the reasons a story could not be written.
    var subject: String { "\(origin.step).\(origin.row) \(origin.submit.operation) \(action)" }
  }

  /// Stories for every action every submit declares (``Submit/actions``): the
  /// shopper completes it and the call succeeds; completes it and the call fails
  /// with each error its operation's matchers take (routed as usual, fixed, and a
  /// new call goes through); leaves the action step, which cancels the call, and a
  /// new call succeeds. Each one walks to the submit as the error stories do.
  /// The second list says which stories could not be written, and why.
  func actionStories(_ origins: [Origin], names: inout StoryNames) -> (stories: [Story], unwritten: [String]) {
    var stories: [Story] = []
    var unwritten: [String] = []
    for origin in origins {
      for (action, stepID) in origin.submit.actions.sorted(by: { $0.key < $1.key }) {
        guard let step = flow.step(stepID) else { continue }
        guard let resume = step.rows.first(where: { $0.action == .resume }) else {
          unwritten.append("\(origin.step).\(origin.row) \(action): \(stepID) has no resume row")
          continue
        }
        let place = ActionPlace(origin: origin, action: action, step: step, resume: resume.id)
        var results: [(String, Result<Story, StoryBlock>)] = [
          ("completed", completedStory(place, names: &names))
        ]
        for (index, matcher) in flow.flow.errors.enumerated() where matcher.applies(to: origin.submit.operation) {
          // A matcher no error reaches has no story of its own either: its pair says why.
          guard
            case .success(var error) = ErrorCodeChooser(flow.flow).error(
              forMatcherAt: index, from: origin.submit.operation)
          else { continue }
          error.message = Self.apiMessage(error.code)
          results.append(
            ("completed, then \(error.code)", failedStory(place, error: error, matcher: index, names: &names)))
        }
        results.append(("cancelled", cancelledStory(place, names: &names)))
        for (what, result) in results {
          switch result {
          case .success(let story): stories.append(story)
          case .failure(let block): unwritten.append("\(place.subject) \(what): \(block.reason)")
          }
        }
      }
    }
    return (stories, unwritten)
  }

  /// The shopper completes the action and the continuation succeeds.
  private func completedStory(_ place: ActionPlace, names: inout StoryNames) -> Result<Story, StoryBlock> {
    Result { () throws(StoryBlock) -> Story in
      let operation = place.origin.submit.operation
      var driver = try askForAction(place)
      driver.recorder.comment("The shopper completes \(place.action); the same call goes on and succeeds.")
      try driver.recorder.run(StoryDriver.okAnswer(place.origin.submit))
      try completeAction(place, &driver)
      try expectArrival(place.origin, &driver)
      let summary =
        "\(operation) on \(place.origin.step) asks for \(place.action): the call stays open, \(place.step.id) opens at once,"
        + " the shopper completes it with \(place.resume), the same call goes on and succeeds."
      return Story(
        name: names.unique("action--\(place.origin.step)--\(place.action)--completed"), kind: .action,
        summary: summary, lines: driver.recorder.lines)
    }
  }

  /// The shopper completes the action and the continuation fails with `error`:
  /// routed to the matcher's resolution, fixed, and a new call goes through.
  private func failedStory(_ place: ActionPlace, error: APIError, matcher: Int, names: inout StoryNames) -> Result<
    Story, StoryBlock
  > {
    Result { () throws(StoryBlock) -> Story in
      let operation = place.origin.submit.operation
      let resolution = RowReference(step: flow.flow.errors[matcher].step, row: flow.flow.errors[matcher].row)
      var driver = try askForAction(place, meetingGuardsTo: resolution.step)
      driver.recorder.comment(
        "The shopper completes \(place.action); the same call goes on and fails with \(error.code).")
      try driver.recorder.run("api \(operation) fail \(ErrorCodeChooser.scripted(error))")
      try completeAction(place, &driver)
      try resolveOffers(&driver)
      try finish(&driver, place.origin)
      let summary =
        "\(operation) on \(place.origin.step) asks for \(place.action); the shopper completes it and the same call"
        + " fails with \(error.code): matcher \(matcher + 1) sends it to \(resolution), the shopper fixes it,"
        + " and a new call goes through."
      let name = "action--\(place.origin.step)--\(place.action)--\(Self.codeName(error, flow.flow.errors[matcher]))"
      return Story(name: names.unique(name), kind: .action, summary: summary, lines: driver.recorder.lines)
    }
  }

  /// The shopper leaves the action step: the call is cancelled, and a new call succeeds.
  private func cancelledStory(_ place: ActionPlace, names: inout StoryNames) -> Result<Story, StoryBlock> {
    Result { () throws(StoryBlock) -> Story in
      let operation = place.origin.submit.operation
      var driver = try askForAction(place)
      driver.recorder.comment(
        "The shopper leaves \(place.step.id): the call is cancelled, saying so; the next tap is a new call, and it succeeds."
      )
      if let close = place.step.rows.first(where: { $0.action == .close }) {
        try driver.take(.close(close.id))
      } else {
        try driver.take(.back)
      }
      // The notice names the step left by its title, in the shopper's words.
      try driver.recorder.run("expect effect notice \(ScenarioText.quoted(place.step.title.text(in: nil)))")
      try driver.recorder.expectStack()
      try finish(&driver, place.origin)
      let summary =
        "\(operation) on \(place.origin.step) asks for \(place.action); the shopper leaves \(place.step.id),"
        + " which cancels the call with a notice, and the next tap makes a new call that succeeds."
      return Story(
        name: names.unique("action--\(place.origin.step)--\(place.action)--cancelled"), kind: .action,
        summary: summary, lines: driver.recorder.lines)
    }
  }

  /// The first submit × action done on `step` (with its `resume` row), or nil when
  /// no submit does an action there.
  func actionPlace(of step: Step, in origins: [Origin]) -> ActionPlace? {
    guard let resume = step.rows.first(where: { $0.action == .resume }) else { return nil }
    for origin in origins {
      for (action, target) in origin.submit.actions.sorted(by: { $0.key < $1.key }) where target == step.id {
        return ActionPlace(origin: origin, action: action, step: step, resume: resume.id)
      }
    }
    return nil
  }

  // MARK: Parts

  /// The walk to the submit, the guards of a later route met, the answer that asks
  /// for the action, the tap, and the action step open with the call waiting.
  func askForAction(_ place: ActionPlace, meetingGuardsTo target: StepID? = nil) throws(StoryBlock)
    -> StoryDriver
  {
    var driver = try place.origin.base.get()
    if let target { try meetRouteGuards(to: target, &driver) }
    let operation = place.origin.submit.operation
    driver.recorder.comment(
      "The API answers \(operation) with an action: \(place.action), done at \(place.step.id).")
    try driver.recorder.run("api \(operation) action \(place.action)")
    try driver.recorder.run("tap \(place.origin.row)")
    try driver.recorder.run("expect effect callAPI \(operation)")
    guard driver.session.waitingAction?.action.name == place.action else {
      throw StoryBlock(reason: "\(operation) is not waiting on \(place.action) after the tap")
    }
    try driver.recorder.run("expect at \(place.step.id)")
    try driver.recorder.expectStack()
    driver.recorder.blank()
    return driver
  }

  /// Fills what the action step asks for and taps its `resume` row: the same call
  /// is made again (its answer, already scripted, follows).
  private func completeAction(_ place: ActionPlace, _ driver: inout StoryDriver) throws(StoryBlock) {
    try driver.fillCurrentStep()
    try driver.prepareTap(place.resume)
    try driver.recorder.run("tap \(place.resume)")
    try driver.recorder.run("expect effect callAPI \(place.origin.submit.operation)")
  }

  /// Where the successful call leaves the shopper: its `then` (the action's step
  /// closed under it: the whole stack is checked), or the stack as it is.
  private func expectArrival(_ origin: Origin, _ driver: inout StoryDriver) throws(StoryBlock) {
    if let then = origin.submit.then { try driver.recorder.run("expect at \(then)") }
    try driver.recorder.expectStack()
  }
}
