import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A row named by its number on screen (`set 4 …`, `tap 5`, `expect valid 4`): the
/// rows the step on screen shows, numbered from 1 as the REPL's screen numbers them.
struct RowNumber {
  /// The number, from 1.
  let value: Int

  /// The number a word writes (ASCII digits only), or nil for any other word (a row id).
  init?(_ word: String) {
    guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(word) else { return nil }
    self.value = value
  }

  /// The id of the row the number names on the session's screen, or nil when it shows no such row.
  func row(on session: CheckoutSession) -> RowID? {
    let rows = session.screen.rows
    return rows.indices.contains(value - 1) ? rows[value - 1].id : nil
  }

  /// What a number that names no row on the screen gets, saying which are valid:
  /// `there is no row 9 on this screen; rows are numbered 1 to 3: 1 name, 2 number, 3 done`.
  static func outOfRange(_ word: String, on session: CheckoutSession) -> String {
    let rows = session.screen.rows
    guard !rows.isEmpty else {
      return "there is no row \(word) on this screen; \(session.navigation.top) shows no rows"
    }
    let listed = rows.enumerated().map { "\($0.offset + 1) \($0.element.id)" }.joined(separator: ", ")
    return "there is no row \(word) on this screen; rows are numbered 1 to \(rows.count): \(listed)"
  }
}

extension Expectation {
  /// The row of the step on screen the expectation names (by id, or by number as
  /// written), or nil for one that names none.
  var row: RowID? {
    switch self {
    case .focus(let row), .error(let row, _), .detail(let row, _), .valid(let row), .invalid(let row): return row
    case .title(let row, _): return row
    case .at, .stack, .route, .offer, .value, .effect: return nil
    }
  }

  /// The expectation with its row named `row` instead (a number read on the screen: its id).
  func naming(_ row: RowID) -> Expectation {
    switch self {
    case .focus: return .focus(row)
    case .error(_, let text): return .error(row, text)
    case .detail(_, let text): return .detail(row, text)
    case .valid: return .valid(row)
    case .invalid: return .invalid(row)
    case .title(let old, let text): return .title(old == nil ? nil : row, text)
    case .at, .stack, .route, .offer, .value, .effect: return self
    }
  }
}
