import CheckoutModel

/// Whether two error matchers can match one error: both must accept its code and its field.
package enum MatcherOverlap {
  /// True when some error (code, field) is matched by both.
  package static func overlap(_ first: ErrorMatcher, _ second: ErrorMatcher) -> Bool {
    if let left = first.field, let right = second.field, left != right { return false }
    guard let left = first.code, let right = second.code else { return true }
    switch (left, right) {
    case (.any, _), (_, .any): return true
    case (.exact(let a), .exact(let b)): return a == b
    case (.exact(let code), .prefix(let prefix)), (.prefix(let prefix), .exact(let code)): return code.hasPrefix(prefix)
    case (.prefix(let a), .prefix(let b)): return a.hasPrefix(b) || b.hasPrefix(a)
    }
  }
}

/// Decides whether a mutant changes what the flow does, before it is counted.
///
/// A mutant is equivalent when its loaded flow equals the original (the change
/// was normalised away), or when it swaps two matchers that no error can reach
/// both of, or that send every error to the same place (first match wins, so
/// their order only matters for an error both match).
package enum MutantEquivalence {
  /// Why the mutant is equivalent to the original, or nil when it changes behaviour.
  package static func reason(original: Flow, mutant: Flow, edit: JSONEdit) -> String? {
    if mutant == original { return "loads to the same flow as the original" }
    guard case .swapElements(_, let first, let second) = edit, original.errors.indices.contains(first),
      original.errors.indices.contains(second)
    else { return nil }
    var reordered = mutant
    reordered.errors.swapAt(first, second)
    guard reordered == original else { return nil }
    let left = original.errors[first]
    let right = original.errors[second]
    if !MatcherOverlap.overlap(left, right) { return "the two matchers never match the same error" }
    if left.step == right.step, left.row == right.row, left.message == right.message {
      return "both matchers resolve to the same place with the same message"
    }
    return nil
  }
}

/// The `{m}`, `{m,}` and `{m,n}` quantifiers of a pattern, each number moved by one.
package enum QuantifierShift {
  /// One changed pattern: the quantifier as it was and as it becomes.
  package struct Variant: Hashable, Sendable {
    /// The whole pattern, changed.
    package var pattern: String
    /// `{3,4}`.
    package var from: String
    /// `{2,4}`.
    package var to: String
  }

  /// Every pattern with one quantifier bound moved by one, in order; shifts that
  /// would make a quantifier empty (`{4,3}`) or negative are left out.
  package static func variants(of pattern: String) -> [Variant] {
    let characters = Array(pattern)
    var variants: [Variant] = []
    var index = 0
    while index < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      guard characters[index] == "{", let close = characters[index...].firstIndex(of: "}") else {
        index += 1
        continue
      }
      let body = String(characters[(index + 1)..<close])
      let parts = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let numbers = parts.map { Int($0) }
      guard (1...2).contains(parts.count), let low = numbers[0] else {
        index += 1
        continue
      }
      let high = parts.count == 2 ? numbers[1] : nil
      var bodies: [String] = []
      if parts.count == 1 {
        bodies = [low - 1, low + 1].filter { $0 >= 0 }.map(String.init)
      } else {
        bodies += [low - 1, low + 1].filter { $0 >= 0 && $0 <= (high ?? Int.max) }.map { "\($0),\(parts[1])" }
        if let high { bodies += [high - 1, high + 1].filter { $0 >= low }.map { "\(low),\($0)" } }
      }
      let before = String(characters[..<index])
      let after = String(characters[(close + 1)...])
      for changed in bodies {
        variants.append(Variant(pattern: before + "{\(changed)}" + after, from: "{\(body)}", to: "{\(changed)}"))
      }
      index = close + 1
    }
    return variants
  }
}
