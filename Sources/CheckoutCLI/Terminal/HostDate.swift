import CheckoutEngine
import Foundation

extension CalendarDate {
  /// The host's date today, for a command given no `--today` (the command line
  /// is a host; the engine never reads the clock).
  static var today: CalendarDate? {
    let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
    return CalendarDate(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
  }
}
