import CheckoutCLI
import Testing

/// `ArgumentParser.parse` on its own: pure, no output.
@Suite struct ArgumentParserTests {
  let parser = ArgumentParser(commands: CheckoutCommandLine.commands)

  /// The command and arguments of a run, or a recorded issue.
  func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> (String, ParsedArguments)? {
    do {
      switch try parser.parse(arguments) {
      case .run(let spec, let parsed): return (spec.name, parsed)
      case .help(let spec): Issue.record("help for \(spec?.name ?? "checkout")", sourceLocation: sourceLocation)
      case .version: Issue.record("version", sourceLocation: sourceLocation)
      }
    } catch {
      Issue.record("usage error: \(error.message)", sourceLocation: sourceLocation)
    }
    return nil
  }

  /// The usage error, or a recorded issue.
  func usageError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> UsageError? {
    do {
      _ = try parser.parse(arguments)
      Issue.record("parsed \(arguments)", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ["graph", "flow.json", "--format=mermaid"], ["graph", "--format", "mermaid", "flow.json"],
    ["graph", "flow.json", "--format", "dot", "--format", "mermaid"],
  ])
  func optionValuesInlineOrSeparate(_ arguments: [String]) throws {
    let (command, parsed) = try #require(run(arguments))
    #expect(command == "graph")
    #expect(parsed.positionals == ["flow.json"])
    #expect(parsed.values == ["--format": "mermaid"])
    #expect(parsed.flags.isEmpty)
  }

  @Test func doubleDashEndsOptions() throws {
    let (_, parsed) = try #require(run(["lint", "--json", "--", "--odd.json", "-x", "--"]))
    #expect(parsed.positionals == ["--odd.json", "-x", "--"])
    #expect(parsed.flags == ["--json"])
  }

  @Test func repeatedPositionalsAndFlags() throws {
    let (command, parsed) = try #require(run(["lint", "a.json", "--matrix", "b.json", "-", "c.json", "--json"]))
    #expect(command == "lint")
    #expect(parsed.positionals == ["a.json", "b.json", "-", "c.json"])
    #expect(parsed.flags == ["--json", "--matrix"])
    #expect(parsed.has("--json") && !parsed.has("--help"))
    #expect(parsed.value("--format") == nil)
  }

  @Test func flagsGivenValuesAreUsageErrors() {
    let error = usageError(["lint", "--json=yes", "a.json"])
    #expect(error?.message == "option '--json' takes no value")
    #expect(error?.command == "lint")
  }

  @Test func valuesMustBeGivenAndAllowed() {
    #expect(usageError(["graph", "a.json", "--format"])?.message == "option '--format' needs a value: --format FORMAT")
    #expect(
      usageError(["graph", "a.json", "--format", "--json"])?.message
        == "option '--format' needs a value: --format FORMAT")
    #expect(
      usageError(["graph", "a.json", "--format=png"])?.message
        == "'png' is not a valid value for '--format'; valid values are dot, mermaid")
  }

  @Test func requiredOptionsAndPositionals() {
    #expect(usageError(["plan", "flow.json", "--from", "cart"])?.message == "missing --to STEP[.ROW]")
    #expect(usageError(["plan", "--from", "cart", "--to", "x"])?.message == "missing FLOW")
    #expect(usageError(["graph", "a", "b", "c"])?.message == "unexpected argument 'b c'")
  }

  @Test func unknownNamesSuggestTheNearest() {
    let command = usageError(["grahp"])
    #expect(command?.message == "unknown command 'grahp'; did you mean 'graph'?")
    #expect(command?.command == nil)
    let option = usageError(["graph", "a.json", "--fromat", "dot"])
    #expect(option?.message == "unknown option '--fromat' for 'checkout graph'; did you mean '--format'?")
    #expect(option?.command == "graph")
  }

  @Test func helpAndVersionWinOverEverythingElse() {
    guard case .help(let spec?) = try? parser.parse(["plan", "--bogus", "--help"]) else {
      Issue.record("expected help for plan")
      return
    }
    #expect(spec.name == "plan")
    guard case .version = try? parser.parse(["--version"]) else {
      Issue.record("expected the version")
      return
    }
  }
}
