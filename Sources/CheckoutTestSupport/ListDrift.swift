/// How a list kept by hand (a schema's enum, a documentation table, a language's
/// table) has drifted from the one it must follow, said as what to do and where:
/// `Flows/flow.schema.json's messages enum lacks "rule.foo"; add it after "rule.bar"`.
///
/// ```swift
/// ListDrift.problems(expected: ["a", "b", "c"], actual: ["a", "c"], list: "the enum")
/// // ["the enum lacks \"b\"; add it after \"a\""]
/// ```
package enum ListDrift {
  /// Each element of `expected` that `actual` lacks (with the element it goes
  /// after, or before when it comes first), each element of `actual` not expected,
  /// and, when `ordered`, each element out of the expected order; empty when they
  /// agree.
  package static func problems(expected: [String], actual: [String], list: String, ordered: Bool = false) -> [String] {
    var problems: [String] = []
    let present = Set(actual)
    for (index, element) in expected.enumerated() where !present.contains(element) {
      problems.append("\(list) lacks \(quoted(element)); \(placement(of: index, in: expected, present: present))")
    }
    let wanted = Set(expected)
    for element in actual where !wanted.contains(element) {
      problems.append("\(list) has \(quoted(element)), which is not one; remove it")
    }
    guard ordered, problems.isEmpty, actual != expected else { return problems }
    for (index, element) in expected.enumerated() where actual.firstIndex(of: element) != index {
      problems.append(
        "\(list) lists \(quoted(element)) out of order; \(placement(of: index, in: expected, present: present, verb: "move"))"
      )
      break
    }
    return problems
  }

  /// `add it after "b"`, or `add it before "b"` for the first element.
  private static func placement(
    of index: Int, in expected: [String], present: Set<String>, verb: String = "add"
  ) -> String {
    if let previous = expected[..<index].last(where: present.contains) {
      return "\(verb) it after \(quoted(previous))"
    }
    if let next = expected[(index + 1)...].first(where: present.contains) {
      return "\(verb) it before \(quoted(next))"
    }
    return "\(verb) it"
  }

  private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
