import CheckoutEngine
import Foundation

/// `generate --check --accept-infeasible FILE`: the pairs a flow's author declares
/// impossible, each with its reason, so that `--check` passes with them.
///
/// One pair a line, as `generate` prints it, then a colon and the reason; `#`
/// starts a comment, blank lines are skipped; the resolution (`-> step.row`) may be
/// left out, and `x` may stand for `×`:
///
/// ```
/// # The restaurant assigns the slot: no shopper can pick a taken one.
/// bag × slot_taken -> delivery.slot: the slot is fixed by the restaurant in this market
/// ```
struct AcceptedInfeasiblePairs: Sendable, Equatable {
  /// One accepted pair.
  struct Entry: Sendable, Equatable {
    var origin: String
    var matcher: String
    var resolution: String?
    var reason: String
    /// The line of the file, for messages.
    var line: Int

    /// Whether the entry names the pair.
    func names(_ pair: StoryPair) -> Bool {
      pair.origin.rawValue == origin && pair.matcherText == matcher
        && (resolution.map { $0 == pair.resolution } ?? true)
    }
  }

  var entries: [Entry] = []

  /// Reads the file's text; an unreadable line is an error naming the line and the form.
  static func parse(_ text: String, file: String) throws(CommandLineError) -> AcceptedInfeasiblePairs {
    var entries: [Entry] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let form = "write STEP × MATCHER: REASON, as generate prints the pair"
      guard let colon = line.range(of: ": ") ?? (line.hasSuffix(":") ? line.range(of: ":", options: .backwards) : nil)
      else {
        throw .badValue("--accept-infeasible: \(file):\(index + 1): no reason after the pair; \(form)")
      }
      let reason = line[colon.upperBound...].trimmingCharacters(in: .whitespaces)
      guard !reason.isEmpty else {
        throw .badValue("--accept-infeasible: \(file):\(index + 1): the pair needs a reason after the colon")
      }
      let pair = String(line[..<colon.lowerBound])
      guard let cross = pair.range(of: " × ") ?? pair.range(of: " x ") else {
        throw .badValue("--accept-infeasible: \(file):\(index + 1): \(Quoting.quoted(pair)) names no pair; \(form)")
      }
      let origin = pair[..<cross.lowerBound].trimmingCharacters(in: .whitespaces)
      var matcher = pair[cross.upperBound...].trimmingCharacters(in: .whitespaces)
      var resolution: String?
      if let arrow = matcher.range(of: " -> ") {
        resolution = matcher[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
        matcher = matcher[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
      }
      entries.append(Entry(origin: origin, matcher: matcher, resolution: resolution, reason: reason, line: index + 1))
    }
    return AcceptedInfeasiblePairs(entries: entries)
  }

  /// The entry accepting the pair, if any.
  func entry(for pair: StoryPair) -> Entry? {
    entries.first { $0.names(pair) }
  }
}
