import CheckoutCLI
import CheckoutEngine

extension ReplCommand.Options {
  /// `checkout repl --today 2026-11-21` on the built-in flow: the day every REPL test runs on.
  static let onTheTestDay = ReplCommand.Options(today: CalendarDate(year: 2026, month: 11, day: 21))
}
