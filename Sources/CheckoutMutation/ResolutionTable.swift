import CheckoutModel

/// Where a flow fixes each kind of API error, from each operation: the first
/// matcher (in file order) that applies to the operation and matches the error.
///
/// The errors are one per class the matchers tell apart: every code a matcher
/// names exactly, one code under each prefix, one code no matcher names, each
/// with no field and with each field a matcher names. Matchers compare codes
/// only by equality and prefix and fields only by equality, so any error is
/// matched by the same matchers as one of these. Each class's matchers are found
/// with bit sets (one bit per matcher), so a flow with hundreds of matchers and
/// thousands of classes is tabulated in milliseconds.
struct ResolutionTable: Equatable, Sendable {
  /// The operations, in the order given.
  let operations: [OperationName]
  /// The probe codes, sorted.
  let codes: [String]
  /// The probe fields, sorted, nil first.
  let fields: [String?]
  /// For each operation, code and field, in that order: where the error is fixed
  /// (`step.row`, the matcher's message and priority), or `unresolved`.
  let cells: [String]
  /// For each operation, the steps its errors are fixed on, sorted: the columns
  /// of the coverage matrix.
  let steps: [[StepID]]

  /// The table of a flow's matchers for these operations.
  init(_ matchers: [ErrorMatcher], operations: [OperationName]) {
    self.operations = operations
    var codes = Set(["~unmatched"])
    var fields = Set<String>()
    for matcher in matchers {
      switch matcher.code {
      case .exact(let code)?: codes.insert(code)
      case .prefix(let prefix)?: codes.insert(prefix + "~")
      case .any?, nil: break
      }
      if let field = matcher.field { fields.insert(field) }
    }
    self.codes = codes.sorted()
    self.fields = [nil] + fields.sorted()
    let words = (matchers.count + 63) / 64
    func bits(_ includes: (ErrorMatcher) -> Bool) -> [UInt64] {
      var set = [UInt64](repeating: 0, count: words)
      for (index, matcher) in matchers.enumerated() where includes(matcher) {
        set[index / 64] |= 1 << UInt64(index % 64)
      }
      return set
    }
    let usable = bits { $0.code != nil || $0.field != nil }
    let byCode = self.codes.map { code in bits { $0.code?.matches(code) ?? true } }
    let byField = self.fields.map { field in bits { $0.field == nil || $0.field == field } }
    let places = matchers.map { matcher in
      "\(RowReference(step: matcher.step, row: matcher.row)) \(matcher.message ?? "-") \(matcher.priority)"
    }
    var cells: [String] = []
    var steps: [[StepID]] = []
    cells.reserveCapacity(operations.count * byCode.count * byField.count)
    for operation in operations {
      let applies = bits { $0.applies(to: operation) }
      var reached = Set<StepID>()
      for codeSet in byCode {
        for fieldSet in byField {
          var winner: Int?
          for word in 0..<words {
            let candidates = applies[word] & usable[word] & codeSet[word] & fieldSet[word]
            if candidates != 0 {
              winner = word * 64 + candidates.trailingZeroBitCount
              break
            }
          }
          if let winner {
            cells.append(places[winner])
            reached.insert(matchers[winner].step)
          } else {
            cells.append("unresolved")
          }
        }
      }
      steps.append(reached.sorted { $0.rawValue < $1.rawValue })
    }
    self.cells = cells
    self.steps = steps
  }
}
