import CheckoutCompiledFlow
import CheckoutModel
import CheckoutPlanning

/// Every refusal a session makes, with its wording: the one place a refusal's
/// message is written.
///
/// The rule for its words: a refusal a shopper can meet through a host that works
/// as documented (a second tap, a tap while a step opens or a call waits, `back`
/// on the first step, an offer's dialog answered twice, an option no longer
/// offered) is said in the session's language from the engine's messages
/// (`refusal.*`), naming steps and rows by their titles, never by ids nor with the
/// value sent; so is one a page still open across a deploy meets (a row the step
/// on screen no longer has, a step nothing opened, a step the flow no longer has
/// appearing, a tap on a row that is now a field, a `set` of one that is now a
/// button), and so is a retry that cannot be sent as its call first was. A
/// refusal only a host's or a flow's mistake causes (a `set` on a step or of a key
/// the flow does not have, an answer no call waits for) is developer text:
/// English, naming ids, for a host's log.
extension Refusal {
  /// The step on screen has no row by that name, said for the shopper: a page
  /// still open across a deploy, or after the session left the step it shows (a
  /// 3-D Secure call cancelled), names a row that is not there. The step by its
  /// title in the shopper's language; the ids stay in ``subject`` for a host's log.
  static func unknownRow(_ row: RowID, on step: Step, event: SessionEvent.Kind, messages: EngineMessages) -> Refusal {
    Refusal(
      .unknownRow, event: event, subject: .row(step: step.id, row: row),
      message: messages.text(.refusalNotOnStep, step.title.text(in: messages.locale)))
  }

  /// What a developer's tool says of a name that is no row of `step`, naming ids,
  /// with the nearest row and every row: `step "cart" has no row "chekout" (did
  /// you mean "checkout"?); its rows are …` (a scenario's or the REPL's typo).
  package static func noSuchRow(_ row: RowID, on step: Step) -> String {
    let ids = step.rows.map(\.id.rawValue)
    let hint = Suggestions.didYouMean(row.rawValue, in: ids).map { " (\($0))" } ?? ""
    return
      "step \(Quoting.quoted(step.id)) has no row \(Quoting.quoted(row))\(hint); its rows are \(ids.joined(separator: ", "))"
  }

  /// A step the flow does not have, named by a `set` through its row: a host's
  /// mistake (a page's `set` names no step), developer text naming ids.
  static func noStep(_ name: String, in flow: Flow, event: SessionEvent.Kind) -> Refusal {
    let ids = flow.steps.map(\.id.rawValue)
    let hint = Suggestions.didYouMean(name, in: ids).map { " (\($0))" } ?? ""
    return Refusal(
      .unknownStep, event: event, subject: .step(StepID(name)),
      message: "the flow has no step \(Quoting.quoted(name))\(hint); its steps are \(ids.joined(separator: ", "))")
  }

  /// A `set` of a key events may not write (``CompiledFlow/setRefusal(for:)`` says why).
  static func readOnly(_ refusal: SetRefusal) -> Refusal {
    Refusal(
      refusal.kind == .readOnly ? .readOnlyKey : .unknownKey, event: .set, subject: .key(refusal.key),
      message: refusal.message)
  }

  /// A `set` of a key that no row binds (found no writing row).
  static func noRowBinds(_ key: DataKey) -> Refusal {
    Refusal(.unknownKey, event: .set, subject: .key(key), message: "no row binds \(Quoting.quoted(key.rawValue))")
  }

  /// A `set` with no step on screen that names no data key either.
  static func noRowOrKey(_ name: String) -> Refusal {
    Refusal(.unknownRow, event: .set, message: "no row or key \(Quoting.quoted(name))")
  }

  /// A step the flow does not have appeared: a page still open across a deploy
  /// shows a step the new version of the flow removed (a session carried to it
  /// while the page animated the step in). Said for the shopper, naming the step on
  /// top (`current`) by its title, since the step shown has none in this flow;
  /// the id the page sent stays in ``subject``.
  static func stepGone(_ name: StepID, current: Step?, top: StepID, messages: EngineMessages) -> Refusal {
    Refusal(
      .unknownStep, event: .appeared, subject: .step(name),
      message: messages.text(.refusalStepGone, current?.title.text(in: messages.locale) ?? top.rawValue))
  }

  /// The step on screen is not in the flow.
  static func stepNotInFlow(_ step: StepID, event: SessionEvent.Kind) -> Refusal {
    Refusal(.unknownStep, event: event, subject: .step(step), message: "the step \(step) is not in the flow")
  }

  /// A row opens a step the flow does not have.
  static func opensMissingStep(_ row: Row, target: StepID) -> Refusal {
    Refusal(
      .unknownStep, event: .tap, subject: .step(target),
      message: "\(Quoting.quoted(row.id)) opens \(target), which is not in the flow")
  }

  /// A step appeared that is not on the stack and that nothing opened (`step`, in
  /// the flow): a page still open across a deploy shows a step the session is no
  /// longer on. Said for the shopper, the step and the one on top (`current`) by
  /// their titles; the id stays in ``subject``.
  static func unexpectedStep(_ step: Step, current: Step?, top: StepID, messages: EngineMessages) -> Refusal {
    let here = current?.title.text(in: messages.locale) ?? top.rawValue
    return Refusal(
      .unexpectedStep, event: .appeared, subject: .step(step.id),
      message: messages.text(.refusalUnexpectedStep, step.title.text(in: messages.locale), here))
  }

  /// The row is hidden, and why: its `visibleWhen` in words (`Billing ZIP is hidden
  /// on Shipping Address. Shown only when Same as shipping is off.`), as a disabled
  /// row's refusal says what it waits for.
  static func hidden(_ row: Row, on step: Step, event: SessionEvent.Kind, flow: Flow, messages: EngineMessages)
    -> Refusal
  {
    let hidden = messages.text(
      .refusalHidden, row.title.text(in: messages.locale), step.title.text(in: messages.locale))
    guard let condition = row.visibleWhen else {
      return Refusal(.hiddenRow, event: event, subject: .row(step: step.id, row: row.id), message: hidden)
    }
    let shownWhen = messages.text(
      .refusalShownWhen, ConditionText.describe(condition, flow: flow, messages: messages, locale: messages.locale))
    return Refusal(
      .hiddenRow, event: event, subject: .row(step: step.id, row: row.id),
      message: Sentences.join([hidden, shownWhen], messages))
  }

  /// The row is disabled; `reason` says what it waits for.
  static func disabled(_ row: Row, on step: Step, event: SessionEvent.Kind, reason: String) -> Refusal {
    Refusal(.disabledRow, event: event, subject: .row(step: step.id, row: row.id), message: reason)
  }

  /// A value row is disabled.
  static func cannotChange(_ row: Row, on step: Step, messages: EngineMessages) -> Refusal {
    disabled(
      row, on: step, event: .set, reason: messages.text(.refusalCannotChange, row.title.text(in: messages.locale)))
  }

  /// A tap on a row with no action (a text field, an info row): a page still open
  /// across a deploy that changed the row's kind under its id (a button that is now
  /// a field), or a client's bug. Said for the shopper, the row by its title; the
  /// ids stay in ``subject``.
  static func notTappable(_ row: Row, on step: Step, messages: EngineMessages) -> Refusal {
    Refusal(
      .notTappable, event: .tap, subject: .row(step: step.id, row: row.id),
      message: messages.text(.refusalNotTappable, row.title.text(in: messages.locale)))
  }

  /// A `set` of a row that takes no value (a button, a disclosure, an info row): a
  /// page still open across a deploy that changed the row's kind under its id (a
  /// field that is now a button), or a client's bug. Said for the shopper, the row
  /// by its title; the ids stay in ``subject``.
  static func takesNoValue(_ row: Row, on step: Step, messages: EngineMessages) -> Refusal {
    Refusal(
      .takesNoValue, event: .set, subject: .row(step: step.id, row: row.id),
      message: messages.text(.refusalTakesNoValue, row.title.text(in: messages.locale)))
  }

  /// The row cannot hold the value; `problem` says what it can hold (and never shows a secret).
  static func invalidValue(_ subject: Subject, problem: String) -> Refusal {
    Refusal(.invalidValue, event: .set, subject: subject, message: problem)
  }

  /// A close row with nothing behind it.
  static func nothingToClose(_ row: Row, on step: Step, messages: EngineMessages) -> Refusal {
    Refusal(
      .nothingToClose, event: .tap, subject: .row(step: step.id, row: row.id),
      message: messages.text(.refusalNothingToClose, row.title.text(in: messages.locale)))
  }

  /// `back` on the root step (`step`, in the flow; nil for one it lacks), named by
  /// its title in the shopper's language.
  static func nothingToGoBack(from id: StepID, _ step: Step?, messages: EngineMessages) -> Refusal {
    let title = step?.title.text(in: messages.locale) ?? id.rawValue
    return Refusal(.nothingToClose, event: .back, message: messages.text(.refusalNothingToGoBack, title))
  }

  /// `back` that cannot be applied.
  static func cannotGoBack(from navigation: NavigationState) -> Refusal {
    Refusal(.cannotNavigate, event: .back, message: "cannot go back from \(navigation)")
  }

  /// A command that cannot be applied.
  static func cannotApply(_ command: NavigationCommand, on navigation: NavigationState, event: SessionEvent.Kind)
    -> Refusal
  {
    Refusal(.cannotNavigate, event: event, message: "cannot \(command) on \(navigation)")
  }

  /// An offer waits for its answer.
  static func offerWaiting(_ offer: Offer, event: SessionEvent.Kind, messages: EngineMessages) -> Refusal {
    Refusal(.offerWaiting, event: event, message: messages.text(.refusalOfferWaiting, offer.resolution.message))
  }

  /// A route waits for its next step (`step`, in the flow; nil for one it lacks),
  /// named by its title in the shopper's language.
  static func routeInProgress(
    waitingFor id: StepID, _ step: Step?, event: SessionEvent.Kind, messages: EngineMessages
  ) -> Refusal {
    let title = step?.title.text(in: messages.locale) ?? id.rawValue
    return Refusal(.routeInProgress, event: event, message: messages.text(.refusalRouteInProgress, title))
  }

  /// A command waits for its step (`step`, in the flow; nil for one it lacks), named
  /// by its title in the shopper's language: a second tap while it opens.
  static func awaiting(
    _ pending: CheckoutSession.PendingNavigation, _ step: Step?, event: SessionEvent.Kind, messages: EngineMessages
  ) -> Refusal {
    let title = step?.title.text(in: messages.locale) ?? pending.expected.rawValue
    return Refusal(.awaitingStep, event: event, message: messages.text(.refusalAwaitingStep, title))
  }

  /// The row's submit (of `operation`) already waits for an answer: said with the
  /// row's title alone, as the shopper knows the call by it (never the operation's id).
  static func callInFlight(_ operation: OperationName, row: Row, on step: StepID, messages: EngineMessages) -> Refusal {
    Refusal(
      .callInFlight, event: .tap, subject: .row(step: step, row: row.id),
      message: messages.text(.refusalCallInFlight, row.title.text(in: messages.locale)))
  }

  /// A `set` of a value a call in flight (or waiting on an action) sends.
  static func callInProgress(_ title: String, row: Row, on step: StepID, messages: EngineMessages) -> Refusal {
    Refusal(
      .callInProgress, event: .set, subject: .row(step: step, row: row.id),
      message: messages.text(.refusalCallInProgress, title, row.title.text(in: messages.locale)))
  }

  /// `back` while a call waits for its answer (`title`, its submit's title): the
  /// shopper stays on the step it was made from, where its answer applies.
  static func callInProgressBack(_ title: String, messages: EngineMessages) -> Refusal {
    Refusal(.callInProgress, event: .back, message: messages.text(.refusalCallInProgressBack, title))
  }

  /// A tap that would leave the step (a row that opens or closes one) or make
  /// another call while a call waits for its answer (`title`, its submit's title).
  static func callInProgressTap(_ title: String, row: Row, on step: StepID, messages: EngineMessages) -> Refusal {
    Refusal(
      .callInProgress, event: .tap, subject: .row(step: step, row: row.id),
      message: messages.text(.refusalCallInProgressTap, title, row.title.text(in: messages.locale)))
  }

  /// A `set` of a value a call given up unanswered sent: its retry must send the same.
  static func callUnanswered(_ title: String, row: Row, on step: StepID, messages: EngineMessages) -> Refusal {
    Refusal(
      .callInProgress, event: .set, subject: .row(step: step, row: row.id),
      message: messages.text(.refusalCallUnanswered, title, row.title.text(in: messages.locale)))
  }

  /// A `set`, or a tap on another operation's submit, after the order was placed.
  static func orderFinished(
    _ title: String, row: Row, on step: StepID, event: SessionEvent.Kind, messages: EngineMessages
  ) -> Refusal {
    Refusal(
      .orderFinished, event: event, subject: .row(step: step, row: row.id),
      message: messages.text(.refusalOrderFinished, title, row.title.text(in: messages.locale)))
  }

  /// A retry whose body differs from what the call first sent under its key (a
  /// sensitive value restored masked): the retry of a call given up unanswered, or
  /// of a lost call. The first call was sent and nobody knows whether it went
  /// through, so it is never sent again under its key: said for the shopper (the
  /// call by its submit's `title`), who should look for a confirmation before
  /// trying again; the operation stays in ``subject``.
  static func callBodyChanged(
    _ call: APICall, title: String, event: SessionEvent.Kind, messages: EngineMessages
  ) -> Refusal {
    Refusal(
      .callBodyChanged, event: event, subject: .operation(call.operation),
      message: messages.text(.refusalCallUnconfirmed, title))
  }

  /// An API answer no call waits for.
  static func noCallWaiting(_ operation: OperationName, event: SessionEvent.Kind) -> Refusal {
    Refusal(
      .noCallWaiting, event: event, subject: .operation(operation),
      message: "no call to \(operation) is waiting for an answer")
  }

  /// `actionCompleted` (of `operation`), or a `resume` row, with no call waiting on
  /// an action: a second tap on the bank's Confirm. `title` is the row's, or the
  /// operation's submit's, in the shopper's language.
  static func noActionWaiting(
    _ operation: OperationName?, title: String, event: SessionEvent.Kind, row: RowRef? = nil,
    messages: EngineMessages
  ) -> Refusal {
    let subject: Refusal.Subject? =
      if let row { .row(step: row.step, row: row.row) } else { operation.map { .operation($0) } }
    return Refusal(
      .noActionWaiting, event: event, subject: subject, message: messages.text(.refusalNoActionWaiting, title))
  }

  /// `accept` or `decline` with no offer: a second tap on the offer's dialog.
  static func noOffer(_ event: SessionEvent.Kind, messages: EngineMessages) -> Refusal {
    Refusal(.noOffer, event: event, message: messages.text(.refusalNoOffer))
  }
}
