import CheckoutEngine
import Foundation

/// `--today DATE`, as `repl` and `plan` take it.
enum TodayOption {
  /// The date `--today` gives, or the host's date today without it; a text that
  /// is not a real date is refused on standard error (`error: --today: "2026-02-30"
  /// is not a date: February 2026 has 28 days`).
  static func date(_ arguments: ParsedArguments, _ terminal: Terminal) throws(InputFailure) -> CalendarDate? {
    guard let text = arguments.value("--today") else { return CalendarDate.today }
    do {
      return try CalendarDate.parse(text)
    } catch {
      terminal.errorLine("error: --today: \(error)")
      throw InputFailure(kind: .badValue)
    }
  }
}

extension CalendarDate {
  /// The host's date today (the command line is a host; the engine never reads the clock).
  static var today: CalendarDate? {
    let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
    return CalendarDate(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
  }
}
