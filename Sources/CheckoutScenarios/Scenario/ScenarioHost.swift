import Foundation
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Plays the host for a session, as the REPL and the replayer do: performs every
/// navigation command (confirming appearances itself in `auto` mode), answers API
/// calls from the development API, and checks expectations.
package struct ScenarioHost: Sendable {
  /// A failed expectation: what was expected and what was found.
  package struct Failure: Hashable, Sendable, CustomStringConvertible {
    /// What the line expected.
    package var expected: String
    /// What the session had.
    package var actual: String
    /// `expected X, got Y`.
    package var description: String { "expected \(expected)\n  actual   \(actual)" }
  }

  /// What one command did.
  package struct Outcome: Sendable {
    /// Every effect the session returned, in order (including those of automatic appearances).
    package var effects: [Effect] = []
    /// Text for the person (help, plans, stack, notes), one line each.
    package var notes: [String] = []
    /// The failed expectation, for `expect` lines.
    package var failure: Failure?
    /// The word of a failed `expect` line its failure is about (0 `expect`, 1
    /// what is expected, 2 its first argument): the name the screen does not
    /// have, else the expected value. Where a report points its column.
    package var failureWord: Int?
    /// Whether the command was an expectation that held.
    package var passed = false
    /// A problem with the command itself (unknown row, no flow).
    package var problem: String?
    /// The word of the line the problem is about, when it is one word (0 the
    /// command, 1 its first argument): where a report points its column.
    package var problemWord: Int?
    /// Whether the problem is the `locale` line's that came before the `flow`
    /// line: a language the flow, once loaded, does not speak. A report points at
    /// that line's tag (its word 1), not at the `flow` line.
    package var problemIsEarlierLocale = false
    /// `quit` was typed.
    package var quit = false
  }

  /// The session; nil until a flow is given.
  package private(set) var session: CheckoutSession?
  /// Who confirms appearances.
  package private(set) var mode: HostMode = .auto
  /// The scripted API.
  package private(set) var api = DevelopmentAPI()
  /// The effects of the last command, for `expect effect`.
  package private(set) var lastEffects: [Effect] = []
  /// The values this host's lines gave to secret or sensitive rows and keys (`set
  /// cvv 8642`, `set number …`, an API's data for such a key), each with how it may
  /// be shown (`•••`; a card number `•••• 4242`), for as long as the host runs:
  /// ``SecretNames`` masks them in a line and in an expectation's texts, even once
  /// the session no longer holds them (a CVV the API rejected). Never printed.
  package private(set) var enteredSecrets: [String: String] = [:]
  /// The session's date, applied when a flow is loaded later.
  package private(set) var today: CalendarDate?
  /// The shopper's language, applied when a flow is loaded later (nil: the flow's default).
  package private(set) var locale: String?
  /// Where relative `flow` paths start.
  package var baseDirectory: String
  /// The custom rules flows may use.
  package var registry: RuleRegistry
  /// Flows a `flow` line may name instead of a path (`builtin:plndr` → its JSON).
  package var builtInFlows: [String: String] = [:]
  /// Reads the file a `flow` line names; its error's description says why it
  /// cannot. By default the engine's reader (regular files up to 64 MiB); the
  /// command line gives its own, so that every command reads files one way.
  package var readFile: @Sendable (String) throws -> [UInt8] = ScenarioHost.readWithFlowLoader
  /// Makes the flow a `flow` line names from its file's bytes (`file` is the
  /// path resolved, or the built-in flow's name), or throws why it is not run: a
  /// ``FlowLoadError`` is reported under `cannot load the flow PATH:`, any other
  /// error under `cannot run the flow PATH:`. By default the loader's
  /// ``FlowLoader/load(bytes:file:)``; the command line gives its own, which also
  /// refuses a flow `checkout lint` finds errors in.
  package var makeFlow: @Sendable (_ loader: FlowLoader, _ bytes: [UInt8], _ file: String) throws -> Flow = {
    loader, bytes, file in try loader.load(bytes: bytes, file: file)
  }
  /// The flow every `flow` line loads instead of the one it names (`checkout
  /// replay --flow`: stories run on another version of their flow); nil to load
  /// what the line names.
  package var replacementFlow: CompiledFlow?
  /// Writes the file a `snapshot` line names (the path already resolved against
  /// ``baseDirectory``); its error's description says why it cannot.
  package var writeFile: @Sendable (String, Data) throws -> Void = { path, data in
    try data.write(to: URL(fileURLWithPath: path))
  }
  /// The file the session's flow was loaded from (resolved), which a `snapshot`
  /// line never overwrites; nil for a built-in flow. A `flow` line sets it; a
  /// host made with a flow is given it by whoever loaded the flow.
  package var flowFile: String?
  /// Where a `snapshot` line may write: nowhere but a new path, an empty file or
  /// an earlier snapshot (``StoredSnapshot/isSnapshot(_:)``).
  private static let snapshotFiles = OverwriteRule { StoredSnapshot.isSnapshot($0) }

  private static func readWithFlowLoader(_ path: String) throws(Unreadable) -> [UInt8] {
    do {
      return try FlowLoader.read(path)
    } catch {
      throw Unreadable(description: error.message)
    }
  }

  /// A file the host cannot read, and why.
  package struct Unreadable: Error, CustomStringConvertible {
    /// `cannot read the file: REASON`.
    package var description: String
    /// Creates the error.
    package init(description: String) { self.description = description }
  }

  /// A host with a flow already, or none (a scenario's `flow` line gives it).
  package init(
    flow: CompiledFlow? = nil, today: CalendarDate? = nil, baseDirectory: String = ".",
    registry: RuleRegistry = RuleRegistry()
  ) {
    self.today = today
    self.baseDirectory = baseDirectory
    self.registry = registry
    if let flow { session = CheckoutSession(flow: flow, today: today ?? .systemToday()) }
  }

  /// A new session on the flow, on the host's date and in its locale: one the
  /// flow does not speak is the problem of the `locale` line that named it.
  private func newSession(_ flow: CompiledFlow, _ outcome: inout Outcome) -> CheckoutSession {
    var session = CheckoutSession(flow: flow, today: today ?? .systemToday())
    guard let locale else { return session }
    do {
      try session.setLocale(locale)
    } catch {
      outcome.problem = error.description
      outcome.problemIsEarlierLocale = true
    }
    return session
  }

  /// `locale TAG`: the session's language now, or the next session's when no flow
  /// is loaded yet. Before the flow any well-formed tag is kept, and checked
  /// against the flow's languages (its own included) once the `flow` line loads it.
  private mutating func changeLocale(to tag: String, _ outcome: inout Outcome) {
    guard var session else {
      guard LanguageTag.isWellFormed(tag) else {
        outcome.problem = "\(Quoting.quoted(tag)) is not a BCP 47 language tag (\(LanguageTag.writingHint(tag)))"
        outcome.problemWord = 1
        return
      }
      locale = tag
      return
    }
    do {
      try session.setLocale(tag)
      locale = tag
      self.session = session
    } catch {
      outcome.problem = error.description
      outcome.problemWord = 1
    }
  }

  /// Runs one command.
  package mutating func run(_ command: ScenarioCommand) -> Outcome {
    var outcome = Outcome()
    switch command {
    case .flow(let path): loadFlow(path, &outcome)
    case .today(let date):
      today = date
      session?.today = date
    case .locale(let tag): changeLocale(to: tag, &outcome)
    case .mode(let mode):
      self.mode = mode
      outcome.notes.append(
        mode == .manual
          ? "manual mode: confirm each screen with 'appear STEP'" : "auto mode: screens appear by themselves")
      // The screen a person had still to confirm: auto mode confirms it, as it would have.
      if mode == .auto, let session, let awaited = Self.awaitedStep(of: session) {
        outcome.notes.append("\(awaited) appeared: the session was waiting for it")
        perform(.appeared(awaited), &outcome)
      }
    case .api(let operation, let response):
      if let session { rememberSecrets(command, in: session) }
      // An answer for an operation no submit calls would wait for ever, and the
      // real call go unanswered: a typo fails the line instead.
      guard let session else {
        outcome.problem = "no flow yet; start the scenario with 'flow PATH'"
        return outcome
      }
      if let problem = Self.unknownOperation(operation, in: session.flow) {
        outcome.problem = problem
        outcome.problemWord = 1
        return outcome
      }
      api.enqueue(response, for: operation)
      if let call = session.calls[operation], call.action == nil, let answer = api.answer(operation) {
        perform(DevelopmentAPI.event(answer, for: operation, in: session.flow), &outcome)
      }
    case .help(let name): outcome.notes += helpText(name)
    case .quit: outcome.quit = true
    case .expect(var expectation):
      guard let session else {
        outcome.problem = "no flow yet; start the scenario with 'flow PATH'"
        return outcome
      }
      // A row named by its number is the row that number shows on this screen.
      if let row = expectation.row, let number = RowNumber(row.rawValue) {
        guard let id = number.row(on: session) else {
          outcome.problem = RowNumber.outOfRange(row.rawValue, on: session)
          outcome.problemWord = 2
          return outcome
        }
        expectation = expectation.naming(id)
      }
      let checker = ExpectationChecker(
        session: session, lastEffects: lastEffects, names: SecretNames(session, entered: enteredSecrets))
      outcome.failure = checker.check(expectation)
      outcome.passed = outcome.failure == nil
      if !outcome.passed { outcome.failureWord = checker.wordAtFault(expectation) }
      return outcome
    case .set, .tap, .back, .accept, .decline, .appear, .stack, .snapshot, .restore, .show, .plan:
      guard let session else {
        outcome.problem = "no flow yet; start the scenario with 'flow PATH'"
        return outcome
      }
      rememberSecrets(command, in: session)
      runSessionCommand(command, &outcome)
    }
    if Self.replacesEffects(command, outcome) { lastEffects = outcome.effects }
    return outcome
  }

  /// Keeps, in ``enteredSecrets``, the value a `set` gives a secret or sensitive
  /// row or key, and the values an `api` answer gives such keys.
  private mutating func rememberSecrets(_ command: ScenarioCommand, in session: CheckoutSession) {
    let masking = session.compiled.masking
    func remember(_ value: String, secret: Bool) {
      guard !value.isEmpty else { return }
      enteredSecrets[value] = secret ? Masking.secretPlaceholder : Masking.masked(value)
    }
    switch command {
    case .set(let name, let value):
      let target = SetLine(name.description, in: session)
      let secret = target.row?.secret == true || target.key.map(masking.isSecret) == true
      if secret || target.row.map({ SecretNames.isHidden($0, in: session.compiled) }) == true
        || target.key.map(masking.isMasked) == true
      {
        remember(value, secret: secret)
      }
    case .api(_, .succeeded(let data)), .api(_, .actionRequired(_, let data)):
      for (key, value) in data where masking.isMasked(key) {
        remember(value.displayText, secret: masking.isSecret(key))
      }
    // An answer that fails gives no values; the other commands give the session none.
    case .api(_, .failed), .flow, .today, .locale, .tap, .back, .accept, .decline, .mode, .appear, .show, .stack,
      .plan, .snapshot, .restore, .help, .quit, .expect:
      break
    }
  }

  /// Whether a command's outcome is what `expect effect` checks next: an event's
  /// (even one that changed nothing), or any other command's that had effects
  /// (`auto` confirming a screen). An `expect` line never is.
  package static func replacesEffects(_ command: ScenarioCommand, _ outcome: Outcome) -> Bool {
    if case .expect = command { return false }
    return !outcome.effects.isEmpty || command.traits.sendsEvent
  }

  private mutating func runSessionCommand(_ command: ScenarioCommand, _ outcome: inout Outcome) {
    guard let session else { return }
    switch command {
    case .set(.row(let name), let value):
      guard let row = resolveRowName(name, in: session) else { return outcomeUnknownNumber(name, &outcome) }
      if let problem = unknownName(row, in: session) {
        outcome.problem = problem
        outcome.problemWord = 1
        return
      }
      perform(.set(.row(RowID(row)), .string(value)), &outcome)
    case .set(.key(let key), let value):
      // A key the flow does not know is a typo that fails the scenario; a read-only
      // key is the engine's refusal, shown like any other.
      if let refusal = session.compiled.setRefusal(for: key), refusal.kind == .unknownKey {
        outcome.problem = refusal.message
        outcome.problemWord = 1
        return
      }
      perform(.set(.key(key), .string(value)), &outcome)
    case .tap(let name):
      guard let row = resolveRowName(name, in: session) else { return outcomeUnknownNumber(name, &outcome) }
      if let problem = unknownName(row, in: session) {
        outcome.problem = problem
        outcome.problemWord = 1
        return
      }
      perform(.tap(RowID(row)), &outcome)
    case .back: perform(.back, &outcome)
    case .accept: perform(.accept, &outcome)
    case .decline: perform(.decline, &outcome)
    case .appear(let step):
      // A step the flow does not have is a typo, not the shopper going elsewhere.
      if let problem = Self.unknownStep(step, in: session.flow) {
        outcome.problem = problem
        outcome.problemWord = 1
        return
      }
      perform(.appeared(step), &outcome)
    case .stack: outcome.notes.append(session.navigation.description)
    case .snapshot(let path): writeSnapshot(of: session, to: path, &outcome)
    case .restore(let path): restoreSnapshot(from: path, onto: session.compiled, &outcome)
    case .show: break
    case .plan(let step, let row):
      if let row, let found = session.compiled.step(step), found.row(row) == nil {
        outcome.notes.append("no route: " + Refusal.noSuchRow(row, on: found))
        break
      }
      // As `checkout plan` answers: through calls' successes when no taps lead there.
      switch session.compiled.planner.planThroughCalls(
        from: session.navigation, to: step, guards: session.completeness.routeGuards)
      {
      case .success(let walk):
        let target = RowReference(step: step, row: row).description
        outcome.notes.append("route to \(target): \(walk)")
      case .failure(let noRoute):
        // A guard's reason already begins `no route to STEP:`.
        if case .guarded = noRoute.reason {
          outcome.notes.append(noRoute.description)
        } else if case .unreachable = noRoute.reason, let opening = session.compiled.planner.actionOpening(step) {
          outcome.notes.append("no route: \(noRoute); \(opening)")
        } else {
          outcome.notes.append("no route: \(noRoute)")
        }
      }
    // `run` answers these itself, before a session is needed.
    case .flow, .today, .locale, .mode, .api, .help, .quit, .expect: break
    }
  }

  /// `no submit calls operation "placOrder"; did you mean "placeOrder"?` (as lint
  /// says of a matcher) for an operation no submit of the flow calls, else nil.
  private static func unknownOperation(_ operation: OperationName, in flow: Flow) -> String? {
    flow.unknownOperation(operation).map { "\($0.message); \($0.suggestion)" }
  }

  /// `unknown step "adress"; did you mean "address"?` (as `plan` says) for a step
  /// the flow does not have, else nil.
  private static func unknownStep(_ step: StepID, in flow: Flow) -> String? {
    flow.unknownStep(step).map { "\($0.message); \($0.suggestion)" }
  }

  /// A name that is no row of the step on screen: a typo in a scenario fails it
  /// instead of passing as a refusal.
  private func unknownName(_ name: String, in session: CheckoutSession) -> String? {
    guard let step = session.currentStep, step.row(RowID(name)) == nil else { return nil }
    return Refusal.noSuchRow(RowID(name), on: step)
  }

  /// A row named by its number on screen (1-based, visible rows) becomes its id.
  private func resolveRowName(_ name: String, in session: CheckoutSession) -> String? {
    guard let number = RowNumber(name) else { return name }
    return number.row(on: session)?.rawValue
  }

  private func outcomeUnknownNumber(_ name: String, _ outcome: inout Outcome) {
    guard let session else { return }
    outcome.problem = RowNumber.outOfRange(name, on: session)
    outcome.problemWord = 1
  }

  /// Sends an event and plays the host for what it returns: the ``AutoHost``
  /// confirms appearances (in `auto` mode) and the development API answers calls.
  /// The step a session waits to see appear (a command sent for a tap or a call's
  /// success, or a route's next step), if any.
  static func awaitedStep(of session: CheckoutSession) -> StepID? {
    if let pending = session.pending { return pending.expected }
    if case .awaiting(let expected, _, _) = session.driver.state { return expected }
    return nil
  }

  private mutating func perform(_ event: SessionEvent, _ outcome: inout Outcome) {
    guard var session else { return }
    let flow = session.flow
    outcome.effects += AutoHost(appears: mode == .auto).send(event, to: &session) { operation, _, _ in
      guard let answer = api.answer(operation) else {
        outcome.notes.append(
          "\(operation) is waiting for an answer: type 'api \(operation) ok' or 'api \(operation) fail CODE'")
        return nil
      }
      return DevelopmentAPI.event(answer, for: operation, in: flow)
    }
    self.session = session
  }

  private mutating func loadFlow(_ path: String, _ outcome: inout Outcome) {
    if let replacementFlow {
      session = newSession(replacementFlow, &outcome)
      flowFile = nil
      return
    }
    let full = resolved(path)
    let loader = FlowLoader(customRules: registry.names)
    let bytes: [UInt8]
    if let json = builtInFlows[path] {
      bytes = Array(json.utf8)
    } else {
      do {
        bytes = try readFile(full)
      } catch {
        outcome.problem = "cannot load the flow \(path): \(error)"
        return
      }
    }
    do {
      let flow = try makeFlow(loader, bytes, builtInFlows[path] == nil ? full : path)
      session = newSession(CompiledFlow(flow, registry: registry), &outcome)
      flowFile = builtInFlows[path] == nil ? full : nil
    } catch let error as FlowLoadError {
      outcome.problem = "cannot load the flow \(path):\n\(error)"
    } catch {
      outcome.problem = "cannot run the flow \(path):\n\(error)"
    }
  }

  /// A path relative to ``baseDirectory`` (the scenario's folder; the REPL's current directory).
  private func resolved(_ path: String) -> String {
    path.hasPrefix("/") ? path : baseDirectory + "/" + path
  }

  /// `snapshot FILE`: the session's snapshot JSON, as a store keeps it (no secret;
  /// sensitive values masked), what `checkout migrate` reads. It overwrites only
  /// an empty file or an earlier snapshot, never the flow loaded (``OverwriteRule``).
  private func writeSnapshot(of session: CheckoutSession, to path: String, _ outcome: inout Outcome) {
    let another = "name another file, like snapshot cart.json"
    let refused = "cannot write the snapshot to \(path)"
    switch Self.snapshotFiles.refusal(at: resolved(path), inputs: flowFile.map { [$0] } ?? []) {
    case nil: break
    case .input?:
      outcome.problem = "\(refused): it is the flow loaded; \(another)"
      return
    case .directory?:
      let inside = (path.hasSuffix("/") ? path : path + "/") + "cart.json"
      outcome.problem = "\(refused): it is a directory; name a file in it, like snapshot \(inside)"
      return
    case .unreadable(let reason)?:
      outcome.problem =
        "\(refused): it cannot be read to check that it is a snapshot (\(reason)), so it is not overwritten; \(another)"
      return
    case .otherFile?:
      outcome.problem = "\(refused): it is a file that is not a snapshot, so it is not overwritten; \(another)"
      return
    }
    var json = session.snapshotJSON()
    json.append(UInt8(ascii: "\n"))
    do {
      try writeFile(resolved(path), json)
      outcome.notes.append("snapshot written to \(path)")
    } catch {
      outcome.problem = "cannot write the snapshot to \(path): \(FlowLoader.reason(error))"
    }
  }

  /// `restore FILE`: the session becomes the one the file's snapshot holds, read
  /// as `checkout migrate` reads one (a store's row too; a value the example
  /// server sealed, masked), restored on the flow loaded as a store's session is
  /// (a snapshot of another flow, or of a newer version, is refused with the
  /// reason). In `auto` mode the screen the restored session waits for is confirmed.
  private mutating func restoreSnapshot(from path: String, onto flow: CompiledFlow, _ outcome: inout Outcome) {
    outcome.problemWord = 1
    let bytes: [UInt8]
    do {
      bytes = try readFile(resolved(path))
    } catch {
      outcome.problem = "cannot restore \(path): \(error)"
      return
    }
    let documents = StoredSnapshot.documents(in: bytes, file: path)
    guard documents.count == 1 else {
      outcome.problem =
        "cannot restore \(path): it holds \(documents.count) snapshots, one a line; restore takes a file with one"
      return
    }
    let restored: CheckoutSession
    do {
      restored = try CheckoutSession(restoring: StoredSnapshot.read(documents[0].json), flow: flow)
    } catch {
      outcome.problem = "cannot restore \(path): \(error.message)"
      return
    }
    outcome.problemWord = nil
    session = restored
    outcome.notes.append("restored \(path): \(restored.navigation)")
    if mode == .auto, let awaited = Self.awaitedStep(of: restored) {
      outcome.notes.append("\(awaited) appeared: the session was waiting for it")
      perform(.appeared(awaited), &outcome)
    }
  }

  private func helpText(_ name: String?) -> [String] {
    guard let name else { return ["commands:", ScenarioLanguage.overview, "type 'help COMMAND' for one command"] }
    guard let text = ScenarioLanguage.help(name, locales: session?.supportedLocales) else {
      let hint = Suggestions.didYouMean(name, in: ScenarioLanguage.commands.map(\.name)) ?? "type 'help' for the list"
      return ["no command \(Quoting.quoted(name)); \(hint)"]
    }
    return [text]
  }
}
