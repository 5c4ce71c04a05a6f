import CheckoutModel
import CheckoutSessions

extension ExpectationChecker {
  /// The word of a failed `expect` line a report points at (0 `expect`, 1 what is
  /// expected, 2 its first argument, 3 its second): a row the screen does not show
  /// or a key that holds no value when the line names one before its value, else
  /// the expected value (`expect at stepTwo`: `stepTwo`; `expect error cvv
  /// "security"` on a shown row: `"security"`).
  func wordAtFault(_ expectation: Expectation) -> Int {
    switch expectation {
    case .at, .stack, .route, .offer, .focus, .valid, .invalid, .title(.none, _): return 2
    case .title(.some(let row), _), .detail(let row, _), .error(let row, _):
      return session.screen.row(row) == nil ? 2 : 3
    case .value(let key, _):
      return session.data[key] == nil || session.compiled.masking.isSecret(key) ? 2 : 3
    case .effect(let kind, let argument):
      // The kind happened: the argument is what did not match.
      return argument != nil && lastEffects.contains { $0.kind == kind } ? 3 : 2
    }
  }
}
