import Foundation
import CheckoutModel

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
  /// Where the layers start, held inline: one array is all a state (and a copy
  /// of it) refers to.
  private var marks: LayerMarks

  /// A state holding one step on the root layer.
  package init(root: StepID) {
    steps = [root]
    marks = LayerMarks()
  }

  /// A state from layers; nil if there are none or one is empty.
  package init?(layers: [[StepID]]) {
    guard !layers.isEmpty, layers.allSatisfy({ !$0.isEmpty }) else { return nil }
    steps = layers.flatMap { $0 }
    marks = LayerMarks()
    var index = 0
    for layer in layers.dropLast() {
      index += layer.count
      marks.insert(index)
    }
  }

  /// Where each layer starts in `steps`: 0 first, then one index per modal layer.
  package var layerStarts: [Int] { (0..<layerCount).map(layerStart) }

  /// How many layers: the root stack and one per modal.
  package var layerCount: Int { marks.count }

  /// Where a layer starts in `steps`.
  package func layerStart(_ layer: Int) -> Int { marks.start(of: layer) }

  /// Where the top layer starts in `steps`.
  package var topLayerStart: Int { marks.last }

  /// The layers, root first; no layer is empty.
  public var layers: [[StepID]] {
    (0..<layerCount).map { Array(steps[layerRange($0)]) }
  }

  /// The positions in `steps` of a layer.
  package func layerRange(_ layer: Int) -> Range<Int> {
    layerStart(layer)..<(layer + 1 < layerCount ? layerStart(layer + 1) : steps.count)
  }

  /// The step on screen.
  public var top: StepID {
    steps[steps.count - 1]
  }

  /// How many commands deep the state is: steps beyond the root.
  package var depth: Int { steps.count - 1 }

  /// Whether a command can be applied: `pop` needs a top layer of two steps or
  /// more, `dismiss` a modal layer.
  package func canApply(_ command: NavigationCommand) -> Bool {
    switch command {
    case .pop: return steps.count - marks.last > 1
    case .dismiss: return marks.count > 1
    case .push, .present, .reset: return true
    }
  }

  /// The step on screen after a command, without making the new state; nil when
  /// the command cannot be applied.
  ///
  /// ```swift
  /// try NavigationState(parsing: "cart>stepOne|creditCard").top(after: .dismiss)  // "stepOne"
  /// ```
  public func top(after command: NavigationCommand) -> StepID? {
    guard canApply(command) else { return nil }
    switch command {
    case .push(let step), .present(let step), .reset(let step): return step
    case .pop: return steps[steps.count - 2]
    case .dismiss: return steps[marks.last - 1]
    }
  }

  /// Applies a command as ``NavigationCommand`` describes it; throws when it cannot
  /// be applied (see ``canApply(_:)``).
  package mutating func apply(_ command: NavigationCommand) throws(NavigationError) {
    guard canApply(command) else { throw NavigationError(command: command, state: self) }
    switch command {
    case .push(let step): steps.append(step)
    case .present(let step):
      marks.insert(steps.count)
      steps.append(step)
    case .pop: steps.removeLast()
    case .dismiss:
      let start = marks.last
      marks.removeLast()
      steps.removeSubrange(start...)
    case .reset(let step):
      steps = [step]
      marks = LayerMarks()
    }
  }

  /// The state after a command.
  package func applying(_ command: NavigationCommand) throws(NavigationError) -> NavigationState {
    var copy = self
    try copy.apply(command)
    return copy
  }

  /// The state after going back to the topmost occurrence of `step` (dismissing
  /// the layers above its own, popping the steps above it), or nil if it is not
  /// on the stack.
  ///
  /// ```swift
  /// try NavigationState(parsing: "cart>stepOne>stepTwo|discount").truncated(to: "stepOne")  // cart>stepOne
  /// ```
  package func truncated(to step: StepID) -> NavigationState? {
    guard let position = steps.lastIndex(of: step) else { return nil }
    var state = self
    while state.marks.last > position { state.marks.removeLast() }
    state.steps.removeSubrange((position + 1)...)
    return state
  }

  /// The notation: `cart>stepOne|creditCard`.
  public var description: String {
    layers.map { $0.map(\.rawValue).joined(separator: ">") }.joined(separator: "|")
  }

  /// Parses the notation; every step must be an identifier.
  public init(parsing text: String) throws(NavigationStateSyntaxError) {
    // Foundation's trimming is slow; the form `description` writes has no blanks to trim.
    let mayHaveBlanks = text.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
    func trimming(_ part: some StringProtocol) -> String {
      mayHaveBlanks ? part.trimmingCharacters(in: .whitespaces) : String(part)
    }
    let trimmed = trimming(text)
    guard !trimmed.isEmpty else {
      throw NavigationStateSyntaxError(text: text, message: "a navigation state needs at least one step")
    }
    var layers: [[StepID]] = []
    for layerText in trimmed.split(separator: "|", omittingEmptySubsequences: false) {
      var layer: [StepID] = []
      for stepText in layerText.split(separator: ">", omittingEmptySubsequences: false) {
        let name = trimming(stepText)
        guard IdentifierSyntax.isIdentifier(name) else {
          throw NavigationStateSyntaxError(
            text: text,
            message: name.isEmpty
              ? "empty step name; write steps joined by '>' and layers joined by '|', like cart>stepOne|creditCard"
              : "\(Quoting.quoted(name)) is not a step id")
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
package struct NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command refused.
  package var command: NavigationCommand
  /// The state it was refused on.
  package var state: NavigationState

  /// Creates the error.
  package init(command: NavigationCommand, state: NavigationState) {
    self.command = command
    self.state = state
  }

  package var description: String {
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
  package init(text: String, message: String) {
    self.text = text
    self.message = message
  }

  public var description: String { "invalid navigation state \(Quoting.quoted(text)): \(message)" }
}

/// Where the layers of a state start: a bit per position while every layer starts
/// within the first 64 steps (bit 0, the root layer, always set), a list beyond
/// that. Always in one form for a given state, so equal states have equal marks.
private struct LayerMarks: Hashable, Sendable {
  /// Bit `i` is set when a layer starts at position `i`; 0 when `deep` is used.
  private var bits: UInt64 = 1
  /// Every layer start, once one is at position 64 or beyond; nil otherwise.
  private var deep: [Int]?

  var count: Int { deep?.count ?? bits.nonzeroBitCount }

  /// Where the top layer starts.
  var last: Int { deep?.last ?? (63 - bits.leadingZeroBitCount) }

  func start(of layer: Int) -> Int {
    if let deep { return deep[layer] }
    var remaining = bits
    for _ in 0..<layer { remaining &= remaining - 1 }
    return remaining.trailingZeroBitCount
  }

  /// Marks a new top layer starting at `position`.
  mutating func insert(_ position: Int) {
    if deep == nil, position >= 64 {
      deep = (0..<count).map(start(of:))
      bits = 0
    }
    if deep != nil { deep?.append(position) } else { bits |= 1 << UInt64(position) }
  }

  /// Removes the top layer's mark.
  mutating func removeLast() {
    guard let starts = deep else {
      bits &= ~(1 << UInt64(last))
      return
    }
    let kept = starts.dropLast()
    if let highest = kept.last, highest >= 64 {
      deep = Array(kept)
    } else {
      bits = kept.reduce(0) { $0 | 1 << UInt64($1) }
      deep = nil
    }
  }
}
