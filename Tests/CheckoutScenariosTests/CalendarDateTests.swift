import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSessions
import CheckoutScenarios

/// Dates are real calendar days, or refused with why: on the command line, in
/// scenarios, and in the library.
@Suite struct CalendarDateTests {
  @Test(arguments: [
    ("nonsense", "\"nonsense\" is not a date; write YYYY-MM-DD, like 2026-11-21"),
    ("2026-02-30", "\"2026-02-30\" is not a date: February 2026 has 28 days"),
    ("2026-02-31", "\"2026-02-31\" is not a date: February 2026 has 28 days"),
    ("2100-02-29", "\"2100-02-29\" is not a date: February 2100 has 28 days"),
    ("2026-04-31", "\"2026-04-31\" is not a date: April 2026 has 30 days"),
    ("2026-13-01", "\"2026-13-01\" is not a date: the month must be 01 to 12"),
    ("0000-01-01", "\"0000-01-01\" is not a date: the year must be 0001 to 9999"),
    ("+026-01-01", "\"+026-01-01\" is not a date; write YYYY-MM-DD, like 2026-11-21"),
    ("2026-1-01", "\"2026-1-01\" is not a date; write YYYY-MM-DD, like 2026-11-21"),
  ])
  func textsThatAreNoDayAreRefusedWithWhy(_ text: String, _ message: String) {
    #expect(throws: CalendarDate.ParseError(description: message)) { try CalendarDate.parse(text) }
    #expect(CalendarDate(parsing: text) == nil)
  }

  @Test func realDaysParse() throws {
    #expect(try CalendarDate.parse("2028-02-29").description == "2028-02-29")
    #expect(try CalendarDate.parse("2000-02-29").description == "2000-02-29")
    #expect(try CalendarDate.parse("2026-12-31").description == "2026-12-31")
    #expect(CalendarDate(year: 2026, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2026, month: 6, day: 31) == nil)
  }

  @Test(arguments: [
    ("2026-11-31", "--today: \"2026-11-31\" is not a date: November 2026 has 30 days"),
    ("2026-02-29", "--today: \"2026-02-29\" is not a date: February 2026 has 28 days"),
    ("21/11/2026", "--today: \"21/11/2026\" is not a date; write YYYY-MM-DD, like 2026-11-21"),
    ("", "--today: \"\" is not a date; write YYYY-MM-DD, like 2026-11-21"),
  ])
  func anOptionsDateThatIsNoDayNamesTheOptionAndWhy(_ text: String, _ message: String) {
    #expect(throws: CalendarDate.ParseError(description: message)) { try CalendarDate.parse(text, option: "--today") }
  }

  @Test func anOptionsRealDayParses() throws {
    #expect(try CalendarDate.parse("2026-11-30", option: "--today") == CalendarDate(year: 2026, month: 11, day: 30))
  }

  @Test func aScenarioTodayThatIsNoDayIsASyntaxErrorWithItsColumn() {
    #expect(throws: ScenarioSyntaxError.self) { try ScenarioParser.parse("today 2026-02-31", line: 3) }
    do {
      _ = try ScenarioParser.parse("today 2026-02-31", line: 3)
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 7)
      #expect(error.message == "\"2026-02-31\" is not a date: February 2026 has 28 days")
    }
  }
}

extension CalendarDateTests {
  @Test func aSnapshotsDayTheCalendarLacksIsRefusedByBothReaders() throws {
    let snapshot = SnapshotFixtures.minimal.replacingOccurrences(
      of: #""navigation":"cart>stepOne","#,
      with: #""navigation":"cart>stepOne","today":{"year":2026,"month":2,"day":30},"#)
    #expect(SnapshotFixtures.error(snapshot) == "snapshot JSON: today.day: not a date: February 2026 has 28 days")
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SessionSnapshot.self, from: Data(snapshot.utf8)) }
    let valid = snapshot.replacingOccurrences(of: #""day":30"#, with: #""day":28"#)
    #expect(SnapshotFixtures.error(valid) == nil)
    #expect(try JSONDecoder().decode(SessionSnapshot.self, from: Data(valid.utf8)).today?.description == "2026-02-28")
  }
}
