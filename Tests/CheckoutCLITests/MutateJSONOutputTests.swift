import CheckoutCLI
import Foundation
import Testing

/// `checkout mutate FLOW --json`, as DESIGN.md's command line writes it: the
/// report on standard output and the summary on standard error; `--json FILE`
/// still writes a file.
@Suite struct MutateJSONOutputTests {
  let parser = ArgumentParser(commands: CheckoutCommandLine.commands)

  private func options(_ words: [String]) throws -> MutateCommand.Options? {
    guard case .run(.mutate(let options)) = try parser.parse(words) else { return nil }
    return options
  }

  @Test func jsonWithoutAFileIsStandardOutput() throws {
    #expect(try options(["mutate", "f.json", "--json"])?.json == .standardOutput)
    #expect(try options(["mutate", "f.json", "--json", "-"])?.json == .standardOutput)
    #expect(try options(["mutate", "f.json", "--json", "--min-score", "50"])?.json == .standardOutput)
    #expect(try options(["mutate", "f.json"])?.json == nil)
  }

  @Test func jsonWithAFileIsThatFile() throws {
    #expect(try options(["mutate", "f.json", "--json", "r.json"])?.json == .file("r.json"))
    #expect(try options(["mutate", "f.json", "--json=r.json"])?.json == .file("r.json"))
    #expect(try options(["mutate", "--json", "r.json", "f.json"])?.json == .file("r.json"))
  }

  /// `mutate --json plndr.json`: the only word is the flow the command needs.
  @Test func theFlowAfterJsonIsTheFlow() throws {
    let parsed = try options(["mutate", "--json", "plndr.json", "--min-score", "90"])
    #expect(parsed?.flow == "plndr.json")
    #expect(parsed?.json == .standardOutput)
    #expect(parsed?.minScore == 90)
  }

  @Test func helpShowsTheFileAsOptional() {
    let help = runCheckout(["mutate", "--help"])
    #expect(
      help.output.contains("usage: checkout mutate FLOW [--stories SCENARIO...] [--json [FILE]]"), "\(help.output)")
  }

  @Test func theReportGoesToStandardOutputAndTheSummaryToStandardError() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for words in [["mini.json", "--today", "2026-11-21", "--json"], ["--json", "mini.json", "--today", "2026-11-21"]] {
      let run = runCheckout(["mutate"] + words, in: directory)
      #expect(run.status == 0, "\(run.error)")
      let report = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
      #expect(report?["schemaVersion"] as? String == "2", "\(run.output.prefix(200))")
      #expect((report?["files"] as? [String: Any])?.keys.contains("mini.json") == true)
      #expect(run.error.hasPrefix("mini.json: "), "\(run.error)")
      #expect(run.error.contains("  score: "))
      #expect(!FileManager.default.fileExists(atPath: directory + "/-"))
    }
  }
}
