import CheckoutCLI
import Testing

/// Help screens and usage errors, byte for byte.
@Suite struct HelpAndUsageTests {
  static let version = CheckoutCommandLine.version

  static let overview = """
    checkout \(version): run checkouts as data

    usage: checkout COMMAND [ARGUMENTS] [OPTIONS]

    commands:
      lint        check flow files: format, ids, rules, and the graph
      graph       draw a flow's steps and edges as Graphviz dot or Mermaid
      plan        plan the shortest route from a navigation state to a step
      replay      replay scenario files and check their expectations
      repl        walk through a checkout interactively (the built-in PLNDR flow by default)
      generate    generate a replayable scenario for every failing step x every error
      diff        list what changed between two versions of a flow, safe or breaking for live sessions
      migrate     dry-run carrying stored session snapshots to a new version of their flow
      mutate      score stories by the mutants of a flow they kill
      completion  print a shell completion script (bash, zsh or fish)

    options:
      --help     show this help, or a command's: checkout COMMAND --help
      --version  print the version

    exit status: 0 success; 1 a failed check, expectation or lint, a breaking diff,
    a refused migration, or no route; 2 bad usage, a file that cannot be read or loaded,
    or a flow that lint finds errors in, given to a command that runs it.

    """

  /// Runs `checkout` and compares; `source`, for a copied transcript, says where
  /// the text comes from and what to update when it changed on purpose.
  func expectRun(
    _ arguments: [String], status: Int32, output: String = "", error: String = "", source: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = runCheckout(arguments)
    #expect(result.status == status, sourceLocation: sourceLocation)
    let update = source.map { "\n\($0)" } ?? ""
    #expect(
      result.output == output, "\(lineDiff(expected: output, actual: result.output))\(update)",
      sourceLocation: sourceLocation)
    #expect(result.error == error, "\(lineDiff(expected: error, actual: result.error))", sourceLocation: sourceLocation)
  }

  @Test(arguments: [["--help"], ["-h"], ["help"], []])
  func overviewHelp(_ arguments: [String]) {
    expectRun(arguments, status: 0, output: Self.overview)
  }

  @Test func version() {
    expectRun(["--version"], status: 0, output: "checkout \(Self.version)\n")
    #expect(Self.version.split(separator: ".").count == 3)
  }

  static let lintHelp = """
    checkout lint: check flow files: format, ids, rules, and the graph

    usage: checkout lint FLOW... [--json] [--matrix]

    arguments:
      FLOW...   flow files to check

    options:
      --json    print the problems as JSON, for machines
      --matrix  also print the coverage matrix: every failing step x every resolution
      --help    show this help

    Loading checks (syntax, fields, types, ids) and graph checks (unreachable steps,
    keys bound with different rules, matchers that never match, guards that never
    hold or that only values a submit's own checks refuse get past, and the coverage
    matrix: a route from every step where a submit can fail to every error
    resolution) are all reported, each as file:line:column with the JSON path and
    a suggestion. Several files are checked as a set a server runs: two files with
    the same flow id and "version" (or both without one) are an error at the later.

    Past 200 problems in a file, the rest are counted: "… and 1,234,567 more errors".

    exit status: 0 no errors (warnings allowed); 1 any error; 2 a file that cannot be
    read (the system's reason is printed), even when other files have errors.

    """

  @Test(arguments: [["lint", "--help"], ["help", "lint"], ["lint", "a.json", "-h"]])
  func lintHelp(_ arguments: [String]) {
    expectRun(
      arguments, status: 0, output: Self.lintHelp,
      source:
        "the help is LintCommand.spec's (Sources/CheckoutCLI/Commands/LintCommand.swift); when you changed it on purpose, copy the new text into HelpAndUsageTests.lintHelp (Tests/CheckoutCLITests/HelpAndUsageTests.swift)"
    )
  }

  @Test func graphHelp() {
    expectRun(
      ["graph", "--help"], status: 0,
      output: """
        checkout graph: draw a flow's steps and edges as Graphviz dot or Mermaid

        usage: checkout graph FLOW [--format dot|mermaid]

        arguments:
          FLOW                  the flow file

        options:
          --format dot|mermaid  dot (default) or mermaid
          --help                show this help

        Modal steps are rounded and dashed, the start step bold, reset steps doubled;
        edges carry the row title, guarded edges (orange) a lock with the steps they
        require and the condition they wait for, and a call's success (a submit's
        "then") is bold, with its operation. Dashed red edges marked ✗ go from each
        step where a submit can fail to each step that fixes its operation's errors,
        labelled with the error codes.

        example: checkout graph Flows/plndr.json | dot -Tpng > plndr.png

        exit status: 0 drawn; 2 bad usage, a file that cannot be read, or a flow that cannot be loaded.

        """)
  }

  static let generalUsage = "usage: checkout COMMAND [ARGUMENTS] [OPTIONS]\nsee 'checkout --help'\n"
  static let graphUsage = "usage: checkout graph FLOW [--format dot|mermaid]\nsee 'checkout graph --help'\n"
  static let lintUsage = "usage: checkout lint FLOW... [--json] [--matrix]\nsee 'checkout lint --help'\n"

  @Test func unknownCommandSuggestsTheNearest() {
    expectRun(
      ["lnit", "a.json"], status: 2, error: "error: unknown command 'lnit'; did you mean 'lint'?\n" + Self.generalUsage)
    expectRun(["frobnicate"], status: 2, error: "error: unknown command 'frobnicate'\n" + Self.generalUsage)
    expectRun(
      ["help", "grph"], status: 2, error: "error: unknown command 'grph'; did you mean 'graph'?\n" + Self.generalUsage)
  }

  @Test func unknownOptionSuggestsTheNearest() {
    expectRun(
      ["--verison"], status: 2,
      error: "error: unknown option '--verison'; did you mean '--version'?\n" + Self.generalUsage)
    expectRun(
      ["--json", "lint"], status: 2,
      error: "error: unknown option '--json'; a command comes first\n" + Self.generalUsage)
    expectRun(
      ["lint", "--jsno", "a.json"], status: 2,
      error: "error: unknown option '--jsno' for 'checkout lint'; did you mean '--json'?\n" + Self.lintUsage)
    expectRun(
      ["lint", "-q", "a.json"], status: 2,
      error: "error: unknown option '-q'; options are written '--name' (see 'checkout lint --help')\n"
        + Self.lintUsage)
    expectRun(
      ["lint", "-json", "a.json"], status: 2,
      error: "error: unknown option '-json'; did you mean '--json'?\n" + Self.lintUsage)
  }

  @Test func badFormatValue() {
    let error = "error: 'svg' is not a valid value for '--format'; valid values are dot, mermaid\n" + Self.graphUsage
    expectRun(["graph", "a.json", "--format", "svg"], status: 2, error: error)
    expectRun(["graph", "a.json", "--format=svg"], status: 2, error: error)
    expectRun(
      ["graph", "a.json", "--format", "mermiad"], status: 2,
      error: "error: 'mermiad' is not a valid value for '--format'; did you mean 'mermaid'?\n"
        + Self.graphUsage)
  }

  @Test func missingOrExtraArguments() {
    expectRun(["lint"], status: 2, error: "error: missing FLOW\n" + Self.lintUsage)
    expectRun(["graph", "--format", "dot"], status: 2, error: "error: missing FLOW\n" + Self.graphUsage)
    expectRun(
      ["graph", "a.json", "b.json"], status: 2, error: "error: unexpected argument 'b.json'\n" + Self.graphUsage)
    expectRun(
      ["graph", "a.json", "--format"], status: 2,
      error: "error: option '--format' needs a value: --format FORMAT\n" + Self.graphUsage)
  }
}
