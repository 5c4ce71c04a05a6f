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
    guard let fields = fields(text, separator: UInt8(ascii: "-")), fields.count == 3,
      fields[0].length == 4, fields[1].length == 2, fields[2].length == 2
    else { return nil }
    let (year, month, day) = (fields[0].value, fields[1].value, fields[2].value)
    guard (1...12).contains(month), (1...days(in: month, of: year)).contains(day) else { return nil }
    return (year, month, day)
  }

  /// The year and month of `MM/YY` (20YY), `MM/YYYY` or `YYYY-MM`, or nil.
  package static func monthYear(_ text: String) -> (year: Int, month: Int)? {
    let year: Int
    let month: Int
    if let slash = fields(text, separator: UInt8(ascii: "/")), slash.count == 2, slash[0].length == 2,
      [2, 4].contains(slash[1].length)
    {
      month = slash[0].value
      year = slash[1].length == 2 ? 2000 + slash[1].value : slash[1].value
    } else if let dash = fields(text, separator: UInt8(ascii: "-")), dash.count == 2, dash[0].length == 4,
      dash[1].length == 2
    {
      (year, month) = (dash[0].value, dash[1].value)
    } else {
      return nil
    }
    guard (1...12).contains(month) else { return nil }
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

  /// The fields of `text` between `separator`s, each a run of ASCII digits read on
  /// the text's UTF-8 bytes: its value and its length. Nil when anything else is in
  /// it, or a field is longer than any date's (four digits).
  private static func fields(_ text: String, separator: UInt8) -> [(value: Int, length: Int)]? {
    var fields: [(value: Int, length: Int)] = []
    fields.reserveCapacity(3)
    var (value, length) = (0, 0)
    for byte in text.utf8 {
      if byte == separator {
        fields.append((value, length))
        (value, length) = (0, 0)
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), length < 4 {
        (value, length) = (value * 10 + Int(byte - UInt8(ascii: "0")), length + 1)
      } else {
        return nil
      }
    }
    fields.append((value, length))
    return fields
  }
}
