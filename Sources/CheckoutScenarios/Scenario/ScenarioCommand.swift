import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// One line of the scenario (and REPL) language, parsed.
package enum ScenarioCommand: Hashable, Sendable {
  /// `flow PATH`: the flow a scenario runs on (relative to the scenario file).
  case flow(String)
  /// `today YYYY-MM-DD`: the session's date.
  case today(CalendarDate)
  /// `locale TAG`: the shopper's language (a BCP 47 tag such as `de`).
  case locale(String)
  /// `set NAME VALUE`: a row of the current step, or a data key (see ``SetName``).
  case set(SetName, String)
  /// `tap ROW`: activate a disclosure or button row (by id, or by number in the REPL).
  case tap(String)
  /// `back`: the shopper's back button.
  case back
  /// `api OP ok|fail|action …`: queue the development API's next answer to an operation.
  case api(OperationName, CheckoutAPIOutcome)
  /// `accept`: answer the offer with yes.
  case accept
  /// `decline`: answer the offer with no.
  case decline
  /// `manual` or `auto`: who confirms appearances.
  case mode(HostMode)
  /// `appear STEP`: the host reports a step appeared (manual mode).
  case appear(StepID)
  /// `show`: print the screen.
  case show
  /// `stack`: print the navigation state.
  case stack
  /// `plan STEP[.ROW]`: print the route from here, without driving it.
  case plan(StepID, RowID?)
  /// `snapshot FILE`: write the session's snapshot JSON (what `checkout migrate`
  /// reads), relative to the scenario file (the REPL: the current directory).
  case snapshot(String)
  /// `restore FILE`: carry on from a stored snapshot (what `snapshot FILE` wrote,
  /// or a store's row) of the flow loaded, relative to the scenario file (the
  /// REPL: the current directory).
  case restore(String)
  /// `help [COMMAND]`.
  case help(String?)
  /// `quit`.
  case quit
  /// `expect …`: an assertion.
  case expect(Expectation)
}

extension ScenarioCommand {
  /// What a `set` line names, decided by the parser from the word alone: a word
  /// with a dot is a data key (`set shipping.zip 97201`); any other word is a row
  /// of the step on screen, by id (`set zip 97201`) or by its number on screen
  /// (`set 4 97201`). A key without a dot is set through its row.
  package enum SetName: Hashable, Sendable, CustomStringConvertible {
    /// A row of the step on screen: its id, or its number on screen as typed.
    case row(String)
    /// A data key that a value row binds.
    case key(DataKey)

    /// The name a `set` word gives, or nil for a dotted word that is no data key (`a..b`).
    package init?(parsing word: String) {
      guard word.contains(".") else {
        self = .row(word)
        return
      }
      guard IdentifierSyntax.isKey(word) else { return nil }
      self = .key(DataKey(word))
    }

    /// The word as written.
    package var description: String {
      switch self {
      case .row(let name): return name
      case .key(let key): return key.rawValue
      }
    }
  }
}

/// Who confirms that steps appeared.
package enum HostMode: String, Hashable, Sendable, Codable {
  /// The runner confirms every navigation command at once.
  case auto
  /// A person plays the host and types `appear STEP`.
  case manual
}

/// What an `expect` line asserts. A row of the step on screen is named by its id or
/// by its number on screen as written (`RowID("4")`): the host reads the number on
/// the screen the line runs on.
package enum Expectation: Hashable, Sendable {
  /// `expect at STEP`: the step on screen.
  case at(StepID)
  /// `expect stack STATE`: the whole navigation state.
  case stack(NavigationState)
  /// `expect route CMD, CMD`: the route most recently planned (`none` for an empty one).
  case route([NavigationCommand])
  /// `expect offer STEP[.ROW]` (or `none`): the offer waiting.
  case offer(RowReference?)
  /// `expect focus ROW`: the focused row of the current step.
  case focus(RowID)
  /// `expect error ROW "text"`: the row's error contains the text.
  case error(RowID, String)
  /// `expect title "TEXT"` or `expect title ROW "TEXT"`: the title the screen shows
  /// for the step on screen (no row) or for one of its rows, in the session's
  /// language, exactly.
  case title(RowID?, String)
  /// `expect detail ROW "TEXT"`: what a disclosure or info row shows beside its
  /// title (its detail filled in, numbers and dates as the session's language writes
  /// them; masked values masked), exactly.
  case detail(RowID, String)
  /// `expect value KEY VALUE`: a data value (as shown, secrets never).
  case value(DataKey, String)
  /// `expect valid ROW`: the row passes its rules.
  case valid(RowID)
  /// `expect invalid ROW`: the row fails a rule.
  case invalid(RowID)
  /// `expect effect KIND [ARG]`: the last command's effects include it.
  case effect(kind: Effect.Kind, argument: String?)
}
