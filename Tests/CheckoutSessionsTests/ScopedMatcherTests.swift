import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// Matchers scoped to an operation: a call's errors are matched only against the
/// matchers of its own operation (and the unscoped ones), first match wins.
@Suite struct ScopedMatcherTests {
  /// `trip` holds seats (`holdSeats`) and books (`book`); `seat_taken` is a booking
  /// error fixed on the seat map, each call has its own fallback, and `email_*`
  /// applies to both.
  static let flow = CompiledFlow(
    Flow(id: "trip", title: "Trip", start: "trip") {
      Step("trip", title: "Trip") {
        TextField("email", title: "E-mail", bind: "contact.email")
        Disclosure("seats", title: "Seats", opens: "seatMap")
        Button("hold", title: "Hold seats", submit: "holdSeats", validates: [])
        Button("book", title: "Book now", submit: "book", validates: [])
      }
      Step("seatMap", title: "Seat map", presentation: .modal) {
        TextField("seat", title: "Seat", bind: "trip.seat")
        Button.closing("done", title: "Done")
      }
      ErrorMatcher(code: "seat_taken", step: "seatMap", row: "seat", operations: ["book"])
      ErrorMatcher(code: "email_*", step: "trip", row: "email", operations: ["holdSeats", "book"])
      ErrorMatcher(code: "*", step: "trip", message: "The hold failed.", operations: ["holdSeats"])
      ErrorMatcher(code: "*", step: "trip", row: "seats", message: "The booking failed.", operations: ["book"])
    })

  static func failing(_ operation: OperationName, with codes: [String]) -> CheckoutSession {
    var session = CheckoutSession(flow: flow, today: ShippedFlows.today)
    _ = AutoHost().send(.tap(operation == "book" ? "book" : "hold"), to: &session)
    _ = AutoHost().send(.apiFailed(operation, codes.map { APIError(code: $0) }), to: &session)
    return session
  }

  @Test func aMatcherScopedToOneOperationNeverCatchesAnothersError() throws {
    // The same error code, answered by each call.
    let booking = try #require(Self.failing("book", with: ["seat_taken"]).offer?.resolution)
    #expect(booking.target == "seatMap.seat")
    let hold = try #require(Self.failing("holdSeats", with: ["seat_taken"]).offer?.resolution)
    #expect(hold.target == "trip")
    #expect(hold.message == "The hold failed.")
  }

  @Test func eachOperationFallsBackToItsOwnFallback() throws {
    let hold = try #require(Self.failing("holdSeats", with: ["fare_gone"]).offer?.resolution)
    let booking = try #require(Self.failing("book", with: ["fare_gone"]).offer?.resolution)
    #expect(hold.message == "The hold failed.")
    #expect(booking.target == "trip.seats")
    #expect(booking.message == "The booking failed.")
  }

  @Test func aMatcherNamingBothOperationsCatchesEithersError() throws {
    for operation: OperationName in ["holdSeats", "book"] {
      let resolution = try #require(Self.failing(operation, with: ["email_invalid"]).offer?.resolution)
      #expect(resolution.target == "trip.email")
    }
  }

  @Test func queuedErrorsOfOneResponseUseTheOperationsMatchers() {
    let session = Self.failing("holdSeats", with: ["email_invalid", "seat_taken"])
    #expect(session.offer?.resolution.target == "trip.email")
    #expect(session.queued.map(\.target) == ["trip"])
  }

  @Test func theResolverWithoutAnOperationLooksAtEveryMatcher() {
    let resolver = Self.flow.resolver
    #expect(resolver.resolve(APIError(code: "seat_taken"))?.target == "seatMap.seat")
    #expect(resolver.resolve(APIError(code: "seat_taken"), from: "holdSeats")?.target == "trip")
    #expect(resolver.resolve(APIError(code: "seat_taken"), from: "refund") == nil)
  }
}
