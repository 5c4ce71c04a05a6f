import Foundation

/// A calendar day, injected by the host, so that expiry checks replay the same on
/// any machine and day. A session given none takes the system's date
/// (``systemToday(in:)``), never no date at all.
///
/// ```swift
/// let today = try CalendarDate.parse("2026-11-21")
/// ```
public struct CalendarDate: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The year, e.g. 2026.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, 1 to 31.
  public var day: Int

  /// Creates a date; nil unless the year is 1-9999, the month 1-12 and the day
  /// one that month has (February 29 only in a leap year).
  package init?(year: Int, month: Int, day: Int) {
    guard CalendarDate.whyNotADate(year: year, month: month, day: day) == nil else { return nil }
    self.init(checkedYear: year, month: month, day: day)
  }

  /// The system's calendar date today in a time zone (by default the system's
  /// own), in the Gregorian calendar: what a session takes when its host gives
  /// no date.
  public static func systemToday(in timeZone: TimeZone = .current) -> CalendarDate {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: Date())
    let year = min(max(parts.year ?? 1970, 1), 9999)
    let month = min(max(parts.month ?? 1, 1), 12)
    let day = min(max(parts.day ?? 1, 1), days(inMonth: month, of: year))
    return CalendarDate(checkedYear: year, month: month, day: day)
  }

  /// Parses `YYYY-MM-DD`; nil when it is not a real date. Prefer ``parse(_:)``,
  /// which throws and says why (`"2026-11-31" is not a date: November 2026 has 30 days`).
  package init?(parsing text: String) {
    guard let date = try? CalendarDate.parse(text) else { return nil }
    self = date
  }

  /// Why a text is not a date, in words a person can act on.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `"2026-02-30" is not a date: February 2026 has 28 days`.
    public var description: String
    /// Creates the error.
    package init(description: String) { self.description = description }
  }

  /// Parses `YYYY-MM-DD` (four, two and two digits), refusing days the month does
  /// not have.
  ///
  /// ```swift
  /// try CalendarDate.parse("2026-02-30")
  /// // throws: "2026-02-30" is not a date: February 2026 has 28 days
  /// ```
  public static func parse(_ text: String) throws(ParseError) -> CalendarDate {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else {
      throw ParseError(description: "\(Quoting.quoted(text)) is not a date; write YYYY-MM-DD, like 2026-11-21")
    }
    if let reason = whyNotADate(year: year, month: month, day: day) {
      throw ParseError(description: "\(Quoting.quoted(text)) is not a date: \(reason)")
    }
    return CalendarDate(checkedYear: year, month: month, day: day)
  }

  /// Parses the value of a command-line option that takes a date, with the
  /// option's name first in the error: the one reader of `--today` for the
  /// command line, its story generator and a server.
  ///
  /// ```swift
  /// try CalendarDate.parse("2026-11-31", option: "--today")
  /// // throws: --today: "2026-11-31" is not a date: November 2026 has 30 days
  /// ```
  public static func parse(_ text: String, option: String) throws(ParseError) -> CalendarDate {
    do {
      return try parse(text)
    } catch {
      throw ParseError(description: "\(option): \(error.description)")
    }
  }

  /// Why a year, month and day are no day of the calendar (`February 2026 has 28
  /// days`), or nil when they are one.
  package static func whyNotADate(year: Int, month: Int, day: Int) -> String? {
    guard (1...9999).contains(year) else { return "the year must be 0001 to 9999" }
    guard (1...12).contains(month) else { return "the month must be 01 to 12" }
    let days = days(inMonth: month, of: year)
    guard (1...days).contains(day) else { return "\(monthNames[month - 1]) \(year) has \(days) days" }
    return nil
  }

  private init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  private enum CodingKeys: String, CodingKey {
    case year, month, day
  }

  /// Decodes `{"year", "month", "day"}`, refusing a day the calendar does not have.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let year = try container.decode(Int.self, forKey: .year)
    let month = try container.decode(Int.self, forKey: .month)
    let day = try container.decode(Int.self, forKey: .day)
    if let reason = CalendarDate.whyNotADate(year: year, month: month, day: day) {
      throw DecodingError.dataCorruptedError(forKey: .day, in: container, debugDescription: "not a date: \(reason)")
    }
    self.init(checkedYear: year, month: month, day: day)
  }

  /// How many days a month has in a year of the Gregorian calendar.
  package static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
  ]

  /// `2026-11-21`.
  public var description: String {
    let month = self.month < 10 ? "0\(self.month)" : "\(self.month)"
    let day = self.day < 10 ? "0\(self.day)" : "\(self.day)"
    return "\(year)-\(month)-\(day)"
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
