import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// One generated story: a scenario the generator lived through on a real session,
/// written down with the expectations it saw.
///
/// ```swift
/// let suite = StoryGenerator(flow: compiled, today: today).generate()
/// suite.stories.first?.fileName  // "stepTwo--card_number_invalid.scenario"
/// ```
package struct Story: Hashable, Sendable {
  /// What a story shows.
  package enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
    /// An API error at a failing step, routed to its resolution, fixed and resubmitted.
    case apiError = "api"
    /// Several errors in one response: the first offered, the rest queued.
    case queuedErrors = "queued"
    /// A call that asks for an action: completed then answered, or cancelled.
    case action
    /// A value that breaks one rule, caught before any API call.
    case localValidation = "local"
    /// A walk that opens steps and goes back, with the stack after each move.
    case tour
    /// A row that `requires` steps, tapped while they are incomplete (refused), then once they are complete.
    case guardRefusal = "guard"
    /// The rules of a step's rows: each broken, each bound probed just inside and just outside.
    case rules
    /// A row's condition false (the row cannot be used), then true (it is used).
    case condition
    /// In a language the flow ships after its default: a step's words and one of its errors.
    case locale
  }

  /// The file name without `.scenario`, e.g. `stepTwo--cvv_invalid`.
  package var name: String
  /// What the story shows.
  package var kind: Kind
  /// One sentence saying what the story is (the file's first comment).
  package var summary: String
  /// The coverage pair the story proves, for API error stories.
  package var pair: StoryPair?
  /// The scenario lines after the header (`flow`, `today`), comments included.
  package var lines: [String]

  /// Creates a story.
  package init(name: String, kind: Kind, summary: String, pair: StoryPair? = nil, lines: [String]) {
    self.name = name
    self.kind = kind
    self.summary = summary
    self.pair = pair
    self.lines = lines
  }

  /// `stepTwo--cvv_invalid.scenario`.
  package var fileName: String { name + ".scenario" }

  /// The whole scenario file: the summary as comments, then `flow` (a path relative
  /// to the file) and `today`, then the lines.
  package func text(flowPath: String, today: CalendarDate) -> String {
    let header = ScenarioText.comment(summary) + ["flow \(ScenarioText.word(flowPath))", "today \(today)", ""]
    return (header + lines).joined(separator: "\n") + "\n"
  }
}

/// One pair of the coverage matrix, by error matcher: a step where a submit can
/// fail, and one matcher of the flow (with the resolution it sends errors to).
package struct StoryPair: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The step with the submit row.
  package var origin: StepID
  /// The operation submitted there (the step's first submit).
  package var operation: OperationName
  /// The matcher's index in `flow.errors`.
  package var matcher: Int
  /// The matcher as written: `cvv_invalid`, `card_*`, `field=shipping.zip`.
  package var matcherText: String
  /// Where the matcher sends errors: `creditCard.cvv`.
  package var resolution: String

  /// Creates a pair.
  package init(origin: StepID, operation: OperationName, matcher: Int, matcherText: String, resolution: String) {
    self.origin = origin
    self.operation = operation
    self.matcher = matcher
    self.matcherText = matcherText
    self.resolution = resolution
  }

  /// `stepTwo × cvv_invalid -> creditCard.cvv`.
  package var description: String { "\(origin) × \(matcherText) -> \(resolution)" }
}

/// A pair that gets no story, and why.
package struct InfeasiblePair: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The pair.
  package var pair: StoryPair
  /// Why no shopper can live through it (which guard, which key, which rules).
  package var reason: String

  /// Creates an infeasible pair.
  package init(pair: StoryPair, reason: String) {
    self.pair = pair
    self.reason = reason
  }

  /// `stepTwo × cvv_invalid -> creditCard.cvv: reason`.
  package var description: String { "\(pair): \(reason)" }
}

/// Everything generated for one flow: the stories, and the pairs that get none.
package struct StorySuite: Hashable, Sendable {
  /// The flow's id.
  package var flow: FlowID
  /// The session date the stories run on.
  package var today: CalendarDate
  /// The seed values were drawn with.
  package var seed: UInt64
  /// Every story, API error stories first (pair order), then queued, action, local,
  /// tours, guards, rules, conditions and locales.
  package var stories: [Story]
  /// Every pair with no story, with its reason.
  package var infeasible: [InfeasiblePair]
  /// Every pair of the coverage matrix, by matcher (origin-major).
  package var pairs: [StoryPair]
  /// Opening rows and back moves no tour could take, with the reason.
  package var untoured: [String]
  /// Validated row × rule stories that could not be written, with the reason.
  package var unwritten: [String]
  /// Action stories (a submit's action × completed, each error, cancelled) that
  /// could not be written, with the reason.
  package var unwrittenActions: [String] = []
  /// Locale stories (a locale the flow ships after its default × step) that could
  /// not be written, with the reason.
  package var unwrittenLocales: [String] = []

  /// Creates a suite.
  package init(
    flow: FlowID, today: CalendarDate, seed: UInt64, stories: [Story], infeasible: [InfeasiblePair],
    pairs: [StoryPair], untoured: [String] = [], unwritten: [String] = []
  ) {
    self.unwritten = unwritten
    self.flow = flow
    self.today = today
    self.seed = seed
    self.stories = stories
    self.infeasible = infeasible
    self.pairs = pairs
    self.untoured = untoured
  }

  /// How many stories of each kind, in ``Story/Kind`` order (kinds with none left out).
  package var counts: [(kind: Story.Kind, count: Int)] {
    Story.Kind.allCases.compactMap { kind in
      let count = stories.filter { $0.kind == kind }.count
      return count == 0 ? nil : (kind, count)
    }
  }
}
