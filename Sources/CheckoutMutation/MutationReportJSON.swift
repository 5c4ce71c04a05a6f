import Foundation

/// The mutation-testing report schema (version 2) that Stryker's HTML report,
/// the `mutation-testing-elements` viewer, reads: one file (the flow), its
/// source, and each mutant with its span, status and reason.
package struct MutationReportJSON: Encodable, Sendable {
  /// Scores at or above `high` show green, below `low` red.
  package struct Thresholds: Encodable, Sendable {
    package var high: Int
    package var low: Int
  }

  /// A line and column, both from 1.
  package struct Position: Encodable, Sendable {
    package var line: Int
    package var column: Int
  }

  /// Where a mutant stands in the source.
  package struct Location: Encodable, Sendable {
    package var start: Position
    package var end: Position
  }

  /// One mutant as the viewer shows it.
  package struct MutantEntry: Encodable, Sendable {
    package var id: String
    package var mutatorName: String
    package var replacement: String
    package var description: String
    package var location: Location
    package var status: String
    package var statusReason: String?
    package var killedBy: [String]?
    /// A survivor's ``Mutant/hint``: what a story that kills it checks. Not part
    /// of Stryker's schema, which viewers ignore; nil for the other mutants.
    package var hint: String?
  }

  /// The flow file.
  package struct FileEntry: Encodable, Sendable {
    package var language: String
    package var source: String
    package var mutants: [MutantEntry]
  }

  /// A story that could not judge the mutants (it cannot be read, fails on the
  /// flow itself, names a flow that does not exist), and why: not part of
  /// Stryker's schema, which viewers ignore; what a CI gate reads.
  package struct LeftOutEntry: Encodable, Sendable, Equatable {
    /// The story's path as given.
    package var story: String
    /// Its line, from 1, when the problem is one line.
    package var line: Int?
    /// Its column, from 1, when the problem is one word.
    package var column: Int?
    /// Why it was left out.
    package var reason: String

    /// An entry.
    package init(story: String, line: Int?, column: Int?, reason: String) {
      (self.story, self.line, self.column, self.reason) = (story, line, column, reason)
    }
  }

  package var schemaVersion = "2"
  package var thresholds: Thresholds
  package var files: [String: FileEntry]
  /// The stories left out, in order (empty when every story was used).
  package var leftOutStories: [LeftOutEntry]

  /// The report of one flow's run; `lowScore` is `--min-score` when given.
  package init(
    file: String, bytes: [UInt8], results: [MutantResult], lowScore: Double?, leftOut: [LeftOutEntry] = []
  ) {
    leftOutStories = leftOut
    let lines = SourceLines(bytes)
    let low = Int((lowScore ?? 60).rounded(.down))
    thresholds = Thresholds(high: max(80, low), low: low)
    let mutants = results.map { result in
      let mutant = result.mutant
      let start = lines.location(of: mutant.span.lowerBound)
      let end = lines.location(of: mutant.span.upperBound)
      let (status, reason, killedBy): (String, String?, [String]?) =
        switch result.status {
        case .killed(let story, let failure): ("Killed", "\(story): \(failure)", [story])
        case .survived: ("Survived", nil, nil)
        case .equivalent(let why): ("Ignored", "equivalent: \(why)", nil)
        case .invalid(let why): ("CompileError", why, nil)
        }
      return MutantEntry(
        id: String(mutant.id), mutatorName: mutant.mutationOperator.rawValue, replacement: mutant.replacement,
        description: "\(mutant.path): \(mutant.description)",
        location: Location(
          start: Position(line: start.line, column: start.column), end: Position(line: end.line, column: end.column)),
        status: status, statusReason: reason, killedBy: killedBy,
        hint: status == "Survived" ? mutant.hint : nil)
    }
    files = [file: FileEntry(language: "json", source: String(decoding: bytes, as: UTF8.self), mutants: mutants)]
  }

  /// The report as pretty-printed JSON, keys sorted.
  package var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
