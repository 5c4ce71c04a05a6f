import CheckoutEngine
import Testing

@testable import CheckoutCLI

/// `ArgumentParser.parse` on its own: pure (no file is read, nothing is written)
/// and typed: each command's options come out as its `Options`, or the command
/// line is refused with a usage error or a refused value.
@Suite struct ArgumentParserTests {
  let parser = ArgumentParser(commands: CheckoutCommandLine.commands)

  /// The typed command a command line runs, or a recorded issue.
  func command(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Command? {
    do {
      switch try parser.parse(arguments) {
      case .run(let command): return command
      case .help(let spec): Issue.record("help for \(spec?.name ?? "checkout")", sourceLocation: sourceLocation)
      case .version: Issue.record("version", sourceLocation: sourceLocation)
      }
    } catch {
      Issue.record("refused: \(error)", sourceLocation: sourceLocation)
    }
    return nil
  }

  /// Why a command line is refused, or a recorded issue.
  func refusal(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CommandLineError? {
    do {
      _ = try parser.parse(arguments)
      Issue.record("parsed \(arguments)", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  /// The usage error, or a recorded issue.
  func usageError(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> UsageError? {
    guard case .usage(let error)? = refusal(arguments, sourceLocation: sourceLocation) else {
      Issue.record("no usage error for \(arguments)", sourceLocation: sourceLocation)
      return nil
    }
    return error
  }

  @Test(arguments: [
    ["graph", "flow.json", "--format=mermaid"], ["graph", "--format", "mermaid", "flow.json"],
    ["graph", "flow.json", "--format", "dot", "--format", "mermaid"],
  ])
  func optionValuesInlineOrSeparate(_ arguments: [String]) {
    #expect(command(arguments) == .graph(.init(flow: "flow.json", format: .mermaid)))
  }

  @Test func doubleDashEndsOptions() {
    #expect(
      command(["lint", "--json", "--", "--odd.json", "-x", "--"])
        == .lint(.init(files: ["--odd.json", "-x", "--"], json: true, matrix: false)))
  }

  @Test func repeatedPositionalsAndFlags() {
    #expect(
      command(["lint", "a.json", "--matrix", "b.json", "-", "c.json", "--json"])
        == .lint(.init(files: ["a.json", "b.json", "-", "c.json"], json: true, matrix: true)))
  }

  @Test func flagsGivenValuesAreUsageErrors() {
    let error = usageError(["lint", "--json=yes", "a.json"])
    #expect(error?.message == "option '--json' takes no value")
    #expect(error?.command == "lint")
    #expect(usageError(["generate", "a.json", "--check=no"])?.message == "option '--check' takes no value")
  }

  @Test func valuesMustBeGivenAndAllowed() {
    #expect(usageError(["graph", "a.json", "--format"])?.message == "option '--format' needs a value: --format FORMAT")
    #expect(
      usageError(["graph", "a.json", "--format", "--json"])?.message
        == "option '--format' needs a value: --format FORMAT")
    #expect(
      usageError(["graph", "a.json", "--format=png"])?.message
        == "'png' is not a valid value for '--format'; valid values are dot, mermaid")
    #expect(usageError(["repl", "--record"])?.message == "option '--record' needs a value: --record FILE")
    #expect(usageError(["generate", "a.json", "--seed"])?.message == "option '--seed' needs a value: --seed N")
  }

  @Test func requiredOptionsAndPositionals() {
    #expect(usageError(["plan", "flow.json", "--from", "cart"])?.message == "missing --to STEP[.ROW]")
    #expect(usageError(["plan", "--from", "cart", "--to", "x"])?.message == "missing FLOW")
    #expect(usageError(["graph", "a", "b", "c"])?.message == "unexpected argument 'b c'")
    #expect(usageError(["migrate", "s.json"])?.message == "missing --to NEW")
  }

  /// `--flow` where a command takes the flow as an argument: the error says where it
  /// goes, with the value that followed it in its place.
  @Test func anOptionNamedAsAnArgumentSaysItIsAnArgument() {
    #expect(
      usageError(["repl", "--flow", "delivery.json"])?.message
        == "unknown option '--flow' for 'checkout repl'; FLOW is the first argument, not an option: checkout repl delivery.json"
    )
    #expect(
      usageError(["repl", "--flow=d.json", "--locale", "de"])?.message
        == "unknown option '--flow' for 'checkout repl'; FLOW is the first argument, not an option: checkout repl d.json"
    )
    #expect(
      usageError(["lint", "--flow"])?.message
        == "unknown option '--flow' for 'checkout lint'; FLOW is the first argument, not an option: checkout lint FLOW")
    #expect(
      usageError(["diff", "old.json", "--new", "new.json"])?.message
        == "unknown option '--new' for 'checkout diff'; NEW is the second argument, not an option: checkout diff old.json new.json"
    )
    #expect(
      usageError(["diff", "--new", "--json"])?.message
        == "unknown option '--new' for 'checkout diff'; NEW is the second argument, not an option: checkout diff OLD NEW"
    )
    #expect(
      usageError(["graph", "a.json", "--flows"])?.message == "unknown option '--flows' for 'checkout graph'",
      "only the argument's own name")
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
