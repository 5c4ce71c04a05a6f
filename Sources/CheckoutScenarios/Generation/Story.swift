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
public struct Story: Hashable, Sendable {
  /// What a story shows.
  public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
    /// An API error at a failing step, routed to its resolution, fixed and resubmitted.
    case apiError = "api"
    /// Several errors in one response: the first offered, the rest queued.
    case queuedErrors = "queued"
    /// A value that breaks one rule, caught before any API call.
    case localValidation = "local"
    /// A walk that opens steps and goes back, with the stack after each move.
    case tour
  }

  /// The file name without `.scenario`, e.g. `stepTwo--cvv_invalid`.
  public var name: String
  /// What the story shows.
  public var kind: Kind
  /// One sentence saying what the story is (the file's first comment).
  public var summary: String
  /// The coverage pair the story proves, for API error stories.
  public var pair: StoryPair?
  /// The scenario lines after the header (`flow`, `today`), comments included.
  public var lines: [String]

  /// Creates a story.
  public init(name: String, kind: Kind, summary: String, pair: StoryPair? = nil, lines: [String]) {
    self.name = name
    self.kind = kind
    self.summary = summary
    self.pair = pair
    self.lines = lines
  }

  /// `stepTwo--cvv_invalid.scenario`.
  public var fileName: String { name + ".scenario" }

  /// The whole scenario file: the summary as comments, then `flow` (a path relative
  /// to the file) and `today`, then the lines.
  public func text(flowPath: String, today: CalendarDate) -> String {
    let header = ScenarioText.comment(summary) + ["flow \(ScenarioText.word(flowPath))", "today \(today)", ""]
    return (header + lines).joined(separator: "\n") + "\n"
  }
}

/// One pair of the coverage matrix, by error matcher: a step where a submit can
/// fail, and one matcher of the flow (with the resolution it sends errors to).
public struct StoryPair: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The step with the submit row.
  public var origin: StepID
  /// The operation submitted there (the step's first submit).
  public var operation: OperationName
  /// The matcher's index in `flow.errors`.
  public var matcher: Int
  /// The matcher as written: `cvv_invalid`, `card_*`, `field=shipping.zip`.
  public var matcherText: String
  /// Where the matcher sends errors: `creditCard.cvv`.
  public var resolution: String

  /// Creates a pair.
  public init(origin: StepID, operation: OperationName, matcher: Int, matcherText: String, resolution: String) {
    self.origin = origin
    self.operation = operation
    self.matcher = matcher
    self.matcherText = matcherText
    self.resolution = resolution
  }

  /// `stepTwo × cvv_invalid -> creditCard.cvv`.
  public var description: String { "\(origin) × \(matcherText) -> \(resolution)" }
}

/// A pair that gets no story, and why.
public struct InfeasiblePair: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The pair.
  public var pair: StoryPair
  /// Why no shopper can live through it (which guard, which key, which rules).
  public var reason: String

  /// Creates an infeasible pair.
  public init(pair: StoryPair, reason: String) {
    self.pair = pair
    self.reason = reason
  }

  /// `stepTwo × cvv_invalid -> creditCard.cvv: reason`.
  public var description: String { "\(pair): \(reason)" }
}

/// Everything generated for one flow: the stories, and the pairs that get none.
public struct StorySuite: Hashable, Sendable {
  /// The flow's id.
  public var flow: FlowID
  /// The session date the stories run on.
  public var today: CalendarDate
  /// The seed values were drawn with.
  public var seed: UInt64
  /// Every story, API error stories first (pair order), then queued, local, tours.
  public var stories: [Story]
  /// Every pair with no story, with its reason.
  public var infeasible: [InfeasiblePair]
  /// Every pair of the coverage matrix, by matcher (origin-major).
  public var pairs: [StoryPair]
  /// Opening rows and back moves no tour could take, with the reason.
  public var untoured: [String]
  /// Validated row × rule stories that could not be written, with the reason.
  public var unwritten: [String]

  /// Creates a suite.
  public init(
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
  public var counts: [(kind: Story.Kind, count: Int)] {
    Story.Kind.allCases.compactMap { kind in
      let count = stories.filter { $0.kind == kind }.count
      return count == 0 ? nil : (kind, count)
    }
  }
}
