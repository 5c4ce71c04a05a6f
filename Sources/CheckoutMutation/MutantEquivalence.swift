import CheckoutCompiledFlow
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
/// A mutant is equivalent when its compiled behaviour (``FlowBehaviour``: the
/// routes to every step, the coverage matrix with where each kind of API error
/// is fixed and how it is reached, the guards in effect on every row, the rules,
/// and the rest of the flow as written) is the original's. The reason says why:
/// the change was normalised away when loading, the swapped matchers never
/// match one error, every error still resolves where it did, or the dropped
/// condition always holds.
package enum MutantEquivalence {
  /// Why the mutant is equivalent to the original, or nil when it changes behaviour.
  package static func reason(original: FlowBehaviour, mutant: FlowBehaviour, edit: JSONEdit) -> String? {
    guard original == mutant else { return nil }
    if mutant.flow == original.flow { return "loads to the same flow as the original" }
    if mutant.flow.errors != original.flow.errors {
      if case .swapElements(_, let first, let second) = edit, original.flow.errors.indices.contains(first),
        original.flow.errors.indices.contains(second)
      {
        let (left, right) = (original.flow.errors[first], original.flow.errors[second])
        if let one = left.operations, let other = right.operations, Set(one).isDisjoint(with: other) {
          return "the two matchers apply to the errors of different operations"
        }
        if !MatcherOverlap.overlap(left, right) { return "the two matchers never match the same error" }
      }
      return "every error resolves where it did, with the same message and route (the coverage matrix is unchanged)"
    }
    return "the guards in effect are the same: the condition it drops always holds"
  }

  /// ``reason(original:mutant:edit:)`` for two loaded flows, compiled here.
  package static func reason(original: Flow, mutant: Flow, edit: JSONEdit) -> String? {
    reason(
      original: FlowBehaviour(CompiledFlow(original)), mutant: FlowBehaviour(CompiledFlow(mutant)), edit: edit)
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
