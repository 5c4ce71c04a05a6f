import Foundation

/// Where the shopper is: a stack of layers, each a stack of steps. The first layer
/// is the root navigation stack; each further layer is a modal.
///
/// Written `cart>stepOne>stepTwo|discount`: steps of a layer joined by `>`,
/// layers joined by `|`.
///
/// ```swift
/// var state = try NavigationState(parsing: "cart>stepOne>stepTwo")
/// try state.apply(.pop)
/// try state.apply(.present("creditCard"))
/// state.description  // "cart>stepOne|creditCard"
/// ```
public struct NavigationState: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Every step on the state, root first, layers one after another; never empty.
  public private(set) var steps: [StepID]
  /// Where each layer starts in `steps`: 0 first, then one index per modal layer.
  /// Flat storage keeps planning free of nested arrays.
  public private(set) var layerStarts: [Int]

  /// A state holding one step on the root layer.
  public init(root: StepID) {
    steps = [root]
    layerStarts = [0]
  }

  /// A state from layers; nil if there are none or one is empty.
  public init?(layers: [[StepID]]) {
    guard !layers.isEmpty, layers.allSatisfy({ !$0.isEmpty }) else { return nil }
    steps = layers.flatMap { $0 }
    var starts: [Int] = []
    var index = 0
    for layer in layers {
      starts.append(index)
      index += layer.count
    }
    layerStarts = starts
  }

  /// The layers, root first; no layer is empty.
  public var layers: [[StepID]] {
    layerStarts.indices.map { Array(steps[layerRange($0)]) }
  }

  /// The positions in `steps` of a layer.
  public func layerRange(_ layer: Int) -> Range<Int> {
    layerStarts[layer]..<(layer + 1 < layerStarts.count ? layerStarts[layer + 1] : steps.count)
  }

  /// The step on screen.
  public var top: StepID {
    steps[steps.count - 1]
  }

  /// How many commands deep the state is: steps beyond the root.
  public var depth: Int { steps.count - 1 }

  /// Whether a command can be applied: `pop` needs a top layer of two steps or
  /// more, `dismiss` a modal layer.
  public func canApply(_ command: NavigationCommand) -> Bool {
    switch command {
    case .pop: return steps.count - layerStarts[layerStarts.count - 1] > 1
    case .dismiss: return layerStarts.count > 1
    case .push, .present, .reset: return true
    }
  }

  /// Applies a command, exactly as DESIGN section 2 defines it.
  public mutating func apply(_ command: NavigationCommand) throws(NavigationError) {
    guard canApply(command) else { throw NavigationError(command: command, state: self) }
    switch command {
    case .push(let step): steps.append(step)
    case .present(let step):
      layerStarts.append(steps.count)
      steps.append(step)
    case .pop: steps.removeLast()
    case .dismiss: steps.removeSubrange(layerStarts.removeLast()...)
    case .reset(let step):
      steps = [step]
      layerStarts = [0]
    }
  }

  /// The state after a command.
  public func applying(_ command: NavigationCommand) throws(NavigationError) -> NavigationState {
    var copy = self
    try copy.apply(command)
    return copy
  }

  /// The notation: `cart>stepOne|creditCard`.
  public var description: String {
    layers.map { $0.map(\.rawValue).joined(separator: ">") }.joined(separator: "|")
  }

  /// Parses the notation; every step must be an identifier.
  public init(parsing text: String) throws(NavigationStateSyntaxError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else {
      throw NavigationStateSyntaxError(text: text, message: "a navigation state needs at least one step")
    }
    var layers: [[StepID]] = []
    for layerText in trimmed.split(separator: "|", omittingEmptySubsequences: false) {
      var layer: [StepID] = []
      for stepText in layerText.split(separator: ">", omittingEmptySubsequences: false) {
        let name = stepText.trimmingCharacters(in: .whitespaces)
        guard IdentifierSyntax.isIdentifier(name) else {
          throw NavigationStateSyntaxError(
            text: text,
            message: name.isEmpty
              ? "empty step name; write steps joined by '>' and layers joined by '|', like cart>stepOne|creditCard"
              : "\"\(name)\" is not a step id")
        }
        layer.append(StepID(name))
      }
      layers.append(layer)
    }
    guard let state = NavigationState(layers: layers) else {
      throw NavigationStateSyntaxError(text: text, message: "a navigation state needs at least one step")
    }
    self = state
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      self = try NavigationState(parsing: text)
    } catch {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// A command that cannot be applied to a state (a pop with one step, a dismiss with no modal).
public struct NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command refused.
  public var command: NavigationCommand
  /// The state it was refused on.
  public var state: NavigationState

  /// Creates the error.
  public init(command: NavigationCommand, state: NavigationState) {
    self.command = command
    self.state = state
  }

  public var description: String {
    switch command {
    case .pop: return "cannot pop on \(state): the top layer holds one step (dismiss a modal instead)"
    case .dismiss: return "cannot dismiss on \(state): there is no modal layer"
    default: return "cannot \(command) on \(state)"
    }
  }
}

/// Text that is not a navigation state.
public struct NavigationStateSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text given.
  public var text: String
  /// What is wrong.
  public var message: String

  /// Creates the error.
  public init(text: String, message: String) {
    self.text = text
    self.message = message
  }

  public var description: String { "invalid navigation state \"\(text)\": \(message)" }
}
