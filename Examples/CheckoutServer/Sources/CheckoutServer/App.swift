import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `swift run checkout-server [--hostname 127.0.0.1] [--port 8080] [--flows DIR] [--idle-timeout SECONDS]
/// [--finished-retention SECONDS] [--abandon-after SECONDS] [--on-flow-change pin|migrate] [--header-timeout S] [--body-timeout S]
/// [--max-connections N] [--keep-alive-timeout S] [--max-sessions N] [--db-pool-size N] [--db-connect-timeout S]
/// [--store-timeout S] [--reseal] [--replace-sweep-settings] [--load-baseline BYTES] [--dev-scripted-answers]`; `DATABASE_URL=postgres://…` selects the PostgreSQL store.
/// `--reseal` re-seals the stored card numbers with the current data key and exits. SIGTERM or SIGINT
/// shuts down gracefully: no new connections, in-flight requests answered.
@main
struct CheckoutServerCommand: AsyncParsableCommand, AppArguments {
  static let configuration = CommandConfiguration(
    commandName: "checkout-server",
    abstract: "The CheckoutEngine example HTTP server.",
    discussion: """
      Sessions are kept in memory unless DATABASE_URL names a PostgreSQL database.

      ENVIRONMENT:
        DATABASE_URL  postgres://user:password@host:5432/database?sslmode=...
                      selects the PostgreSQL store (unset: memory; set but
                      empty is refused)
        CHECKOUT_DATA_KEY
                      the current data key, 32 bytes in base64 (openssl rand
                      -base64 32); seals every card number stored; required
                      with DATABASE_URL
        CHECKOUT_OLD_DATA_KEYS
                      older data keys, base64, comma-separated: they open
                      values sealed before a rotation and never seal

      EXIT STATUS:
        0   stopped (SIGTERM, SIGINT), or --reseal with nothing left over
        1   the start failed (a flow fails lint, the database, the address),
            or --reseal left a session unread or changing
        2   a bad option value or environment variable
        3   --reseal done, but a running instance still seals with another key
        64  the command line cannot be parsed
      """)

  @Option(help: "The address to listen on.")
  var hostname = "127.0.0.1"

  // `.unconditional`: `--port -1` is a value to refuse in words, not a missing one.
  @Option(parsing: .unconditional, help: "The port to listen on (0: any free port).")
  var port = 8080

  @Option(help: "The directory of flow files (default: the repository's Flows/).")
  var flows: String?

  @Option(help: "A fixed session date for new sessions, YYYY-MM-DD (default: today, UTC).")
  var today: String?

  @Option(help: "The log level (default: info).")
  var logLevel: Logger.Level?

  @Option(
    parsing: .unconditional,
    help:
      "Seconds a session may go unused (no save, no read) before it is deleted; never while a call is in flight, waiting or unanswered. Must exceed --call-timeout."
  )
  var idleTimeout = 1800

  @Option(
    parsing: .unconditional,
    help:
      "Seconds a finished order (resting on its confirmation step, no call) is kept after its last use (default: the lesser of 600 and --idle-timeout)."
  )
  var finishedRetention: Int?

  @Flag(
    help:
      "Re-seal every stored card number with the current data key (CHECKOUT_DATA_KEY), opening each with the key that sealed it (CHECKOUT_OLD_DATA_KEYS), print the counts and exit."
  )
  var reseal = false

  @Option(
    parsing: .unconditional,
    help:
      "Seconds an API call may take; a call unanswered after this long is finished (made again with its idempotency key) or given up by the next request (default: 10; at most 3600)."
  )
  var callTimeout: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds a checkout may wait on the shopper's action (3-D Secure) with no save or read before it is taken as abandoned: the checkout API is asked what became of the call (kept if it went through, else cancelled) and the session finished, then swept (default: 1800; at most 604800, a week).",
      valueName: "seconds"))
  var abandonAfter: Double?

  @Option(
    help:
      "What happens to a live session when its flow has a newer version: pin (keep it on the version it started on while that version is served) or migrate (carry it to the newest at its next request, the migration report in that response)."
  )
  var onFlowChange: FlowChangePolicy = .pin

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "For development and benchmarks only (off by default; never in production): also serve POST /load-baseline/events, which decodes an event body as POST /sessions/{id}/events does and answers a JSON value of exactly BYTES bytes, and POST /load-baseline/set-answer, which answers what a set of the quantity on a new plndr cart answers (built once at start), each with no engine and no store (the floors of Examples/server-load.sh).",
      valueName: "bytes"))
  var loadBaseline: Int?

  @Flag(
    help:
      "For development only (off by default; never in production): serve POST /sessions/{id}/script, which queues the demo API's next answer of an operation for that session (a flow's own error codes, an action), so a team can walk its error stories over HTTP."
  )
  var devScriptedAnswers = false

  @Flag(
    help:
      "Record this instance's --idle-timeout, --finished-retention and --abandon-after as the database's sweeping settings, which every instance on it shares (without it, an instance whose settings are shorter than the recorded ones sweeps with the recorded ones)."
  )
  var replaceSweepSettings = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The most sessions the memory store holds at once (default: 100000); a new checkout past it is 503 too_many_sessions, with Retry-After, until the sweeper deletes idle ones. Only without DATABASE_URL.",
      valueName: "count"))
  var maxSessions: Int?

  @OptionGroup(title: "Connections")
  var connections: ConnectionOptions

  @OptionGroup(title: "Database")
  var database: DatabaseOptions

  func run() async throws {
    let app: any ApplicationProtocol
    let dependencies = AppDependencies()
    do {
      if reseal {
        let report = try await resealStore(self)
        print(report.description)
        for warning in report.warnings {
          FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        return
      }
      app = try await buildApplication(self, dependencies: dependencies)
    } catch let error as FlowCatalogError {
      FileHandle.standardError.write(Data((error.description + "\n").utf8))
      throw ExitCode(1)
    } catch let error as DatabaseURLError {
      FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
      throw ExitCode(2)
    } catch let error as UsageError {
      FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
      throw ExitCode(2)
    } catch let error as DatabaseStartupError {
      FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
      throw ExitCode(1)
    }
    do {
      try await processServiceGroup(app, running: dependencies.running) {
        [logger = app.logger] running in
        logger.error(
          "the stop did not finish in time, even cancelled: exiting without it",
          metadata: ["stillRunning": "\(running.joined(separator: "; "))"])
        Foundation.exit(1)
      }.run()
    } catch {
      guard let problem = listenFailure(error, hostname: hostname, port: port) else { throw error }
      FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
      throw ExitCode(1)
    }
  }
}

/// Why the server could not listen, in words naming the option to change (nil for
/// another error): NIO's own text (`bind(descriptor:ptr:bytes:): Address already in
/// use (errno: 98)`) names neither.
func listenFailure(_ error: any Error, hostname: String, port: Int) -> String? {
  guard let io = error as? IOError else { return nil }
  switch io.errnoCode {
  case EADDRINUSE:
    return "--port \(port): the address \(hostname):\(port) is in use; stop what listens there or choose another --port"
  case EADDRNOTAVAIL:
    return "--hostname \(hostname): \(hostname) is not an address of this machine"
  case EACCES:
    return "--port \(port): this user may not listen on \(hostname):\(port) (ports below 1024 need privileges)"
  default:
    return nil
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension FlowChangePolicy: ExpressibleByArgument {}
