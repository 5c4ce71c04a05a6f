import CheckoutModel
import CheckoutPlanning

/// A flow compiled once for many sessions: its planner (with distance tables), its
/// error resolver, its masking policy and its rules. Immutable and `Sendable`, so
/// a server shares one per flow across all sessions.
///
/// ```swift
/// let compiled = CompiledFlow(try FlowLoader().load(contentsOf: "Flows/plndr.json"))
/// var session = CheckoutSession(flow: compiled, today: try CalendarDate.parse("2026-11-21"))
/// ```
public final class CompiledFlow: Sendable {
  /// The flow.
  public let flow: Flow
  /// Its route planner.
  package let planner: RoutePlanner
  /// Its error matchers.
  package let resolver: ErrorResolver
  /// Which keys are secret or sensitive.
  public let masking: Masking
  /// The custom rules its rows may use.
  package let registry: RuleRegistry
  /// Its rows' patterns, compiled.
  package let patterns: PatternCache
  /// The flow's ``FlowFingerprint``, computed once: every snapshot carries it.
  package let fingerprint: String
  /// For each data key, the steps whose completeness reads it.
  package let dependencies: StepDependencies
  /// The keys the flow's value rows bind, each once, in flow order: the only keys
  /// events may set (the flow's data and what an API provides are read-only).
  public let boundKeys: [DataKey]
  /// Each row `detail` template of the flow, in each of its languages, parsed
  /// (rendering a screen fills them in).
  package let detailTemplates: [String: DetailTemplate]
  /// For each locale the flow's `messages` write a text in, the engine's messages
  /// with the flow's texts (empty for a flow without `messages`).
  package let messageBooks: [String: EngineMessages]
  /// The rule evaluator's context for a session in the default language, made once
  /// and shared by every such session (see ``ruleContext(for:)``).
  package let defaultRuleContext: RuleEvaluator.Context
  /// The locale a session starts in when its host names none (see
  /// ``defaultLocale(of:)``), found once: a session compares its own with it on
  /// every rule check.
  package let defaultLocale: String
  /// The keys an API call sends: those value rows bind and those submits provide.
  private let payloadKeys: Set<DataKey>
  /// The flow's own `data` keys no row binds and no submit provides: the only keys
  /// a session's data holds that a call does not send (see ``sendsInPayload(_:)``).
  package let dataOnlyKeys: [DataKey]
  /// The keys a call sends only while a row binding them is shown: each key whose
  /// every value row has a `visibleWhen` (and that no submit provides), with those
  /// conditions. While none holds, the key is the answer to a question the shopper
  /// was not asked (a billing ZIP when billing is the same as shipping): not sent.
  package let shownOnlyKeys: [(key: DataKey, shownWhen: [Condition])]
  /// For each operation, the secret and sensitive keys its calls never send (see
  /// `Flow.withheldKeys(masking:)`): a discount is not sent the card typed for the
  /// payment.
  package let withheldKeys: [OperationName: Set<DataKey>]

  /// Compiles a flow.
  public init(_ flow: Flow, registry: RuleRegistry = RuleRegistry()) {
    self.flow = flow
    self.planner = RoutePlanner(flow)
    self.resolver = ErrorResolver(flow, planner: planner)
    let masking = Masking(flow)
    self.masking = masking
    self.registry = registry
    let patterns = PatternCache(flow)
    self.patterns = patterns
    self.fingerprint = FlowFingerprint.of(flow)
    self.dependencies = StepDependencies(flow, stepIndex: planner.stepIndex(of:))
    var seen = Set<DataKey>()
    self.boundKeys = flow.steps.flatMap(\.rows).compactMap { row in
      guard row.kind.takesValue, let key = row.bind, seen.insert(key).inserted else { return nil }
      return key
    }
    let provided = flow.steps.flatMap(\.rows).flatMap { row -> [DataKey] in
      if case .submit(let submit)? = row.action { return submit.provides }
      return []
    }
    let payloadKeys = Set(boundKeys).union(provided)
    self.payloadKeys = payloadKeys
    self.dataOnlyKeys = flow.data.keys.filter { !payloadKeys.contains($0) }.sorted()
    var conditions: [DataKey: [Condition]] = [:]
    var alwaysShown = Set(provided)
    for row in flow.steps.flatMap(\.rows) where row.kind.takesValue {
      guard let key = row.bind else { continue }
      if let shownWhen = row.visibleWhen {
        conditions[key, default: []].append(shownWhen)
      } else {
        alwaysShown.insert(key)
      }
    }
    self.shownOnlyKeys = conditions.filter { !alwaysShown.contains($0.key) }.sorted { $0.key < $1.key }.map {
      (key: $0.key, shownWhen: $0.value)
    }
    self.withheldKeys = flow.withheldKeys(masking: masking)
    var templates: [String: DetailTemplate] = [:]
    for case let detail? in flow.steps.flatMap(\.rows).map(\.detail) {
      for text in [detail.text] + detail.translations.values where templates[text] == nil {
        if case .success(let template) = DetailTemplate.parse(text) { templates[text] = template }
      }
    }
    self.detailTemplates = templates
    let defaultLocale = Self.defaultLocale(of: flow)
    self.defaultLocale = defaultLocale
    let messageBooks = flow.messages.isEmpty ? [:] : Self.messageBooks(flow, defaultLocale: defaultLocale)
    self.messageBooks = messageBooks
    self.defaultRuleContext = RuleEvaluator.Context(
      registry: registry, patterns: patterns, messages: Self.messages(for: defaultLocale, books: messageBooks),
      locale: nil)
  }

  /// Where the flow fixes an API error: the resolution of the first matcher (in
  /// file order) that matches it, among those of `operation` when it is given, or
  /// nil when none does (a flow without a fallback). Its message is in `locale`
  /// (nil: the flow's default language).
  public func resolution(
    for error: APIError, from operation: OperationName? = nil, locale: String? = nil
  ) -> Resolution? {
    resolver.resolve(error, from: operation, messages: messages(for: locale ?? defaultLocale), locale: locale)
  }

  /// The step with this id: what `flow.step(_:)` returns (the first step with the
  /// id), found in constant time by the planner's index.
  public func step(_ id: StepID) -> Step? {
    planner.stepIndex(of: id).map { flow.steps[$0] }
  }

  /// The index in `flow.steps` of the step with this id (the first, as for
  /// ``step(_:)``), in constant time: what a session keeps its step checks by.
  package func stepIndex(of id: StepID) -> Int? { planner.stepIndex(of: id) }

  /// Whether a call's payload carries the key: a value row binds it, a submit
  /// provides it, or the host added it (an action's result, such as a 3-D Secure
  /// answer): every key but the flow's own `data` that no row binds.
  package func sendsInPayload(_ key: DataKey) -> Bool {
    payloadKeys.contains(key) || flow.data[key] == nil
  }

  /// The position of a step in the flow (for "first in flow order").
  func order(of step: StepID) -> Int { planner.stepIndex(of: step) ?? Int.max }
}
