import Foundation
import Testing

/// The `checkout` transcripts in README and the catalog's articles are what the
/// command prints now. A transcript is a code block line `$ swift run checkout
/// ARGUMENTS` followed by its output; a line `…` in the output stands for any
/// number of lines, and `time: N s` for any time. Commands that read files the
/// repository does not hold (`typo.json`), write files, pipe or run the REPL are
/// shown, not run here.
@Suite struct DocumentedOutputTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let pages = [
    "README.md",
    "Sources/CheckoutEngine/CheckoutEngine.docc/CommandLineTool.md",
    "Sources/CheckoutEngine/CheckoutEngine.docc/GeneratedErrorStories.md",
    "Sources/CheckoutEngine/CheckoutEngine.docc/ChangingAFlow.md",
    "Sources/CheckoutEngine/CheckoutEngine.docc/GettingStarted.md",
    "Sources/CheckoutEngine/CheckoutEngine.docc/ScenarioAndREPLLanguage.md",
  ]

  struct Transcript {
    var page: String
    var arguments: [String]
    var output: [String]
  }

  @Test(arguments: pages)
  func transcriptsAreRealOutput(_ page: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
    let transcripts = Self.transcripts(in: text, page: page)
    var run = 0
    for transcript in transcripts where Self.canRun(transcript.arguments) {
      let result = runCheckout(transcript.arguments, in: Self.root.path)
      var printed = (result.output + result.error).split(separator: "\n", omittingEmptySubsequences: false)
      while printed.last == "" { printed.removeLast() }
      let actual = Self.normalised(printed.map(String.init))
      let expected = Self.normalised(transcript.output)
      #expect(
        Self.matches(expected[...], actual[...]),
        "\(page): `checkout \(transcript.arguments.joined(separator: " "))` printed:\n\(actual.joined(separator: "\n"))"
      )
      run += 1
    }
    #expect(run >= 1, "\(page) shows no transcript this test can run")
  }

  @Test func theMatcherTakesEllipsesAndNothingElse() {
    #expect(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
    #expect(Self.matches(["a", "…"], ["a"]))
    #expect(!Self.matches(["a", "c"], ["a", "b", "c"]))
    #expect(!Self.matches(["a", "…", "d"], ["a", "b"]))
    #expect(
      Self.split("plan F --from 'cart>stepOne' --to \"a b\"") == ["plan", "F", "--from", "cart>stepOne", "--to", "a b"])
  }

  /// The transcripts of a page's code blocks.
  static func transcripts(in text: String, page: String) -> [Transcript] {
    let prompt = "$ swift run checkout "
    var found: [Transcript] = []
    var inCode = false
    var inTranscript = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        inCode.toggle()
        inTranscript = false
        continue
      }
      guard inCode else { continue }
      if line.hasPrefix("$ ") {
        found.append(
          Transcript(
            page: page, arguments: line.hasPrefix(prompt) ? split(String(line.dropFirst(prompt.count))) : [],
            output: []))
        inTranscript = true
      } else if inTranscript {
        found[found.count - 1].output.append(line)
      }
    }
    // A transcript's output ends at its block's end or at a blank line before the next command.
    return found.map { transcript in
      var copy = transcript
      while copy.output.last == "" { copy.output.removeLast() }
      return copy
    }.filter { !$0.arguments.isEmpty }.map { transcript in
      var copy = transcript
      copy.arguments = transcript.arguments.flatMap(expand)
      return copy
    }
  }

  /// Whether a transcript can run here: not the REPL, nothing written, no pipe,
  /// and every file it names in the repository.
  static func canRun(_ arguments: [String]) -> Bool {
    guard let command = arguments.first, command != "repl" else { return false }
    if command == "generate" && !arguments.contains("--check") { return false }
    if arguments.contains(where: { ["|", ">", "<"].contains($0) }) { return false }
    if arguments.contains(where: { $0 == "--junit" || $0.hasPrefix("--junit=") }) { return false }
    return arguments.dropFirst().allSatisfy { argument in
      let pathLike = argument.hasSuffix(".json") || argument.hasSuffix(".scenario")
      return !pathLike || FileManager.default.fileExists(atPath: root.appendingPathComponent(argument).path)
    }
  }

  /// Splits a command line as a shell does for these transcripts: words, and
  /// single- or double-quoted strings.
  static func split(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// A `*` in the last path component matches as the shell's glob does (sorted).
  static func expand(_ argument: String) -> [String] {
    guard argument.contains("*") else { return [argument] }
    let url = URL(fileURLWithPath: argument)
    let directory = (argument as NSString).deletingLastPathComponent
    let pattern = url.lastPathComponent.split(separator: "*", omittingEmptySubsequences: false)
    guard pattern.count == 2,
      let names = try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(directory).path)
    else { return [argument] }
    return names.filter { $0.hasPrefix(pattern[0]) && $0.hasSuffix(pattern[1]) }.sorted()
      .map { directory.isEmpty ? $0 : directory + "/" + $0 }
  }

  /// Times vary from run to run: `time: 0.42 s` reads `time: N s`.
  static func normalised(_ lines: [String]) -> [String] {
    lines.map { line in
      guard let range = line.range(of: "time: "), line.hasSuffix(" s") else { return line }
      return line[..<range.upperBound] + "N s"
    }
  }

  /// Whether `actual` is `expected`, where a line `…` of `expected` stands for
  /// any number of lines.
  static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first == "…" {
      let rest = expected.dropFirst()
      return (actual.startIndex...actual.endIndex).contains { matches(rest, actual[$0...]) }
    }
    guard let line = actual.first, line == first else { return false }
    return matches(expected.dropFirst(), actual.dropFirst())
  }
}
