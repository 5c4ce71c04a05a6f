import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

@testable import CheckoutCLI

/// A new option of a command is its ``OptionSpec``, its place in the command's
/// `spec.options` and its field of the typed `Options`: these tests name what a
/// contributor left out of the rest (reading it in `parse`, the documentation's
/// table of commands), since the compiler cannot.
@Suite struct EveryOptionIsReadTests {
  let parser = ArgumentParserTests()

  /// A value of each placeholder an option or a positional may take, valid for its reader.
  static let samples: [String: String] = [
    "FLOW": "a.json", "SCENARIO": "a.scenario", "SNAPSHOT": "s.json", "OLD": "old.json", "NEW": "new.json",
    "FILE": "f.xml", "DIR": "dir", "DATE": "2026-11-21", "N": "9", "P": "50", "STATE": "cart",
    "STEP[.ROW]": "cart", "TAG": "de", "SHELL": "bash",
  ]

  /// How the table of commands writes a positional that takes one of a few words.
  static let shownAs = ["SHELL": CompletionCommand.Shell.allCases.map(\.rawValue).joined(separator: "|")]

  static func sample(_ placeholder: String, allowed: [String]?) -> String? {
    allowed?.last ?? samples[placeholder]
  }

  /// The words of a command line with the command's positionals and required options.
  func baseline(_ spec: CommandSpec) throws -> [String] {
    var words = [spec.name]
    for positional in spec.positionals where positional.isRequired {
      words.append(
        try #require(
          Self.sample(positional.name, allowed: nil), "no sample value for \(positional.name) in \(#filePath)"))
    }
    for option in spec.options where option.isRequired {
      let value = try #require(
        Self.sample(option.valueName ?? "", allowed: option.allowedValues),
        "no sample value for \(option.valueName ?? "") in \(#filePath)")
      words += [option.name, value]
    }
    return words
  }

  @Test(arguments: CheckoutCommandLine.commands.map(\.name))
  func everyOptionChangesWhatTheCommandLineParsesTo(_ name: String) throws {
    let spec = try #require(CheckoutCommandLine.commands.first { $0.name == name })
    let words = try baseline(spec)
    let plain = parser.command(words)
    for option in spec.options where !option.isRequired {
      var given = words + [option.name]
      if let valueName = option.valueName {
        given.append(
          try #require(
            Self.sample(valueName, allowed: option.allowedValues),
            "no sample value for \(valueName) (of \(option.name)) in \(#filePath)"))
      }
      #expect(
        parser.command(given) != plain,
        "checkout \(name) \(option.name) is in its spec but its parse does not read it into its Options")
    }
  }

  /// The table of commands in CommandLineTool.md shows each command's usage: every
  /// positional and option its spec has, and no other option.
  @Test(arguments: CheckoutCommandLine.commands.map(\.name))
  func theArticlesTableOfCommandsShowsEveryOption(_ name: String) throws {
    let path = "Sources/CheckoutEngine/CheckoutEngine.docc/CommandLineTool.md"
    let article = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
    let spec = try #require(CheckoutCommandLine.commands.first { $0.name == name })
    let row = try #require(
      article.split(separator: "\n").first {
        $0.hasPrefix("| `checkout \(name) ") || $0.hasPrefix("| `checkout \(name)`")
      },
      "\(path)'s table of commands has no row for `checkout \(name)`; add one")
    let usage = row.split(separator: "`").dropFirst().first.map { $0.replacingOccurrences(of: "\\|", with: "|") } ?? ""
    let parts =
      spec.positionals.map { Self.shownAs[$0.name] ?? $0.synopsis }
      + spec.options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
    let named = Set(spec.options.map(\.name))
    let others = usage.split(separator: " ").map { String($0.drop { $0 == "[" }) }.filter {
      $0.hasPrefix("--") && !named.contains(String($0.prefix { $0 != "]" }))
    }
    let problems = ListDrift.problems(
      expected: parts, actual: parts.filter(usage.contains) + others,
      list: "\(path)'s table of commands, in the row of `checkout \(name)`")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// Each option a command's file declares (`static let title = OptionSpec.value(…)`)
  /// is in its spec's `options`: one left out would be refused as unknown and
  /// missing from help and completion.
  @Test func everyDeclaredOptionIsInItsCommandsSpec() throws {
    let directory = PackagePaths.root.appendingPathComponent("Sources/CheckoutCLI/Commands")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
    var declaredCount = 0
    for file in files.sorted() {
      let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      let declared = source.matches(of: /static let (\w+) =\s*OptionSpec\./).map { String($0.output.1) }
      guard !declared.isEmpty else { continue }
      declaredCount += declared.count
      let listed = try #require(
        source.firstMatch(of: /options: \[([^\]]*)\]/)?.output.1, "\(file) declares options but no `options: [...]`"
      ).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      let problems = ListDrift.problems(
        expected: declared, actual: listed.filter(declared.contains), list: "\(file)'s `options: [...]` of its spec")
      #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
    #expect(declaredCount >= 25, "only \(declaredCount) option declarations were found: has their form changed?")
  }
}
