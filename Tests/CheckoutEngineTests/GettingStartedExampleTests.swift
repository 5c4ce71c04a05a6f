import CheckoutTestSupport
import Foundation
import Testing

/// Getting Started's session and host are `Examples/GettingStarted/main.swift`, the
/// `getting-started-example` target that `swift build` compiles in Swift 6 language
/// mode: the article's code blocks are that file, block by block, and the program
/// prints what the article says it prints.
@Suite struct GettingStartedExampleTests {
  static let example = PackagePaths.root.appendingPathComponent("Examples/GettingStarted/main.swift")
  static let sections = ["Load the flow and run a session", "Handle the effects"]

  @Test func theArticlesCodeBlocksAreTheExampleFile() throws {
    let article = Markdown(try DocumentationTests.catalogArticle("GettingStarted"))
    let blocks = Self.sections.flatMap { article.codeBlocks(language: "swift", section: $0) }
    let file = try String(contentsOf: Self.example, encoding: .utf8)
    #expect(blocks.count == 3, "the session, the host and the shopper")
    #expect(
      blocks.joined(separator: "\n\n") + "\n" == file,
      "GettingStarted.md's swift blocks in \(Self.sections) must be Examples/GettingStarted/main.swift, in order")
  }

  @Test func theExamplePrintsTheArticlesTranscript() throws {
    let article = Markdown(try DocumentationTests.catalogArticle("GettingStarted"))
    let prompt = "$ swift run getting-started-example\n"
    let transcript = try #require(
      article.codeBlocks(language: "", section: "Handle the effects").first { $0.hasPrefix(prompt) })
    let program = try #require(
      Self.builtProduct("getting-started-example"), "build the package first: `swift build --build-tests`")
    let printed = try Self.output(of: program, in: PackagePaths.root)
    #expect(printed == String(transcript.dropFirst(prompt.count)) + "\n")
    #expect(
      printed.contains(
        "focus creditCard.cvv The security code (CVV) isn't right. Please check the back of your card.\ncart>stepOne|creditCard"
      ))
  }

  /// An executable this package built, beside the test bundle that runs now.
  static func builtProduct(_ name: String) -> URL? {
    let bundles = [Bundle.main] + Bundle.allBundles
    let folders = bundles.flatMap { [$0.bundleURL, $0.bundleURL.deletingLastPathComponent()] }
    return folders.map { $0.appendingPathComponent(name) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath
    }
  }

  /// What a program prints on standard output, run in `directory`; it must exit 0.
  static func output(of program: URL, in directory: URL) throws -> String {
    let process = Process()
    process.executableURL = program
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }
}
