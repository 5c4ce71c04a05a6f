import Foundation
import CheckoutTestSupport
import Testing

/// README's "Use it in a server" shows the embedding example verbatim, so the code
/// people copy is the code `swift build` compiles.
@Test func readmeShowsTheEmbeddingExampleVerbatim() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  let example = try String(contentsOf: root.appendingPathComponent("Examples/Embedding/main.swift"), encoding: .utf8)
  #expect(readme.contains("```swift\n" + example + "```"))
  #expect(example.split(separator: "\n").count <= 25, "the example stays short")
}
