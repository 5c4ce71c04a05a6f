/// A minimal line diff for golden-file failures: `-` expected, `+` actual.
enum PlanningDiff {
  static func render(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
      let left = index < old.count ? String(old[index]) : nil
      let right = index < new.count ? String(new[index]) : nil
      if left == right {
        continue
      }
      if let left { lines.append("-\(left)") }
      if let right { lines.append("+\(right)") }
    }
    return lines.joined(separator: "\n")
  }
}
