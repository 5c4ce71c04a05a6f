import CheckoutEngine
import Foundation

extension CalendarDate {
  /// Today's date in UTC: a new session's date when the server has no `--today`.
  static func utcToday() -> CalendarDate? {
    var calendar = Calendar(identifier: .gregorian)
    if let utc = TimeZone(identifier: "UTC") { calendar.timeZone = utc }
    let parts = calendar.dateComponents([.year, .month, .day], from: Date())
    return CalendarDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1)
  }
}
