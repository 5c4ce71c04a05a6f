import Foundation
import Testing

@testable import CheckoutServer

/// `Examples/server-load.sh` holds the server's PostgreSQL path to pgbench running
/// the server's own statements for an event: its `event.sql` must be the prepared
/// statements' SQL (the table renamed, pgbench's variables for the parameters),
/// and pgbench must prepare them as the server does (`-M prepared`).
struct SessionStatementsTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("server-load.sh")

  /// The lines of the load script's `event.sql` that start with `prefix`.
  static func eventLine(startingWith prefix: String) throws -> String {
    let text = try String(contentsOf: script, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    try #require(lines.count == 1, "one \(prefix)… line in server-load.sh's event.sql, found \(lines.count)")
    return try #require(lines.first)
  }

  /// pgbench's line as the server's SQL: the table, the parameters and the
  /// column aliases `\gset` needs undone.
  static func asServerSQL(_ line: String, parameters: [String]) -> String {
    var sql = line.replacingOccurrences(of: "bench_sessions", with: "sessions")
    for (index, name) in parameters.enumerated() {
      sql = sql.replacingOccurrences(of: ":\(name)", with: "$\(index + 1)")
    }
    for alias in [" AS snapshot", " AS saved_at", " \\gset", ";"] {
      sql = sql.replacingOccurrences(of: alias, with: "")
    }
    return sql
  }

  @Test func pgbenchRunsTheGuardedReadTheServerPrepares() throws {
    let line = try Self.eventLine(startingWith: "SELECT version, snapshot::text")
    #expect(Self.asServerSQL(line, parameters: ["id"]) == SessionStatements.LoadGuarded.sql)
  }

  @Test func pgbenchRunsTheSaveTheServerPrepares() throws {
    let line = try Self.eventLine(startingWith: "UPDATE bench_sessions SET version")
    #expect(Self.asServerSQL(line, parameters: ["snapshot", "id", "version"]) == SessionStatements.Save.sql)
  }

  @Test func pgbenchPreparesItsStatementsAsTheServerDoes() throws {
    let text = try String(contentsOf: Self.script, encoding: .utf8)
    let runs = text.split(separator: "\n").filter { $0.contains("pgbench -n ") }
    #expect(runs.count == 2)
    for run in runs {
      #expect(run.contains("-M prepared"), "\(run)")
    }
  }

  @Test func eachStatementHasItsOwnName() {
    let names = [
      SessionStatements.LoadGuarded.name, SessionStatements.Load.name, SessionStatements.Save.name,
      SessionStatements.CurrentVersion.name,
    ]
    #expect(Set(names).count == names.count)
  }
}
