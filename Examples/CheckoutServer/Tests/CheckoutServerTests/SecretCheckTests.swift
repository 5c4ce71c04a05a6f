import Crypto
import Foundation
import Testing

@testable import CheckoutServer

/// The session guard's per-request text work, written without Foundation's
/// formatting: the same digests and tokens as the `String(format:)` and
/// `trimmingCharacters(in: .whitespaces)` it replaced.
@Suite struct SecretCheckTests {
  @Test func hexIsTwoLowercaseDigitsPerByteForEveryByte() {
    let bytes = (0...255).map(UInt8.init)
    #expect(SecretDigest.lowercaseHex(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
    #expect(SecretDigest.lowercaseHex([UInt8]()) == "")
  }

  @Test func digestsAreSHA256InLowercaseHex() {
    // FIPS 180-2's example: SHA-256("abc").
    #expect(
      SecretDigest(of: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    for text in ["", "a", "Bearer", String(repeating: "x", count: 43), "é🙂"] {
      let expected = SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
      #expect(SecretDigest(of: text).hex == expected)
    }
  }

  @Test func tokensAreTrimmedAsCharacterSetWhitespacesTrims() {
    let samples = [
      "abc", " abc", "abc ", "\tabc\t", "  a b  ", "", " ", "\t \t", "\u{00A0}abc\u{2003}", "\u{3000}x\u{3000}",
      "\nabc\n", "\r\nabc", "abc\u{200B}", "\u{FEFF}abc", "a\u{00A0}", "🙂 ", " é ", "é", "a\u{7F}", "\u{7F}",
    ]
    for sample in samples {
      #expect(
        SessionCredential.trimmingWhitespace(Substring(sample)) == sample.trimmingCharacters(in: .whitespaces),
        "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    #expect(SessionCredential.bearerToken(in: "Bearer \u{00A0}abc\t") == "abc")
    #expect(SessionCredential.bearerToken(in: "bearer \t") == nil)
  }
}
