/// "Did you mean" suggestions, shared by ids, fields, commands and options.
public enum Suggestions {
  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  ///
  /// Closeness is the edit distance; a candidate qualifies when the distance is
  /// at most a third of the longer word (and at least 1 edit is allowed), or
  /// when the two differ only in case.
  ///
  /// ```swift
  /// Suggestions.nearest(to: "creditCrd", in: ["cart", "creditCard"])  // "creditCard"
  /// Suggestions.nearest(to: "zzz", in: ["cart"])                      // nil
  /// ```
  package static func nearest<S: Sequence>(to word: String, in candidates: S) -> String?
  where S.Element == String {
    var best: (candidate: String, distance: Int)?
    let lowered = word.lowercased()
    for candidate in candidates where candidate != word {
      if candidate.lowercased() == lowered { return candidate }
      let distance = editDistance(word, candidate)
      let allowed = max(1, max(word.count, candidate.count) / 3)
      guard distance <= allowed else { continue }
      if best == nil || distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// `did you mean "x"?` for the nearest candidate, or nil.
  public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String?
  where S.Element == String {
    nearest(to: word, in: candidates).map { "did you mean \"\($0)\"?" }
  }

  /// The edit distance between two strings, in characters: insertions, deletions,
  /// substitutions, and swaps of two adjacent characters (`stpes` is one edit from
  /// `steps`, the most common typo), each counting 1.
  package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let left = Array(lhs)
    let right = Array(rhs)
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var beforePrevious = [Int](repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[right.count]
  }

  /// Joins names for a message: `"a", "b" or "c"`.
  public static func list<S: Sequence>(_ names: S, conjunction: String = "or") -> String
  where S.Element == String {
    let quoted = names.map { "\"\($0)\"" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
