import Foundation
import Testing

@testable import CheckoutCLI

/// The REPL's line editor reads keys as UTF-8 whatever the environment's locale
/// (libedit drops `ó` in the C locale), and only the character type changes.
@Suite struct InputCharacterSetTests {
  @Test func theCharacterTypeBecomesUTF8AndNumbersStayAsTheCLocaleWritesThem() throws {
    let chosen = try #require(InputCharacterSet.useUTF8(), "this system has a UTF-8 locale (C.UTF-8)")
    #expect(InputCharacterSet.isUTF8, "LC_CTYPE is \(chosen)")
    #expect(String(cString: setlocale(LC_NUMERIC, nil)) == "C")
    #expect(String(cString: setlocale(LC_MESSAGES, nil)) == "C")
  }
}
