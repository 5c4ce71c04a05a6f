import CheckoutModel

/// A string at a counted quantifier's bound: the quantifier repeats exactly
/// `count` times, every other part of the pattern as few times as it can.
package struct BoundaryText: Hashable, Sendable {
  /// The quantifier as the pattern counts it: `{3,4}`, `{5}`, `{2,}`.
  package var bound: String
  /// How many times the quantifier repeats in `text`.
  package var count: Int
  /// The string.
  package var text: String
  /// Whether the pattern engine matches the whole string.
  package var accepted: Bool
}

extension PatternSynthesizer {
  /// For every counted quantifier of the pattern (`{m}`, `{m,}`, `{m,n}`, and `?`
  /// as `{0,1}`; not `*`, `+`), the strings that repeat it just inside and just outside each
  /// bound (`m - 1`, `m`, `n`, `n + 1` times), the rest of the pattern as short as
  /// it can be; each checked against the pattern engine. Empty when the pattern
  /// cannot be read or refers back to a group.
  ///
  /// ```swift
  /// PatternSynthesizer("^[0-9]{3,4}$").boundaryTexts().map(\.text)  // ["01", "012", "0123", "01234"]
  /// ```
  package func boundaryTexts() -> [BoundaryText] {
    guard case .success(let node) = tree, !BoundaryBuilder.hasBackreference(node) else { return [] }
    var quantifiers: [(minimum: Int, maximum: Int?)] = []
    BoundaryBuilder.collect(node, into: &quantifiers)
    var texts: [BoundaryText] = []
    var seen: Set<String> = []
    for (target, quantifier) in quantifiers.enumerated() {
      guard let bound = BoundaryBuilder.written(quantifier) else { continue }
      var counts = [quantifier.minimum - 1, quantifier.minimum]
      if let maximum = quantifier.maximum { counts += [maximum, maximum + 1] }
      for count in counts where count >= 0 && count <= PatternSynthesizer.longest {
        var builder = BoundaryBuilder(target: target, count: count)
        guard let text = builder.build(node), seen.insert(text).inserted else { continue }
        texts.append(BoundaryText(bound: bound, count: count, text: text, accepted: accepts(text)))
      }
    }
    return texts
  }
}

/// Builds the shortest string of a tree in which one repetition (by its number,
/// in the order the tree is read) repeats a given number of times.
private struct BoundaryBuilder {
  let target: Int
  let count: Int
  /// The number of the next repetition met.
  private var next = 0
  private var output = ""

  init(target: Int, count: Int) {
    self.target = target
    self.count = count
  }

  /// The string, or nil when the target cannot be reached.
  mutating func build(_ node: RegexNode) -> String? {
    guard emit(node) else { return nil }
    return output
  }

  /// Writes the node; false when the target lies inside it but cannot be reached.
  private mutating func emit(_ node: RegexNode) -> Bool {
    switch node {
    case .empty, .assertion, .backreference: return true
    case .character(let choice):
      let members = choice.members(.text)
      guard !members.isEmpty else { return false }
      output.unicodeScalars.append(members[output.unicodeScalars.count % members.count])
      return true
    case .sequence(let parts, _):
      return parts.allSatisfy { emit($0) }
    case .alternation(let alternatives, _):
      let start = next
      let sizes = alternatives.map(Self.size)
      var offset = start
      var chosen = alternatives.indices.min { alternatives[$0].lengths.minimum < alternatives[$1].lengths.minimum }
      for (index, size) in sizes.enumerated() {
        if (offset..<(offset + size)).contains(target) { chosen = index }
        offset += size
      }
      guard let chosen else { return true }
      next = start + sizes[..<chosen].reduce(0, +)
      let written = emit(alternatives[chosen])
      next = start + sizes.reduce(0, +)
      return written
    case .group(let inner, _):
      return emit(inner)
    case .repetition(let inner, let minimum, let maximum, _):
      let number = next
      next += 1
      let start = next
      let inside = (start..<(start + Self.size(inner))).contains(target)
      let repeats: Int
      if number == target {
        repeats = count
      } else if inside {
        guard maximum != 0 else { return false }
        repeats = max(minimum, 1)
      } else {
        repeats = minimum
      }
      for _ in 0..<repeats {
        next = start
        guard emit(inner) else { return false }
      }
      next = start + Self.size(inner)
      return true
    }
  }

  /// How many repetitions the tree holds, each counted once.
  static func size(_ node: RegexNode) -> Int {
    switch node {
    case .empty, .assertion, .backreference, .character: return 0
    case .sequence(let parts, _), .alternation(let parts, _): return parts.map(size).reduce(0, +)
    case .group(let inner, _): return size(inner)
    case .repetition(let inner, _, _, _): return 1 + size(inner)
    }
  }

  /// Every repetition's bounds, in the order `emit` numbers them.
  static func collect(_ node: RegexNode, into quantifiers: inout [(minimum: Int, maximum: Int?)]) {
    switch node {
    case .empty, .assertion, .backreference, .character: return
    case .sequence(let parts, _), .alternation(let parts, _): for part in parts { collect(part, into: &quantifiers) }
    case .group(let inner, _): collect(inner, into: &quantifiers)
    case .repetition(let inner, let minimum, let maximum, _):
      quantifiers.append((minimum, maximum))
      collect(inner, into: &quantifiers)
    }
  }

  static func hasBackreference(_ node: RegexNode) -> Bool {
    switch node {
    case .backreference: return true
    case .empty, .assertion, .character: return false
    case .sequence(let parts, _), .alternation(let parts, _): return parts.contains(where: hasBackreference)
    case .group(let inner, _), .repetition(let inner, _, _, _): return hasBackreference(inner)
    }
  }

  /// `{3,4}`, `{5}`, `{2,}`, `{0,1}` (also `?`); nil for what `*` and `+` mean.
  static func written(_ quantifier: (minimum: Int, maximum: Int?)) -> String? {
    switch (quantifier.minimum, quantifier.maximum) {
    case (0, nil), (1, nil): return nil
    case (let low, let high?) where low == high: return "{\(low)}"
    case (let low, let high?): return "{\(low),\(high)}"
    case (let low, nil): return "{\(low),}"
    }
  }
}
