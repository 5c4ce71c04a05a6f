import CheckoutEngine
import Foundation

/// `checkout migrate --to NEW SNAPSHOT... [--from OLD] [--json]`: a dry run of
/// carrying stored sessions to a new version of their flow.
package enum MigrateCommand {
  static let to = OptionSpec.value("--to", "NEW", required: true, help: "the flow file the sessions are to run on")
  static let from = OptionSpec.value(
    "--from", "OLD", help: "the flow file they were made on: a snapshot of any other version is refused")
  static let json = OptionSpec.flag(
    "--json", help: "print {\"snapshots\": [{\"file\", \"status\", \"report\" or \"reason\"}], \"summary\"}")

  /// `migrate`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The snapshot files, in order.
    package var snapshots: [String]
    /// `--to`: the flow file the sessions are to run on.
    package var to: String
    /// `--from`: the flow file they were made on.
    package var from: String?
    /// `--json`.
    package var json = false
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    .migrate(
      Options(
        snapshots: arguments.positionals, to: try arguments.required(to, of: spec), from: arguments.value(from),
        json: arguments.has(json)))
  }

  static let spec = CommandSpec(
    name: "migrate",
    summary: "dry-run carrying stored session snapshots to a new version of their flow",
    positionals: [
      PositionalSpec(
        name: "SNAPSHOT", help: "snapshot files (session JSON, as a store keeps it, or a stored row around it)",
        isRepeating: true)
    ],
    options: [to, from, json],
    discussion: """
      Each snapshot is restored on NEW as a server would restore it, and nothing is
      written. It is unchanged (made on NEW, or nothing to change), migrated (with the
      report: renames applied, navigation cut back, values dropped or kept with the
      new rule's message, errors re-resolved) or refused (with the reason: another
      flow, a snapshot that cannot be read, or with --from, another version or
      fingerprint: the reason names both). The reports name steps, rows and keys,
      never a value.

      A snapshot is what 'snapshot FILE' writes in the REPL or a scenario, what
      SessionStore keeps, or a stored row around it ({"snapshot": {...}, ...}, as
      the example server's PostgreSQL store keeps one); its empty members may be
      left out. A value the server sealed (sealed:v2:...) is read as masked. A file
      of one compact snapshot (or row) a line, as 'psql -At' prints a query's rows,
      is read line by line, each reported as FILE:LINE.

      exit status: 0 none refused; 1 any refused; 2 bad usage, a file that cannot be
      read, a flow that cannot be loaded, or a NEW lint finds errors in (warnings do
      not count; OLD is only compared, as diff reads it).
      """,
    parse: parse)

  /// What became of one snapshot.
  struct Outcome: Encodable {
    var file: String
    var status: String
    var report: MigrationReport?
    var reason: String?
  }

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    let target: Flow
    var from: Flow?
    do {
      target = try terminal.loadFlow(options.to, to: .run)
      if let path = options.from { from = try terminal.loadFlow(path, to: .review) }
    } catch {
      return error.status
    }
    let migrator = SnapshotMigrator(to: CompiledFlow(target), history: from.map { [$0] } ?? [])
    let expected = from.map {
      (version: $0.version, fingerprint: CheckoutSession(flow: CompiledFlow($0)).snapshot().fingerprint)
    }
    var outcomes: [Outcome] = []
    for path in options.snapshots {
      let bytes: [UInt8]
      do {
        bytes = try terminal.readFile(path)
      } catch {
        return error.status
      }
      for (name, json) in StoredSnapshot.documents(in: bytes, file: path) {
        outcomes.append(outcome(of: json, file: name, migrator: migrator, expected: expected))
      }
    }
    let count = { (status: String) in outcomes.filter { $0.status == status }.count }
    let summary =
      "\(outcomes.count) snapshot\(outcomes.count == 1 ? "" : "s"): \(count("unchanged")) unchanged, \(count("migrated")) migrated, \(count("refused")) refused"
    if options.json {
      terminal.write(
        JSONText.encode(
          Output(
            snapshots: outcomes,
            summary: Summary(unchanged: count("unchanged"), migrated: count("migrated"), refused: count("refused")))))
    } else {
      for outcome in outcomes {
        switch outcome.status {
        case "migrated":
          terminal.line("\(outcome.file): migrated")
          terminal.line(
            (outcome.report?.description ?? "").split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        case "refused": terminal.line("\(outcome.file): refused: \(outcome.reason ?? "")")
        default: terminal.line("\(outcome.file): unchanged")
        }
      }
      terminal.line(summary)
    }
    return count("refused") > 0 ? .failure : .success
  }

  private static func outcome(
    of json: Data, file: String, migrator: SnapshotMigrator, expected: (version: Int?, fingerprint: String)?
  ) -> Outcome {
    do {
      let snapshot = try StoredSnapshot.read(json)
      if let expected, !migrator.isCurrent(snapshot),
        snapshot.flowVersion != expected.version || snapshot.fingerprint != expected.fingerprint
      {
        let reason = StoredSnapshot.notFrom(
          made: (snapshot.flowVersion, snapshot.fingerprint), expected: expected)
        return Outcome(file: file, status: "refused", reason: reason)
      }
      let migrated = try migrator.restore(snapshot)
      guard let report = migrated.report, !report.changes.isEmpty else {
        return Outcome(file: file, status: "unchanged")
      }
      return Outcome(file: file, status: "migrated", report: report)
    } catch {
      return Outcome(file: file, status: "refused", reason: error.message)
    }
  }

  private struct Summary: Encodable {
    var unchanged: Int
    var migrated: Int
    var refused: Int
  }

  private struct Output: Encodable {
    var snapshots: [Outcome]
    var summary: Summary
  }
}
