import CheckoutModel

/// A systematic change to a flow, named as mutation-testing tools name theirs.
package enum MutationOperator: String, Hashable, Sendable, CaseIterable, Codable {
  /// A row's `opens` or `then` removed: the edge to another step is gone.
  case removeEdge = "remove-edge"
  /// One step a button `requires` (or one of a step's `complete` checks) dropped.
  case dropGuard = "drop-guard"
  /// One rule of a row dropped.
  case dropRule = "drop-rule"
  /// A `minLength`/`maxLength`, or a regex quantifier `{m,n}` of a pattern, moved by one.
  case shiftBound = "shift-bound"
  /// A row's `visibleWhen` or `enabledWhen` dropped.
  case dropCondition = "drop-condition"
  /// A step's presentation changed: `modal` to `push`, `push` to `modal`.
  case changePresentation = "change-presentation"
  /// An error matcher's resolution moved to another row of its step (or another step).
  case moveMatcher = "move-matcher"
  /// Two error matchers of the same kind (code or field) swapped in the list, neighbours
  /// or overlapping ones (first match wins).
  case swapMatchers = "swap-matchers"
  /// A step title's text in a language the flow ships after its default removed:
  /// a session in that language shows the default's words instead.
  case dropTranslation = "drop-translation"
  /// A row's detail shows its values without their formats (`{order.total}` for
  /// `{order.total:currency(USD)}`), in a flow that ships several languages: the
  /// plain string (every language), or one non-default language's text.
  case dropFormat = "drop-format"
}

/// One mutant of a flow: the change, where it stands in the flow file, and what it means.
package struct Mutant: Hashable, Sendable {
  /// The mutant's number, from 1, in the order the flow's document is walked.
  package var id: Int
  /// The operator that made it.
  package var mutationOperator: MutationOperator
  /// The change to the document.
  package var edit: JSONEdit
  /// One line: what changed.
  package var description: String
  /// The JSON text that replaces the span (empty when something is removed).
  package var replacement: String
  /// The UTF-8 offsets in the flow file of what the mutant changes.
  package var span: Range<Int>
  /// What it changes, by the names a story uses: what its ``hint`` is written from.
  package var subject = MutantSubject()

  /// The path of the value changed: `steps[3].rows[2].requires[0]`.
  package var path: JSONPath { edit.path }
}

/// Turns a flow file's UTF-8 offsets into 1-based lines and character columns.
package struct SourceLines: Sendable {
  private let bytes: [UInt8]
  private let lineStarts: [Int]

  /// The line table of a document.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    lineStarts = starts
  }

  /// The line and column (both from 1) of an offset.
  package func location(of offset: Int) -> SourceLocation {
    let clamped = min(max(0, offset), bytes.count)
    let line = (lineStarts.lastIndex { $0 <= clamped } ?? 0)
    let start = lineStarts[line]
    return SourceLocation(line: line + 1, column: String(decoding: bytes[start..<clamped], as: UTF8.self).count + 1)
  }

  /// The offset just past the JSON value starting at `offset`.
  package func endOfValue(at offset: Int) -> Int {
    var index = offset
    var depth = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return index + 1 }
        }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth <= 0 { return index + (depth == 0 ? 1 : 0) }
        case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
          if depth == 0 { return index }
        default: break
        }
      }
      index += 1
    }
    return bytes.count
  }
}
