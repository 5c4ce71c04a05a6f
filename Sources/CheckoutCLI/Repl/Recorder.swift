import CheckoutEngine
import Foundation

/// Writes what a REPL session did as a scenario that `checkout replay` reproduces:
/// every command typed, and after each event an `expect stack` (and `expect offer`)
/// line for where it ended. Secret values are never written: a secret row's value
/// is replaced by a stand-in of the same shape that passes (or fails) the row's
/// rules as the real one did, and any other value ``TypedLine`` hides by a stand-in
/// of its shape. A line that failed (it does not parse, names what the session does
/// not have, or expects what does not hold) is left out, so that the recording
/// replays: a comment says so, with the line as ``TypedLine/shown`` shows it.
struct Recorder {
  let path: String
  private var lines: [String]

  init(path: String, flowLine: String, today: CalendarDate?, locale: String? = nil) {
    self.path = path
    lines = ["# Recorded by checkout repl; replay with: checkout replay \(path)", "flow \(flowLine)"]
    if let today { lines.append("today \(today)") }
    if let locale { lines.append("locale \(locale)") }
  }

  /// The `flow` line's argument: the flow file relative to the recording's folder.
  static func flowReference(flowPath: String, recordPath: String) -> String {
    let flow = URL(fileURLWithPath: flowPath).standardizedFileURL.pathComponents
    let record = URL(fileURLWithPath: recordPath).standardizedFileURL.deletingLastPathComponent().pathComponents
    var common = 0
    while common < min(flow.count, record.count), flow[common] == record[common] { common += 1 }
    let ups = Array(repeating: "..", count: record.count - common)
    return (ups + flow[common...]).joined(separator: "/")
  }

  /// Records a command run at the prompt: `line` is what was typed, `outcome` what
  /// the host made of it.
  mutating func record(
    _ line: TypedLine, command: ScenarioCommand, outcome: ScenarioHost.Outcome, before: CheckoutSession?,
    after: CheckoutSession?
  ) {
    switch command {
    case .help, .show, .stack, .plan, .quit, .flow, .snapshot: return
    default: break
    }
    if outcome.problem != nil || outcome.failure != nil { return leaveOut(line) }
    if case .set(let name, let value) = command, let recorded = recordedSet(name.description, value, in: before) {
      lines.append(recorded)
    } else if line.hidesValue {
      lines.append(line.rewritten(Recorder.standIn) + "  # \(Recorder.secretNote)")
    } else {
      lines.append(line.text.trimmingCharacters(in: .whitespaces))
    }
    guard let after, isEvent(command) else { return }
    lines.append("expect stack \(after.navigation)")
    if let offer = after.offer { lines.append("expect offer \(offer.resolution.target)") }
  }

  /// A line that failed, as a comment: replaying it would stop the scenario there.
  mutating func leaveOut(_ line: TypedLine) {
    lines.append("# left out, it failed: \(line.shown)")
  }

  /// The note after a line whose secret value is a stand-in.
  static let secretNote = "secret: a stand-in, not the value typed"

  func write() throws {
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Why a write failed, in the system's words (`No such file or directory`).
  static func reason(_ error: any Error) -> String {
    FlowLoader.reason(error)
  }

  private func isEvent(_ command: ScenarioCommand) -> Bool {
    switch command {
    case .set, .tap, .back, .accept, .decline, .appear, .api: return true
    default: return false
    }
  }

  /// `set cvv 111` for a secret row, with a note; nil when the row is not secret.
  private func recordedSet(_ name: String, _ value: String, in session: CheckoutSession?) -> String? {
    guard let session else { return nil }
    let target = SetLine(name, in: session)
    let row = target.row
    let secret = target.isSecret(in: session)
    guard let key = target.key else {
      return secret ? "set \(name) \"\(Masking.secretPlaceholder)\"  # secret: not the value typed" : nil
    }
    let masking = session.compiled.masking
    guard secret || masking.sensitiveKeys.contains(key) else { return nil }
    let rules = row?.rules ?? []
    let evaluator = session.rules
    let title = row?.title ?? LocalizedText(name)
    let realPasses = evaluator.firstFailure(of: rules, value: .string(value), title: title, remember: false) == nil
    let standIn =
      secret
      ? Recorder.standIn(for: value)
      : Recorder.sensitiveStandIn(for: value, luhnValid: RuleEvaluator.passesLuhnCheck(value))
    let standInPasses = evaluator.firstFailure(of: rules, value: .string(standIn), title: title, remember: false) == nil
    let recorded = standInPasses == realPasses ? standIn : Masking.secretPlaceholder
    let note = secret ? Recorder.secretNote : "sensitive: a stand-in with the same last four"
    return "set \(row?.id.rawValue ?? name) \"\(recorded)\"  # \(note)"
  }

  /// Keeps the last four digits and the shape; the other digits become 0 but one,
  /// chosen so the Luhn check comes out as it did for the real number.
  static func sensitiveStandIn(for value: String, luhnValid: Bool) -> String {
    var characters = Array(value)
    let digitPositions = characters.indices.filter { characters[$0].isASCII && characters[$0].isNumber }
    guard digitPositions.count > 5 else { return standIn(for: value) }
    let hidden = digitPositions.dropLast(4)
    for position in hidden { characters[position] = "0" }
    guard let adjustable = hidden.first else { return String(characters) }
    for digit in 0...9 {
      characters[adjustable] = Character(String(digit))
      if RuleEvaluator.passesLuhnCheck(String(characters)) == luhnValid { break }
    }
    return String(characters)
  }

  /// Digits become 1, letters a or A, anything else stays: same shape, no secret.
  static func standIn(for value: String) -> String {
    String(
      value.map { character -> Character in
        if character.isNumber { return "1" }
        if character.isLetter { return character.isUppercase ? "A" : "a" }
        return character
      })
  }
}
