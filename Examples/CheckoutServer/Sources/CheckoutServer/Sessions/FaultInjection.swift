import CheckoutEngine
import Foundation

/// Test-only crash switches: `CHECKOUT_FAULT=after-api-answer` (several joined by
/// commas) makes the process kill itself with SIGKILL, as `kill -9` would, the
/// first time a call reaches that point (the library's ``CallCheckpoint``). Unset
/// in production; the fault script (`Examples/server-fault-check.sh`) uses it.
struct FaultInjection: Sendable {
  /// The points that kill the process.
  var points: Set<CallCheckpoint> = []

  /// No faults.
  static let none = FaultInjection()

  /// The points named by `CHECKOUT_FAULT`; an unknown name is a usage error that lists the valid ones.
  init(environment: [String: String]) throws(UsageError) {
    guard let text = environment["CHECKOUT_FAULT"], !text.isEmpty else { return }
    for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard let point = CallCheckpoint(rawValue: name) else {
        let valid = CallCheckpoint.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageError(description: "CHECKOUT_FAULT: unknown fault point \"\(name)\"; use \(valid)")
      }
      points.insert(point)
    }
  }

  init(points: Set<CallCheckpoint> = []) {
    self.points = points
  }

  /// Kills the process, abruptly, if `point` is armed.
  func reach(_ point: CallCheckpoint) {
    guard points.contains(point) else { return }
    FileHandle.standardError.write(
      Data("checkout-server: CHECKOUT_FAULT \(point.rawValue): killing the process\n".utf8))
    kill(getpid(), SIGKILL)
  }
}
