import Foundation
import CheckoutTestSupport
import Testing

/// The library's `public` surface stays what a host calls: at most
/// ``PublicAPITests/limit`` `public` declarations across the layers the product
/// re-exports, and every public top-level type, protocol and free function listed
/// in a topics section of the DocC catalog. Everything only the command line, the
/// benchmark, the tests or another target of this package uses is `package`.
@Suite struct PublicAPITests {
  /// The most `public` declarations the layers may have (600; 3 more a host needs
  /// for a session's locale: its `locale`, `setLocale(_:)`, the initializer taking
  /// one, and `UnsupportedLocale`, less one made `package`; and 10 more since flow
  /// strings may be written per locale: ``LocalizedText``, which the model's public
  /// titles and messages are, is public with its literals and `Codable`; 1 more
  /// from main since then; and 1 for a host's own words in the session's language,
  /// `CheckoutSession.hostWords`, which the example server, another package, reads).
  static let limit = 615

  /// The targets the `CheckoutEngine` product re-exports, under `Sources/`.
  static let targets = [
    "CheckoutModel", "CheckoutSynthesis", "CheckoutPlanning", "CheckoutLint", "CheckoutCompiledFlow",
    "CheckoutSessions", "CheckoutScenarios", "CheckoutEngine",
  ]

  /// The documentation catalog, relative to the package root.
  static let catalog = "Sources/CheckoutEngine/CheckoutEngine.docc"

  @Test func atMostTheLimitOfPublicDeclarations() throws {
    var counts: [String: Int] = [:]
    for target in Self.targets {
      counts[target] = try Self.sources(of: target).reduce(0) { $0 + PublicAPIScanner.publicLines(in: $1.text) }
    }
    let total = counts.values.reduce(0, +)
    // The sources were found: the session and its model are public.
    #expect(counts["CheckoutSessions", default: 0] > 50 && counts["CheckoutModel", default: 0] > 50, "\(counts)")
    #expect(
      total <= Self.limit,
      "\(total) public declarations (\(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))); at most \(Self.limit): make what only the CLI, tests or other targets use `package`"
    )
  }

  @Test func everyPublicTopLevelNameIsInTheCatalogsTopics() throws {
    let topics = try Self.catalogTopics()
    var declared: [String: String] = [:]
    for target in Self.targets {
      for file in try Self.sources(of: target) {
        for name in PublicAPIScanner.topLevelNames(in: file.text) { declared[name] = file.name }
      }
    }
    #expect(declared.count > 40, "only \(declared.count) public top-level names found: is the scanner right?")
    let missing = declared.keys.filter { !topics.contains($0) }.sorted().map { "\($0) (\(declared[$0] ?? ""))" }
    #expect(missing == [], "public, but in no topics section of \(Self.catalog): \(missing)")
  }

  @Test func everyTopicEntryIsAPublicTopLevelName() throws {
    var declared: Set<String> = []
    for target in Self.targets {
      for file in try Self.sources(of: target) { declared.formUnion(PublicAPIScanner.topLevelNames(in: file.text)) }
    }
    let stale = try Self.catalogTopics().filter { !declared.contains($0) }.sorted()
    #expect(stale == [], "listed in the catalog's topics but not a public top-level name: \(stale)")
  }

  /// The scanner counts what the grep in the brief counts and finds top-level names,
  /// not members, nor `package` declarations, nor names in comments.
  @Test func theScannerCountsPublicLinesAndFindsTopLevelNames() {
    let text = """
      /// public struct InAComment {}
      public struct Session: Sendable {
        public var id: Int
        @inlinable public func send() {}
        package var cache: Int
        public struct Nested {}
      }
      @frozen public enum Mode { case a }
      public final class Compiled {}
      public indirect enum Tree { case leaf }
      public protocol Store {}
      public actor Vault {}
      public func freeFunction() {}
      package struct Hidden {}
      public typealias Alias = Int
      extension Session {
        public var more: Int { 0 }
      }
      """
    #expect(PublicAPIScanner.publicLines(in: text) == 12)
    #expect(
      PublicAPIScanner.topLevelNames(in: text) == [
        "Session", "Mode", "Compiled", "Tree", "Store", "Vault", "freeFunction", "Alias",
      ])
    let page = """
      # ``CheckoutEngine``

      ``NotATopic`` in the overview.

      ## Topics

      ### Sessions

      - ``CheckoutSession``
      - ``SessionEvent/Kind``
      - ``render(_:)``
      - <doc:GettingStarted>
      """
    #expect(Self.topics(in: page) == ["CheckoutSession", "render"])
  }

  /// A source file's name and text.
  struct Source {
    var name: String
    var text: String
  }

  /// The Swift files of a target, found from the package root the test support knows.
  static func sources(of target: String) throws -> [Source] {
    let directory = PackagePaths.root.appendingPathComponent("Sources").appendingPathComponent(target)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw ScanError(message: "no directory \(directory.path)")
    }
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    var files: [Source] = []
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      files.append(Source(name: url.lastPathComponent, text: try String(contentsOf: url, encoding: .utf8)))
    }
    return files
  }

  /// The names every topics section of the catalog's pages lists (`- ``Name```),
  /// top-level names only (not `Type/member`); a function by its base name.
  static func catalogTopics() throws -> Set<String> {
    let directory = PackagePaths.root.appendingPathComponent(catalog)
    var names: Set<String> = []
    for page in try FileManager.default.contentsOfDirectory(atPath: directory.path) where page.hasSuffix(".md") {
      names.formUnion(topics(in: try String(contentsOf: directory.appendingPathComponent(page), encoding: .utf8)))
    }
    #expect(names.count > 40, "only \(names.count) topic entries found in \(catalog)")
    return names
  }

  /// The top-level symbol names listed under a page's `## Topics` heading.
  static func topics(in page: String) -> Set<String> {
    var inTopics = false
    var names: Set<String> = []
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") { inTopics = line == "## Topics" }
      guard inTopics, line.hasPrefix("- ``"), line.hasSuffix("``") else { continue }
      let name = line.dropFirst(4).dropLast(2)
      if !name.contains("/") { names.insert(String(name.prefix { $0 != "(" })) }
    }
    return names
  }

  struct ScanError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// Reads `public` declarations off Swift source text, line by line.
  enum PublicAPIScanner {
    /// Lines that declare something `public`: optional indentation and attributes,
    /// then `public ` (what `grep -E '^\s*(@[A-Za-z]+ )*public '` counts).
    static func publicLines(in text: String) -> Int {
      text.split(separator: "\n", omittingEmptySubsequences: false).filter { declaration(in: $0) != nil }.count
    }

    /// The names of public types, protocols, type aliases and free functions
    /// declared at the top level (no indentation).
    static func topLevelNames(in text: String) -> [String] {
      var names: [String] = []
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        guard let first = line.first, first != " ", first != "\t", let rest = declaration(in: line) else { continue }
        var words = rest.split(separator: " ")[...]
        while let word = words.first, ["final", "indirect", "nonisolated"].contains(word) { words = words.dropFirst() }
        guard let kind = words.first,
          ["struct", "enum", "class", "actor", "protocol", "typealias", "func"].contains(kind),
          let nameWord = words.dropFirst().first
        else { continue }
        let name = nameWord.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !name.isEmpty { names.append(String(name)) }
      }
      return names
    }

    /// What follows `public ` on a declaration line, or nil when the line is not one.
    private static func declaration(in line: Substring) -> Substring? {
      var rest = line.drop { $0 == " " || $0 == "\t" }
      while rest.hasPrefix("@") {
        let attribute = rest.prefix { $0 != " " }
        guard attribute.dropFirst().allSatisfy({ $0.isLetter }), attribute.count > 1 else { return nil }
        rest = rest.dropFirst(attribute.count)
        guard rest.hasPrefix(" ") else { return nil }
        rest = rest.dropFirst()
      }
      guard rest.hasPrefix("public ") else { return nil }
      return rest.dropFirst("public ".count)
    }
  }
}
