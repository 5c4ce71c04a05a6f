import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Why a story could not be lived through: the line that was refused or failed,
/// and the session's reason. Never holds a value typed into a row.
struct StoryBlock: Error, Hashable, Sendable {
  /// The reason, for the infeasible pair's listing.
  var reason: String
}

/// Writes a story by living it: every line is parsed and run on a real session
/// (through the same ``ScenarioHost`` that replays scenarios) before it is kept,
/// so the text is exactly what was run, and expectations are read off the session.
struct StoryRecorder: Sendable {
  /// The host playing the story (auto mode: steps appear by themselves).
  private(set) var host: ScenarioHost
  /// The lines kept so far.
  private(set) var lines: [String] = []
  /// The effects of the last line run.
  private(set) var lastEffects: [Effect] = []

  init(flow: CompiledFlow, today: CalendarDate) {
    host = ScenarioHost(flow: flow, today: today)
  }

  /// The session (the host always has one: it was made with a flow).
  var session: CheckoutSession {
    guard let session = host.session else { preconditionFailure("a story host is made with a flow") }
    return session
  }

  /// Runs a line and keeps it; a problem, a refusal or an expectation that does not
  /// hold ends the story. `shown` is how the line is named in a reason (a `set`
  /// line is named without its value).
  mutating func run(_ line: String, shown: String? = nil, note: String? = nil) throws(StoryBlock) {
    let name = shown ?? line
    guard let outcome = try execute(line, name: name) else { return }
    if let failure = outcome.failure {
      throw StoryBlock(reason: "'\(name)' does not hold: \(failure.expected), but \(failure.actual)")
    }
    for case .refused(let refusal) in outcome.effects {
      throw StoryBlock(reason: "'\(name)' is refused: \(refusal.message)")
    }
    lastEffects = outcome.effects
    lines.append(note.map { "\(line)  # \($0)" } ?? line)
  }

  /// Runs a line the session must refuse, keeps it, and keeps `expect effect
  /// refused` with the refusal's message (or, when a line cannot hold the message,
  /// its code) after it: the refusal, with its reason, is what the story shows.
  mutating func runRefused(_ line: String, shown: String? = nil) throws(StoryBlock) {
    let name = shown ?? line
    guard let outcome = try execute(line, name: name) else { return }
    guard let refusal = outcome.effects.lazy.compactMap(\.refusal).first else {
      throw StoryBlock(reason: "'\(name)' is not refused")
    }
    lastEffects = outcome.effects
    lines.append(line)
    let message = refusal.message
    if ScenarioText.isWritable(message), (try? run("expect effect refused \(ScenarioText.quoted(message))")) != nil {
      return
    }
    try run("expect effect refused \(refusal.code)")
  }

  /// Parses and runs a line on the session (nil for a blank or comment line); a
  /// line that does not parse, or a problem running it, ends the story.
  private mutating func execute(_ line: String, name: String) throws(StoryBlock) -> ScenarioHost.Outcome? {
    let command: ScenarioCommand?
    do {
      command = try ScenarioParser.parse(line)
    } catch {
      throw StoryBlock(reason: "'\(name)' is not a scenario line: \(error.message)")
    }
    guard let command else { return nil }
    let outcome = host.run(command)
    if let problem = outcome.problem { throw StoryBlock(reason: "'\(name)': \(problem)") }
    return outcome
  }

  /// Keeps a comment line.
  mutating func comment(_ text: String) {
    lines += ScenarioText.comment(text)
  }

  /// Keeps a blank line (between the parts of a story).
  mutating func blank() {
    if lines.last?.isEmpty == false { lines.append("") }
  }

  /// `expect stack` with the state now.
  mutating func expectStack() throws(StoryBlock) {
    try run("expect stack \(session.navigation)")
  }
}
