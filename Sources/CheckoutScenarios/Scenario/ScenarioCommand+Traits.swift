extension ScenarioCommand {
  /// How the runner, the REPL and its recorder treat a command. Decided here,
  /// once for each command, by one exhaustive switch: a new command is a compile
  /// error until its traits are written, rather than a silent `default:` in each
  /// place that asks.
  package struct Traits: Hashable, Sendable {
    /// It sends the session an event (the shopper's, the host's or the API's):
    /// `expect effect` reads its effects even when there are none, and a recording
    /// follows it with `expect stack`.
    package var sendsEvent: Bool
    /// The REPL shows the screen again after it (a command that only prints, or
    /// changes what the next event does, does not).
    package var showsScreen: Bool
    /// `checkout repl --record` writes the line as typed. Commands that only print
    /// or leave are not written; `restore` is written by the recorder in its own
    /// form (its file relative to the recording).
    package var isRecorded: Bool
  }

  /// The command's traits.
  package var traits: Traits {
    switch self {
    case .set, .tap, .back, .accept, .decline, .appear, .api:
      return Traits(sendsEvent: true, showsScreen: true, isRecorded: true)
    // A new language shows the screen again in it.
    case .locale: return Traits(sendsEvent: false, showsScreen: true, isRecorded: true)
    case .today, .mode, .expect: return Traits(sendsEvent: false, showsScreen: false, isRecorded: true)
    case .show, .restore, .flow: return Traits(sendsEvent: false, showsScreen: true, isRecorded: false)
    case .help, .stack, .plan, .snapshot, .quit: return Traits(sendsEvent: false, showsScreen: false, isRecorded: false)
    }
  }
}
