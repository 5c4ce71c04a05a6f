/// A line diff for failed golden comparisons: `-` expected, `+` actual, with the
/// longest common run of lines kept, so one inserted line shows as one.
public enum LineDiff {
  /// The diff of two texts, line by line.
  public static func render(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The longest common subsequence of lines, so that one inserted line shows as one.
    var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var lines = ["- expected, + actual:"]
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        lines.append("  " + old[i])
        (i, j) = (i + 1, j + 1)
      } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
        lines.append("+ " + new[j])
        j += 1
      } else {
        lines.append("- " + old[i])
        i += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
