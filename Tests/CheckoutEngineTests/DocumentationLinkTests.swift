import Foundation
import CheckoutTestSupport
import Testing

/// The pages a reader opens on the repository (README, the changelog, `docs/`, the
/// example server's README) link only to files that exist, and to headings those
/// files have; README stays an introduction.
@Suite struct DocumentationLinkTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Markdown pages checked, relative to the package root.
  static func pages() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md", "CHANGELOG.md", "Examples/CheckoutServer/README.md"] + docs
  }

  @Test func everyRelativeLinkResolves() throws {
    let pages = try Self.pages()
    #expect(pages.count >= 6)
    var checked = 0
    for page in pages {
      let url = Self.root.appendingPathComponent(page)
      let text = try String(contentsOf: url, encoding: .utf8)
      for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
        checked += 1
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let target = path.isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(path).standardized
        guard FileManager.default.fileExists(atPath: target.path) else {
          Issue.record("\(page): the link \(link) points at \(target.path), which does not exist")
          continue
        }
        if parts.count == 2, target.pathExtension == "md" {
          let anchors = Self.anchors(in: try String(contentsOf: target, encoding: .utf8))
          #expect(anchors.contains(String(parts[1])), "\(page): the link \(link) names no heading of \(path)")
        }
      }
    }
    #expect(checked >= 30, "only \(checked) links found: is the link reader right?")
  }

  /// The reader above finds what it should, and a broken link is one it reports.
  @Test func theLinkReaderFindsLinksOutsideCode() {
    let text = "See [a](docs/a.md#b-c) and ![img](x.png).\n```\n[not](code.md)\n```\n[c](https://e.org)"
    #expect(Self.links(in: text) == ["docs/a.md#b-c", "x.png", "https://e.org"])
    #expect(
      Self.anchors(in: "## The `checkout` command, and more!\n### Load figures") == [
        "the-checkout-command-and-more", "load-figures",
      ])
  }

  @Test func readmeIsAnIntroduction() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 300, "README.md has \(lines) lines; its depth belongs in the catalog or docs/")
    for command in ["swift run checkout repl", "swift test"] {
      #expect(readme.contains(command), "README.md shows how to start: \(command)")
    }
  }

  /// The targets of Markdown links and images outside fenced code blocks.
  static func links(in text: String) -> [String] {
    var found: [String] = []
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") || line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inCode.toggle()
        continue
      }
      if inCode { continue }
      var rest = line[...]
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        found.append(String(after[..<close]))
        rest = after[after.index(after: close)...]
      }
    }
    return found
  }

  /// The anchors GitHub gives a page's headings: lower case, punctuation but `-`
  /// and `_` dropped, spaces turned into `-`.
  static func anchors(in text: String) -> Set<String> {
    var anchors = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("#") {
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      let kept = title.unicodeScalars.filter {
        CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
      }
      anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
    }
    return anchors
  }
}
