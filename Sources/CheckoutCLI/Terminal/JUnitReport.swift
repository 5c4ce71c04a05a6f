/// `checkout replay --junit FILE`: the stories as JUnit XML, the format CI
/// dashboards read. One `testsuite`; a `testcase` per story (named by its file);
/// a story's failed expectation or refused line is a `failure` whose message
/// and text start with `file:line` (`file:line:column` when the line names the
/// word at fault); a story that could not run at all is an `error`; a story's
/// warnings (``ReplayWarning``) are its `system-err`, one per line. Every text is escaped for XML 1.0, and characters XML cannot hold
/// (control characters) become U+FFFD.
///
/// ```xml
/// <testcase classname="checkout.replay" name="stories/cvv.scenario" file="stories/cvv.scenario" assertions="3">
///   <failure type="expectation" message="stories/cvv.scenario:7: expected at creditCard, actual at stepOne">…</failure>
/// </testcase>
/// ```
package enum JUnitReport {
  /// The suite's name and every test case's class name.
  static let suiteName = "checkout.replay"

  /// The whole document for the stories, in order.
  static func document(_ stories: [StoryResult]) -> String {
    let failures = stories.filter { $0.unusable == nil && $0.failure != nil }.count
    let errors = stories.filter { $0.unusable != nil }.count
    let counts = "tests=\"\(stories.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"\(suiteName)\" \(counts)>\n"
    xml += "  <testsuite name=\"\(suiteName)\" \(counts) skipped=\"0\">\n"
    for story in stories { xml += testCase(story) }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private static func testCase(_ story: StoryResult) -> String {
    let file = attribute(story.file)
    let xml =
      "    <testcase classname=\"\(suiteName)\" name=\"\(file)\" file=\"\(file)\""
      + " assertions=\"\(story.passed + story.failed)\""
    var inside = ""
    if let stop = story.unusable {
      inside += "      <error type=\"unusable\" message=\"\(attribute(located(story.file, stop)))\">"
      inside += text(body(story.file, stop)) + "</error>\n"
    } else if let stop = story.failure {
      let kind = stop.cannotRun ? "cannot-run" : "expectation"
      inside += "      <failure type=\"\(kind)\" message=\"\(attribute(located(story.file, stop)))\">"
      inside += text(body(story.file, stop)) + "</failure>\n"
    }
    if !story.warnings.isEmpty {
      // What the story leaves unchecked, as the console's standard error says it.
      let lines = story.warnings.map { $0.rendered(file: story.file) }.joined(separator: "\n")
      inside += "      <system-err>\(text(lines))</system-err>\n"
    }
    return xml + (inside.isEmpty ? "/>\n" : ">\n" + inside + "    </testcase>\n")
  }

  /// `file:line: message`, or `file:line:column: message` for a syntax error, as the console writes it.
  private static func located(_ file: String, _ stop: StoryResult.Stop) -> String {
    "\(file):\(stop.line.map { "\($0):" } ?? "")\(stop.column.map { "\($0):" } ?? "") \(stop.message)"
  }

  /// The failure's text: where, the line (an `expect` line, or a line that cannot
  /// run, each value it hides written `•••`), what, and what was not run.
  private static func body(_ file: String, _ stop: StoryResult.Stop) -> String {
    var lines = [located(file, stop)]
    if let source = stop.source { lines.append("  \(source)") }
    if stop.notRun > 0 { lines.append("stopped here: \(StoryRun.linesNotRun(stop.notRun))") }
    return lines.joined(separator: "\n")
  }

  /// Text for an element's content.
  package static func text(_ raw: String) -> String {
    escaped(raw, attribute: false)
  }

  /// Text for an attribute's value (in double quotes): line breaks and tabs kept as references.
  package static func attribute(_ raw: String) -> String {
    escaped(raw, attribute: true)
  }

  private static func escaped(_ raw: String, attribute: Bool) -> String {
    var out = ""
    out.reserveCapacity(raw.utf8.count)
    for scalar in raw.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "'" where attribute: out += "&apos;"
      case "\n" where attribute: out += "&#10;"
      case "\r": out += "&#13;"
      case "\t" where attribute: out += "&#9;"
      default:
        out.unicodeScalars.append(isAllowedInXML(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return out
  }

  /// XML 1.0's `Char`: tab, line feed, carriage return, and everything from
  /// U+0020 except the surrogates (never scalars) and U+FFFE, U+FFFF.
  private static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: return true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }
}
