import CheckoutCLI
import Foundation
import Testing

/// `checkout completion bash|zsh|fish`: each script names every command of the
/// command table and, in that command's part, every option it declares and the
/// values it allows; each parses in its shell; bash's and fish's offer what they
/// should when driven; an unknown shell is refused with the valid ones.
@Suite struct CompletionCommandTests {
  static let shells = ["bash", "zsh", "fish"]

  static func script(_ shell: String) -> String {
    let result = runCheckout(["completion", shell])
    #expect(result.status == 0 && result.error == "")
    return result.output
  }

  /// The part of a script that completes one command.
  static func section(of command: String, in script: String, shell: String) -> String {
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    switch shell {
    case "fish":
      return lines.filter { $0.contains("'__fish_seen_subcommand_from \(command)'") }.joined(separator: "\n")
    default:
      let opening = shell == "zsh" ? "    (\(command))" : "    \(command))"
      guard let start = lines.firstIndex(of: opening),
        let end = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == ";;" })
      else { return "" }
      return lines[start...end].joined(separator: "\n")
    }
  }

  @Test(arguments: shells)
  func eachScriptNamesEveryCommandAndEachCommandsOptionsAndValues(_ shell: String) {
    let script = Self.script(shell)
    #expect(!CheckoutCommandLine.commands.isEmpty)
    for spec in CheckoutCommandLine.commands {
      #expect(script.contains(spec.name), "\(shell): no command \(spec.name)")
      let section = Self.section(of: spec.name, in: script, shell: shell)
      #expect(!section.isEmpty, "\(shell): no part for \(spec.name)")
      for option in spec.options {
        let name = shell == "fish" ? "-l \(option.name.dropFirst(2))" : option.name
        #expect(section.contains(name), "\(shell) \(spec.name): no \(option.name)")
        for value in option.allowedValues ?? [] {
          #expect(section.contains(value), "\(shell) \(spec.name) \(option.name): no value \(value)")
        }
      }
      for positional in spec.positionals {
        switch positional.name {
        case "FLOW", "OLD", "NEW", "SNAPSHOT": #expect(section.contains("json"), "\(shell) \(spec.name)")
        case "SCENARIO": #expect(section.contains("scenario"), "\(shell) \(spec.name)")
        default: break
        }
      }
    }
    for option in ["--help", "--version"] {
      #expect(script.contains(shell == "fish" ? "-l \(option.dropFirst(2))" : option))
    }
  }

  @Test func theCompletionCommandCompletesItsShells() {
    for shell in Self.shells {
      let section = Self.section(of: "completion", in: Self.script(shell), shell: shell)
      #expect(section.contains("bash zsh fish"), "\(shell): \(section)")
    }
  }

  @Test(arguments: [("tcsh", ""), ("bsh", "; did you mean 'bash'?"), ("ZSH", "; did you mean 'zsh'?")])
  func anUnknownShellIsRefusedWithTheValidOnes(_ shell: String, _ suggestion: String) {
    let result = runCheckout(["completion", shell])
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(
      result.error == """
        error: '\(shell)' is not a shell checkout completes; the shells are bash, zsh, fish\(suggestion)
        usage: checkout completion SHELL
        see 'checkout completion --help'

        """)
  }

  @Test func aMissingShellIsAUsageError() {
    let result = runCheckout(["completion"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("error: missing SHELL\nusage: checkout completion SHELL\n"))
  }

  @Test func theHelpSaysHowToInstallEachScript() {
    let help = runCheckout(["completion", "--help"]).output
    for line in [
      "bash:  checkout completion bash > /etc/bash_completion.d/checkout",
      "zsh:   checkout completion zsh > \"${fpath[1]}/_checkout\"",
      "fish:  checkout completion fish > ~/.config/fish/completions/checkout.fish",
    ] {
      #expect(help.contains(line))
    }
  }

  // The scripts in their shells: bash is everywhere the package builds; zsh and
  // fish are checked where they are installed (CI installs them).

  @Test(arguments: shells)
  func theScriptParses(_ shell: String) throws {
    guard let program = Shell.find(shell) else {
      #expect(shell != "bash", "bash is needed to check the bash script")
      return
    }
    try Shell.withScript(Self.script(shell), shell: shell) { file, _ in
      let result = try Shell.run(program, ["-n", file])
      #expect(result.status == 0, "\(shell) -n: \(result.output)")
    }
  }

  @Test func bashOffersCommandsOptionsValuesAndFiles() throws {
    let bash = try #require(Shell.find("bash"))
    let driver = """
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=(); _checkout; echo "${COMPREPLY[*]}"; }
      t checkout gr; t checkout --v; t checkout graph --format ""; t checkout lint ""; t checkout replay ""
      t checkout lint --m; t checkout completion ""; t checkout help mi; t checkout generate --out ""
      """
    try Shell.withScript(Self.script("bash"), shell: "bash") { file, directory in
      let result = try Shell.run(bash, ["-c", "source \(file) && cd \(directory) && \(driver)"])
      #expect(result.status == 0)
      #expect(
        result.output.split(separator: "\n") == [
          "graph", "--version", "dot mermaid", "flow.json folder", "story.scenario folder", "--matrix",
          "bash zsh fish", "migrate", "folder",
        ])
    }
  }

  @Test func zshRegistersItsFunctionForCheckout() throws {
    guard let zsh = Shell.find("zsh") else { return }  // checked where zsh is installed (CI installs it)
    try Shell.withScript(Self.script("zsh"), shell: "zsh") { file, directory in
      let result = try Shell.run(
        zsh, ["-f", "-c", "autoload -U compinit && compinit -u -D && source \(file) && print -r -- $_comps[checkout]"])
      #expect(result.status == 0)
      #expect(result.output == "_checkout\n")
    }
  }

  @Test func fishOffersCommandsOptionsValuesAndFiles() throws {
    guard let fish = Shell.find("fish") else { return }  // checked where fish is installed (CI installs it)
    let lines = [
      "checkout gr", "checkout graph --format ", "checkout lint ", "checkout replay ", "checkout completion ",
    ]
    let driver = lines.map { "complete -C'\($0)' | string replace -r '\\t.*' '' | string join ' '" }
      .joined(separator: "; ")
    try Shell.withScript(Self.script("fish"), shell: "fish") { file, directory in
      let result = try Shell.run(fish, ["-c", "source \(file); and cd \(directory); and \(driver)"])
      #expect(result.status == 0)
      #expect(
        result.output.split(separator: "\n") == [
          "graph", "dot mermaid", "flow.json folder/", "folder/ story.scenario", "bash fish zsh",
        ])
    }
  }
}

/// Shells found on the PATH, and scripts run in them.
enum Shell {
  /// The program's path, when it is on the PATH.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `body` with the script in a file, in a fresh folder holding `flow.json`,
  /// `story.scenario`, `notes.txt` and `folder/`; both removed afterwards.
  static func withScript(_ script: String, shell: String, _ body: (_ file: String, _ directory: String) throws -> Void)
    throws
  {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-completion-\(UUID().uuidString)")
    let directory = root.appendingPathComponent("files")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["flow.json", "story.scenario", "notes.txt"] {
      try "".write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let file = root.appendingPathComponent("checkout.\(shell)")
    try script.write(to: file, atomically: true, encoding: .utf8)
    try body(file.path, directory.path)
  }

  /// Runs a program; its status and what it printed (standard output and error together).
  static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/tmp"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
