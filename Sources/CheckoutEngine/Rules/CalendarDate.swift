/// A calendar day, injected by the host (never read from the wall clock inside
/// the engine), so that expiry checks replay the same on any machine and day.
///
/// ```swift
/// let today = CalendarDate(parsing: "2026-11-21")
/// ```
public struct CalendarDate: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The year, e.g. 2026.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, 1 to 31.
  public var day: Int

  /// Creates a date; nil unless the month is 1-12 and the day 1-31.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD`.
  public init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

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
