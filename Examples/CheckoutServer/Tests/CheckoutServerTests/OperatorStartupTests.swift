import CheckoutEngine
import Foundation
import Logging
import Testing

@testable import CheckoutServer

/// What an operator meets starting the server: settings that cannot be what was
/// meant are refused before anything listens, and say what would be valid.
@Suite struct OperatorStartupTests {
  static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

  /// A `DATABASE_URL` set but empty (a secret that failed to render) started the
  /// memory store: every session lost with the process. Unset still means memory.
  @Test func anEmptyDatabaseURLIsRefusedAndAnUnsetOneMeansMemory() async throws {
    for empty in ["", "  ", "\n"] {
      do {
        _ = try await buildApplication(
          TestArguments(),
          dependencies: AppDependencies(
            logger: Self.quiet, environment: ["DATABASE_URL": empty, "CHECKOUT_DATA_KEY": testDataKey]))
        Issue.record("the server started with DATABASE_URL=\(empty.debugDescription)")
      } catch let error as DatabaseURLError {
        #expect(
          error.description
            == "DATABASE_URL is set but empty (a secret that was not filled in?): give postgres://user:password@host:5432/database, or unset it to keep sessions in memory"
        )
      }
    }
    _ = try await buildApplication(TestArguments(), dependencies: AppDependencies(logger: Self.quiet, environment: [:]))
    await #expect(throws: DatabaseURLError.self) {
      try await resealStore(TestArguments(), environment: ["DATABASE_URL": "", "CHECKOUT_DATA_KEY": testDataKey])
    }
  }
}
