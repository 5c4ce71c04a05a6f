import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel

/// One JSON reader in `Sources/`: the files below are the only ones allowed to
/// tokenize JSON. Everything else reads JSON through the engine's parser (flows,
/// session data files, the schema check of `lint`) or, for session snapshots, through
/// Foundation's Codable. A new file that reads JSON another way fails this test.
@Suite struct OneJSONReaderTests {
  /// Each file allowed to tokenize JSON, and why.
  static let allowed: [String: String] = [
    "Sources/CheckoutModel/Loading/JSON/JSONParser.swift": "the one JSON reader (positions for every value)",
    "Sources/CheckoutSessions/Session/SessionSnapshot+JSON.swift": "session snapshots, through Foundation's Codable",
    "Sources/checkout-bench/LoadBenchmarks.swift": "JSONSerialization, the baseline the loader is timed against",
    "Sources/checkout-bench/SessionBenchmarks.swift": "the snapshot's Codable round trip, timed",
  ]

  /// Whether Swift source reads JSON: Foundation's JSON readers, or a hand-written
  /// tokenizer (one that tests a byte for `{` and knows the literal `null`).
  /// Comments are left out, so documentation may name the readers.
  static func tokenizesJSON(_ source: String) -> Bool {
    let code = source.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...] }
      .joined(separator: "\n")
    if code.contains("JSONSerialization") || code.contains("JSONDecoder") { return true }
    let testsBrace = code.contains("ascii: \"{\"") || code.contains("case \"{\"") || code.contains("Character(\"{\")")
    return testsBrace && code.contains("\"null\"")
  }

  @Test func theDetectorSeesEachWayOfReadingJSON() {
    #expect(Self.tokenizesJSON("let object = try JSONSerialization.jsonObject(with: data)"))
    #expect(Self.tokenizesJSON("let value = try JSONDecoder().decode(Value.self, from: data)"))
    #expect(Self.tokenizesJSON("switch byte {\ncase UInt8(ascii: \"{\"): object()\ndefault: literal(\"null\")\n}"))
    #expect(!Self.tokenizesJSON("/// Read with JSONDecoder, like JSONSerialization would.\nlet x = 1"))
    #expect(!Self.tokenizesJSON("case UInt8(ascii: \"{\"): quantifier()"), "a regex's `{` is no JSON")
  }

  @Test func onlyTheAllowedFilesTokenizeJSON() throws {
    let sources = PackagePaths.root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String])
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 100, "found the sources")
    var readers: [String] = []
    for file in files.sorted() {
      let source = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      if Self.tokenizesJSON(source) { readers.append("Sources/" + file) }
    }
    let unexpected = readers.filter { Self.allowed[$0] == nil }
    #expect(
      unexpected.isEmpty,
      "these files tokenize JSON; read it with JSONParser (Sources/CheckoutModel/Loading/JSON) instead: \(unexpected)")
    #expect(readers.contains("Sources/CheckoutModel/Loading/JSON/JSONParser.swift"), "the one reader is still found")
  }
}
