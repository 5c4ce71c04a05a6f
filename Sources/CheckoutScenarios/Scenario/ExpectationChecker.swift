import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Checks one `expect` line against a session.
struct ExpectationChecker {
  let session: CheckoutSession
  let lastEffects: [Effect]
  /// What may not be shown: every text of a failure, expected and actual, is made
  /// here, each secret or sensitive value the scenario gave written as it may be
  /// shown (`payment.card.cvv: •••`, `•••• 4242`) before anything prints or writes it.
  let names: SecretNames

  /// A checker of expectations about the session; `names`: what its failures may
  /// not show (by default, what the session itself holds).
  init(session: CheckoutSession, lastEffects: [Effect], names: SecretNames? = nil) {
    self.session = session
    self.lastEffects = lastEffects
    self.names = names ?? SecretNames(session)
  }

  /// The failure of the expectation, or nil when it holds.
  func check(_ expectation: Expectation) -> ScenarioHost.Failure? {
    guard var failure = unmaskedFailure(expectation) else { return nil }
    failure.expected = names.masking(failure.expected)
    failure.actual = names.masking(failure.actual)
    return failure
  }

  private func unmaskedFailure(_ expectation: Expectation) -> ScenarioHost.Failure? {
    switch expectation {
    case .at(let step):
      return compare("at \(step)", "at \(session.navigation.top)", unknown: unknownSteps([step]))
    case .stack(let state):
      return compare("stack \(state)", "stack \(session.navigation)", unknown: unknownSteps(state.steps))
    case .route(let commands):
      let actual = session.route.map { $0.commands.isEmpty ? "none" : $0.description } ?? "no route planned"
      return compare(
        "route \(commands.isEmpty ? "none" : commands.map(\.description).joined(separator: ", "))", "route \(actual)")
    case .offer(let target):
      let offered = session.offer?.resolution
      let actual = offered?.target ?? "none"
      // `expect offer STEP` holds for an offer of any row of the step.
      let matches =
        target.map { $0.step == offered?.step && ($0.row == nil || $0.row == offered?.row) } ?? (offered == nil)
      return matches
        ? nil
        : ScenarioHost.Failure(
          expected: "offer \(target?.description ?? "none")",
          actual: "offer \(actual)\(target.map(unknownReference) ?? "")")
    case .focus(let row):
      // The shopper cannot see a hidden row, so no error route arrived there for them.
      if isHidden(row) { return notShown(row, expected: "focus \(row)") }
      let actual =
        session.focus.flatMap { $0.step == session.navigation.top ? $0.row.rawValue : nil } ?? "no focused row"
      return compare("focus \(row)", "focus \(actual)", unknown: unknownRow(row))
    case .error(let row, let text):
      let expected = "error on \(row) containing \"\(shownText(text, of: row))\""
      // An error on a hidden row is not shown on it: the shopper reads nothing there.
      if isHidden(row) { return notShown(row, expected: expected) }
      let actual = session.rowErrors[CheckoutSession.RowRef(step: session.navigation.top, row: row)]
      guard let actual, actual.contains(text) else {
        return ScenarioHost.Failure(
          expected: expected,
          actual: actual.map { "error on \(row): \"\($0)\"" } ?? "no error on \(row)\(unknownRow(row))")
      }
      return nil
    case .title(let row, let expected):
      return checkTitle(of: row, expected)
    case .detail(let row, let expected):
      return checkDetail(of: row, expected)
    case .value(let key, let expected):
      let masking = session.compiled.masking
      guard !masking.isSecret(key) else {
        return ScenarioHost.Failure(
          expected: "value \(key) \(Masking.secretPlaceholder)",
          actual: "\(key) is secret: its value is never shown, so no scenario can expect it")
      }
      let value = session.data[key]
      let shown = masking.display(value, of: key, in: session.data)
      // A picker's value may be expected as stored (`standard`) or as shown (its label).
      let isPicker = masking.pickerOptions[key] != nil && !masking.sensitiveKeys.contains(key)
      let stored = isPicker ? value?.displayText ?? "" : shown
      if value != nil && (shown == expected || stored == expected) { return nil }
      // The value as written is repeated only where the line itself is shown with it.
      let hidden = names.hidesValue(ofKey: key)
      return ScenarioHost.Failure(
        expected: "value \(key) \(hidden ? Masking.secretPlaceholder : expected)",
        actual: value == nil
          ? "value \(key) not set\(unknownKey(key))"
          : "value \(key) \(stored)" + (stored == shown ? "" : " (shown as \"\(shown)\")"))
    case .valid(let row), .invalid(let row):
      return checkValidity(row, expectValid: expectation == .valid(row))
    case .effect(let kind, let argument):
      let matches = lastEffects.contains { effect in
        // A refusal is also matched by its code: `expect effect refused disabledRow`.
        effect.kind == kind
          && (argument.map {
            effect.argument == $0 || effect.argument.contains($0) || effect.refusal?.code.rawValue == $0
          } ?? true)
      }
      let actual = lastEffects.isEmpty ? "no effects" : lastEffects.map(\.description).joined(separator: "; ")
      return matches
        ? nil : ScenarioHost.Failure(expected: "effect \(kind)\(argument.map { " \($0)" } ?? "")", actual: actual)
    }
  }

  private func checkValidity(_ rowID: RowID, expectValid: Bool) -> ScenarioHost.Failure? {
    guard let step = session.currentStep, let row = step.row(rowID) else {
      return ScenarioHost.Failure(
        expected: "\(expectValid ? "valid" : "invalid") \(rowID)",
        actual: "no row \(rowID) on \(session.navigation.top)\(rowSuggestion(rowID))")
    }
    let failure = session.rules.firstFailure(
      of: row.rules, value: row.bind.flatMap { session.data[$0] }, title: row.title, remember: !row.secret)
    if (failure == nil) == expectValid { return nil }
    return ScenarioHost.Failure(
      expected: "\(expectValid ? "valid" : "invalid") \(rowID)",
      actual: failure.map { "invalid \(rowID): \($0)" } ?? "valid \(rowID)")
  }

  /// The title the screen shows for the step (no row) or one of its visible rows,
  /// in the session's language. Titles hold no values, so a failure shows them whole.
  private func checkTitle(of rowID: RowID?, _ expected: String) -> ScenarioHost.Failure? {
    let screen = session.screen
    guard let rowID else {
      return compare("step title \(ScenarioText.quoted(expected))", "step title \(ScenarioText.quoted(screen.title))")
    }
    let what = "title of \(rowID) \(ScenarioText.quoted(shownText(expected, of: rowID)))"
    guard let row = screen.row(rowID) else { return notShown(rowID, expected: what) }
    if row.title == expected { return nil }
    return ScenarioHost.Failure(expected: what, actual: "title of \(rowID) \(ScenarioText.quoted(row.title))")
  }

  /// What a row shown on the step on screen shows beside its title, as the screen
  /// shows it (masked values masked, so a failure never shows what they hide). A
  /// no-break space, which languages write inside numbers and beside currency
  /// symbols, matches a space: a scenario's author cannot see the difference.
  private func checkDetail(of rowID: RowID, _ expected: String) -> ScenarioHost.Failure? {
    let what = "detail of \(rowID) \(ScenarioText.quoted(shownText(expected, of: rowID)))"
    guard let row = session.screen.row(rowID) else { return notShown(rowID, expected: what) }
    guard let detail = row.detail else {
      return ScenarioHost.Failure(
        expected: what, actual: "\(rowID) shows no detail (only disclosure and info rows have one)")
    }
    let shown = ScenarioText.plainSpaces(detail)
    if ScenarioText.plainSpaces(expected) == shown { return nil }
    return ScenarioHost.Failure(
      expected: "detail of \(rowID) \(ScenarioText.quoted(ScenarioText.plainSpaces(shownText(expected, of: rowID))))",
      actual: "detail of \(rowID) \(ScenarioText.quoted(shown))")
  }

  /// The text an expectation about a row gives, as its failure may repeat it:
  /// `•••` when the row might take a secret or sensitive value and the text holds
  /// one or looks like one (``SecretNames/hidesText(_:aboutRow:)``), since the
  /// author may have written that value there; an error's words are shown.
  private func shownText(_ text: String, of rowID: RowID) -> String {
    names.hidesText(text, aboutRow: rowID.rawValue) ? Masking.secretPlaceholder : text
  }

  /// Whether the step on screen has the row but does not show it (its `visibleWhen` does not hold).
  private func isHidden(_ rowID: RowID) -> Bool {
    session.currentStep?.row(rowID) != nil && session.screen.row(rowID) == nil
  }

  /// The failure of `expected` for a row the screen does not show: hidden by its
  /// `visibleWhen` (`amount is not shown on tip: it shows when Tip is custom`), or
  /// not on the step at all.
  private func notShown(_ rowID: RowID, expected: String) -> ScenarioHost.Failure {
    let step = session.screen.step
    guard let row = session.currentStep?.row(rowID) else {
      return ScenarioHost.Failure(expected: expected, actual: "no row \(rowID) on \(step)\(rowSuggestion(rowID))")
    }
    let condition = row.visibleWhen.map {
      ": it shows when " + ConditionText.describe($0, flow: session.flow)
    }
    return ScenarioHost.Failure(expected: expected, actual: "\(rowID) is not shown on \(step)\(condition ?? "")")
  }

  /// `unknown`: what the expectation names that the flow does not have, said after the actual value.
  private func compare(_ expected: String, _ actual: String, unknown: String = "") -> ScenarioHost.Failure? {
    expected == actual ? nil : ScenarioHost.Failure(expected: expected, actual: actual + unknown)
  }

  // MARK: Names the flow does not have
  //
  // A typo in an expectation fails it as a mismatch; these say the name is none
  // of the flow's (with the likely one), so the scenario's author fixes the name.

  /// `; the flow has no step "buyerz" (did you mean "buyer"?)` for each step
  /// named that the flow does not have, or "".
  private func unknownSteps(_ steps: [StepID]) -> String {
    let ids = session.flow.steps.map(\.id.rawValue)
    return steps.filter { session.compiled.step($0) == nil }.map { step in
      "; the flow has no step \(Quoting.quoted(step))"
        + (Suggestions.didYouMean(step.rawValue, in: ids).map { " (\($0))" } ?? "")
    }.joined()
  }

  /// `; creditCard has no row "nmber" (did you mean "number"?)` for a row the
  /// step on screen does not have, or "".
  private func unknownRow(_ row: RowID) -> String {
    guard let step = session.currentStep, step.row(row) == nil else { return "" }
    return "; \(step.id) has no row \(Quoting.quoted(row))\(rowSuggestion(row))"
  }

  /// `; the flow has no step "adress" (did you mean "address"?)` or `; payment has
  /// no row "cvc" (did you mean "cvv"?)` for a `STEP[.ROW]` the flow does not have, or "".
  private func unknownReference(_ reference: RowReference) -> String {
    guard let step = session.compiled.step(reference.step) else { return unknownSteps([reference.step]) }
    guard let row = reference.row, step.row(row) == nil else { return "" }
    return "; \(step.id) has no row \(Quoting.quoted(row))\(rowSuggestion(row, on: step))"
  }

  /// ` (did you mean "number"?)` for a row the step (by default the one on screen) does not have, or "".
  private func rowSuggestion(_ row: RowID, on step: Step? = nil) -> String {
    guard let step = step ?? session.currentStep, step.row(row) == nil else { return "" }
    return Suggestions.didYouMean(row.rawValue, in: step.rows.map(\.id.rawValue)).map { " (\($0))" } ?? ""
  }

  /// `; the flow has no key "seat.sektion" (did you mean "seat.section"?)` for a
  /// key no row binds, the data does not hold and no submit provides, or "". A
  /// row's id where its key belongs (`quantity` for `cart.quantity`) is named as such.
  private func unknownKey(_ key: DataKey) -> String {
    let keys = FlowKeys(session.flow)
    guard !keys.isKnown(key), session.data[key] == nil else { return "" }
    var hint = Suggestions.didYouMean(key.rawValue, in: keys.known).map { " (\($0))" } ?? ""
    if hint.isEmpty, let step = session.currentStep {
      let ids = step.rows.map(\.id.rawValue)
      let id = ids.contains(key.rawValue) ? key.rawValue : Suggestions.nearest(to: key.rawValue, in: ids)
      if let id, let bound = step.row(RowID(id))?.bind {
        hint = " (row \(Quoting.quoted(id)) of \(step.id) binds \(Quoting.quoted(bound)): expect value names a key)"
      }
    }
    return "; the flow has no key \(Quoting.quoted(key))\(hint)"
  }
}
