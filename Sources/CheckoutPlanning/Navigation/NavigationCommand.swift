import CheckoutModel

/// One navigation operation the host performs.
///
/// ```swift
/// NavigationCommand(parsing: "present creditCard")  // .present("creditCard")
/// NavigationCommand.pop.description                 // "pop"
/// ```
public enum NavigationCommand: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Pushes a step onto the top layer.
  case push(StepID)
  /// Presents a new modal layer holding the step.
  case present(StepID)
  /// Pops the top step of the top layer (which must hold more than one).
  case pop
  /// Dismisses the whole top modal layer.
  case dismiss
  /// Replaces the whole navigation state with the step.
  case reset(StepID)

  /// Whether the command goes back (pop, dismiss) rather than forward.
  package var isBackward: Bool {
    self == .pop || self == .dismiss
  }

  /// The step the command opens, for forward commands.
  package var opened: StepID? {
    switch self {
    case .push(let step), .present(let step), .reset(let step): return step
    case .pop, .dismiss: return nil
    }
  }

  /// The command that opens a step of this presentation.
  package static func opening(_ step: StepID, as presentation: Presentation) -> NavigationCommand {
    switch presentation {
    case .push: return .push(step)
    case .modal: return .present(step)
    case .reset: return .reset(step)
    }
  }

  /// `push X`, `present X`, `pop`, `dismiss`, `reset X`.
  public var description: String {
    switch self {
    case .push(let step): return "push \(step)"
    case .present(let step): return "present \(step)"
    case .pop: return "pop"
    case .dismiss: return "dismiss"
    case .reset(let step): return "reset \(step)"
    }
  }

  /// Parses the notation `description` prints; nil when it is not a command.
  package init?(parsing text: String) {
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    switch (words.first, words.count) {
    case ("pop", 1): self = .pop
    case ("dismiss", 1): self = .dismiss
    case ("push", 2): self = .push(StepID(words[1]))
    case ("present", 2): self = .present(StepID(words[1]))
    case ("reset", 2): self = .reset(StepID(words[1]))
    default: return nil
    }
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let command = NavigationCommand(parsing: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(Quoting.quoted(text)) is not a navigation command"))
    }
    self = command
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
