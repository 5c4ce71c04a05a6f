import CheckoutEngine
import Foundation

extension CalendarDate {
  /// Today's date in UTC: a new session's date when the server has no `--today`.
  static func utcToday() -> CalendarDate {
    CalendarDate.systemToday(in: TimeZone(secondsFromGMT: 0) ?? .current)
  }
}
