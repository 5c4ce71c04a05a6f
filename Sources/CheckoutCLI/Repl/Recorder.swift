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
    lines = ["\(Recorder.header); replay with: checkout replay \(path)", "flow \(flowLine)"]
    if let today { lines.append("today \(today)") }
    if let locale { lines.append("locale \(locale)") }
  }

  /// What a recording's first line starts with.
  static let header = "# Recorded by checkout repl"

  /// Whether a file's bytes are a recording (its first line starts with
  /// ``header``), which a later `--record` may overwrite.
  static func isRecording(_ data: Data) -> Bool {
    data.starts(with: Array(header.utf8))
  }

  /// A file a line names (the `flow` line's flow, a `restore` line's snapshot)
  /// relative to the recording's folder, as a scenario's paths are.
  static func fileReference(_ filePath: String, recordPath: String) -> String {
    let flow = URL(fileURLWithPath: filePath).standardizedFileURL.pathComponents
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
    guard command.traits.isRecorded else { return }
    if outcome.problem != nil || outcome.failure != nil { return leaveOut(line) }
    if case .set(let name, let value) = command, let recorded = recordedSet(name.description, value, in: before) {
      lines.append(recorded)
    } else if line.hidesValue {
      lines.append(recordedHiding(line))
    } else {
      lines.append(line.text.trimmingCharacters(in: .whitespaces))
    }
    guard let after, command.traits.sendsEvent else { return }
    lines.append("expect stack \(after.navigation)")
    if let offer = after.offer { lines.append("expect offer \(offer.resolution.target)") }
  }

  /// Records a `restore FILE` run at the prompt (`file` resolved): the file
  /// relative to the recording's folder, and where the session was then.
  mutating func recordRestore(
    _ line: TypedLine, of file: String, outcome: ScenarioHost.Outcome, after: CheckoutSession?
  ) {
    if outcome.problem != nil { return leaveOut(line) }
    lines.append("restore \(Recorder.fileReference(file, recordPath: path))")
    if let after { lines.append("expect stack \(after.navigation)") }
  }

  /// A line that failed, as a comment: replaying it would stop the scenario there.
  mutating func leaveOut(_ line: TypedLine) {
    lines.append("# left out, it failed: \(line.shown)")
  }

  /// The note after a line whose secret value is a stand-in.
  static let secretNote = note(secret: true, sensitive: false, lastFourKept: false)

  /// The note after a line whose hidden values are stand-ins, saying truthfully
  /// whose values they stand for: a secret's, a sensitive value's (a card number,
  /// typed in its own row or in another), or either's (a value hidden for the name
  /// it is given to, which may be a secret or a sensitive key); and, when every one
  /// is a sensitive value's that kept its last four, so.
  static func note(secret: Bool, sensitive: Bool, lastFourKept: Bool) -> String {
    let kind = secret && sensitive ? "secret or sensitive" : secret ? "secret" : "sensitive"
    let standIn = !secret && lastFourKept ? "a stand-in with the same last four" : "a stand-in, not the value typed"
    return "\(kind): \(standIn)"
  }

  func write() throws {
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Why a write failed, in the system's words (`No such file or directory`).
  static func reason(_ error: any Error) -> String {
    FlowLoader.reason(error)
  }

  /// A line that hides a value, not a `set` of a secret or sensitive row: a value
  /// hidden for its name (`api placeOrder ok payment.card.cvv=9876`) becomes
  /// ``standIn(for:)``; a secret or sensitive value the session was given, or a card
  /// number, that another row's value or an expectation holds (`set name "4242
  /// 4242 4242 4242"`, in any script or spacing: ``SecretNames/masking(_:)``)
  /// becomes a stand-in of its own.
  private func recordedHiding(_ line: TypedLine) -> String {
    let known = line.maskedValues
    let recorded = line.rewritten(Recorder.standIn, known: Recorder.standIn(for:))
    let named = line.hidesNamedValue
    let secret = named || known.contains(where: \.isSecret)
    let sensitive = named || known.contains { !$0.isSecret }
    let lastFourKept = known.allSatisfy { Recorder.keepsLastFour(Recorder.standIn(for: $0), of: $0.text) }
    return recorded + "  # \(Recorder.note(secret: secret, sensitive: sensitive, lastFourKept: lastFourKept))"
  }

  /// The stand-in for a value known to be hidden within a line: a secret's has only
  /// its shape, a sensitive value's (a card number) also its last four.
  static func standIn(for value: SecretNames.HiddenValue) -> String {
    value.isSecret ? standIn(for: value.text) : sensitiveStandIn(for: value.text)
  }

  /// Whether `standIn` ends with the same four digits as `value` (any script).
  static func keepsLastFour(_ standIn: String, of value: String) -> Bool {
    let lastFour = { (text: String) in text.unicodeScalars.compactMap(DecimalDigits.value).suffix(4) }
    let kept = lastFour(value)
    return kept.count == 4 && lastFour(standIn).elementsEqual(kept)
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
    // The rules read the value as the row accepts it (any script's digits as 0-9).
    func passes(_ typed: String) -> Bool {
      var accepted = Value.string(typed)
      if let row, case .success(let value) = RowInput.accept(accepted, for: row, data: session.data) {
        accepted = value
      }
      return evaluator.firstFailure(of: rules, value: accepted, title: title, remember: false) == nil
    }
    let standIn = secret ? Recorder.standIn(for: value) : Recorder.sensitiveStandIn(for: value)
    let recorded = passes(standIn) == passes(value) ? standIn : Masking.secretPlaceholder
    let note = Recorder.note(
      secret: secret, sensitive: !secret, lastFourKept: Recorder.keepsLastFour(recorded, of: value))
    return "set \(row?.id.rawValue ?? name) \"\(recorded)\"  # \(note)"
  }

  /// Keeps the last four digits and the shape, the digits' script too (`٤٢٤٢`); the
  /// other digits become 0 but one, chosen so the Luhn check comes out as it did
  /// for the real number. A value of five digits or fewer gets ``standIn(for:)``.
  static func sensitiveStandIn(for value: String) -> String {
    var scalars = Array(value.unicodeScalars)
    let digitPositions = scalars.indices.filter { DecimalDigits.value(of: scalars[$0]) != nil }
    guard digitPositions.count > 5 else { return standIn(for: value) }
    let digits = { digitPositions.map { DecimalDigits.value(of: scalars[$0]) ?? 0 } }
    let luhnValid = CardNumberText.luhnValid(digits())
    let hidden = digitPositions.dropLast(4)
    for position in hidden { scalars[position] = DecimalDigits.zero(of: scalars[position]) ?? "0" }
    if let adjustable = hidden.first, let zero = DecimalDigits.zero(of: scalars[adjustable]) {
      for digit in 0...9 {
        scalars[adjustable] = Unicode.Scalar(zero.value + UInt32(digit)) ?? zero
        if CardNumberText.luhnValid(digits()) == luhnValid { break }
      }
    }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars)
    return String(text)
  }

  /// Digits become 1 (of their script: `١` for `٤`), letters a or A, anything else
  /// stays: same shape, no secret.
  static func standIn(for value: String) -> String {
    String(
      value.map { character -> Character in
        if character.isNumber {
          guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            let zero = DecimalDigits.zero(of: scalar), let one = Unicode.Scalar(zero.value + 1)
          else { return "1" }
          return Character(one)
        }
        if character.isLetter { return character.isUppercase ? "A" : "a" }
        return character
      })
  }
}
