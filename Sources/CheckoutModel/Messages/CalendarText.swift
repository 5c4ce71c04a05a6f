/// Dates as flows and shoppers write them, read without a calendar library: a day
/// `YYYY-MM-DD` (ISO 8601), a month `MM/YY`, `MM/YYYY` (a card's expiry) or `YYYY-MM`.
///
/// ```swift
/// CalendarText.date("2026-12-24")  // (2026, 12, 24)
/// CalendarText.monthYear("12/27")  // (2027, 12)
/// ```
package enum CalendarText {
  /// The year, month and day of `YYYY-MM-DD`, or nil when it is not a real day.
  package static func date(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = number(parts[0]), let month = number(parts[1]), let day = number(parts[2]),
      (1...12).contains(month), (1...days(in: month, of: year)).contains(day)
    else { return nil }
    return (year, month, day)
  }

  /// The year and month of `MM/YY` (20YY), `MM/YYYY` or `YYYY-MM`, or nil.
  package static func monthYear(_ text: String) -> (year: Int, month: Int)? {
    let slash = text.split(separator: "/", omittingEmptySubsequences: false)
    let dash = text.split(separator: "-", omittingEmptySubsequences: false)
    let month: Int?
    let year: Int?
    if slash.count == 2, slash[0].count == 2, [2, 4].contains(slash[1].count) {
      month = number(slash[0])
      year = number(slash[1]).map { slash[1].count == 2 ? 2000 + $0 : $0 }
    } else if dash.count == 2, dash[0].count == 4, dash[1].count == 2 {
      (year, month) = (number(dash[0]), number(dash[1]))
    } else {
      return nil
    }
    guard let month, let year, (1...12).contains(month) else { return nil }
    return (year, month)
  }

  /// The days of a month in the Gregorian calendar.
  private static func days(in month: Int, of year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// ASCII digits as a number.
  private static func number(_ digits: Substring) -> Int? {
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(digits)
  }
}
