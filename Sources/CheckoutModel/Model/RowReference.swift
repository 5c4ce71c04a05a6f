/// A step, or a row of a step, written `STEP` or `STEP.ROW`: `stepTwo`,
/// `creditCard.cvv`. The one parser and printer of that notation, used by
/// `checkout plan --to`, the scenario commands `plan` and `expect offer`, a
/// resolution's target and the row errors of a snapshot.
///
/// ```swift
/// let target = try RowReference(parsing: "creditCard.cvv")
/// target.step  // creditCard
/// target.row   // cvv
/// try RowReference(parsing: "creditCard.")
/// // throws: "creditCard." is not a step or step.row: a row id must follow the dot (column 12); …
/// ```
public struct RowReference: Hashable, Sendable, CustomStringConvertible {
  /// The step.
  public var step: StepID
  /// The row of the step, or nil for the step itself.
  public var row: RowID?

  /// Creates a reference to a step, or to one of its rows.
  public init(step: StepID, row: RowID? = nil) {
    self.step = step
    self.row = row
  }

  /// Parses `STEP` or `STEP.ROW`, each an identifier (a letter, then letters,
  /// digits, `_` or `-`).
  ///
  /// - Throws: ``RowReferenceError`` with the column (from 1) where the text
  ///   stops being a reference and what would be valid there.
  package init(parsing text: String) throws(RowReferenceError) {
    let (stepText, rowText) = RowReference.split(text)
    guard IdentifierSyntax.isIdentifier(String(stepText)) else {
      throw RowReferenceError(
        text: text, column: 1,
        problem: stepText.isEmpty ? "a step id must come first" : "\(Quoting.quoted(String(stepText))) is not a step id"
      )
    }
    guard let rowText else {
      self.init(step: StepID(String(stepText)))
      return
    }
    let rowColumn = stepText.count + 2
    if let dot = rowText.firstIndex(of: RowReference.separator) {
      throw RowReferenceError(
        text: text, column: rowColumn + rowText.distance(from: rowText.startIndex, to: dot),
        problem: "a reference has at most one dot")
    }
    guard IdentifierSyntax.isIdentifier(String(rowText)) else {
      throw RowReferenceError(
        text: text, column: rowColumn,
        problem: rowText.isEmpty ? "a row id must follow the dot" : "\(Quoting.quoted(String(rowText))) is not a row id"
      )
    }
    self.init(step: StepID(String(stepText)), row: RowID(String(rowText)))
  }

  /// `creditCard.cvv`, or `stepTwo` when no row is named.
  public var description: String {
    row.map { "\(step)\(RowReference.separator)\($0)" } ?? step.rawValue
  }

  /// The character between the step and the row.
  static let separator: Character = "."

  /// The text before the first dot, and the text after it (nil when there is no
  /// dot): the notation's one split, also used to complete a half-typed reference.
  package static func split(_ text: String) -> (step: Substring, row: Substring?) {
    guard let dot = text.firstIndex(of: separator) else { return (text[...], nil) }
    return (text[..<dot], text[text.index(after: dot)...])
  }
}

/// Text that is not a `STEP` or `STEP.ROW` reference: where it goes wrong and
/// what would be valid.
package struct RowReferenceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was read.
  package var text: String
  /// The column in ``text`` (from 1) where it goes wrong.
  package var column: Int
  /// What is wrong there: `a row id must follow the dot`.
  package var problem: String

  /// Creates the error.
  package init(text: String, column: Int, problem: String) {
    self.text = text
    self.column = column
    self.problem = problem
  }

  /// `"creditCard." is not a step or step.row: a row id must follow the dot
  /// (column 12); write STEP or STEP.ROW, each a letter then letters, digits, _
  /// or -, like creditCard.cvv`.
  package var description: String {
    "\(Quoting.quoted(text)) is not a step or step.row: \(problem) (column \(column)); "
      + "write STEP or STEP.ROW, each a letter then letters, digits, _ or -, like creditCard.cvv"
  }
}
