import Foundation

/// A point in an API call's life where a test may kill the server.
enum FaultPoint: String, CaseIterable, Sendable {
  /// The event that makes the call was applied; its intent is not saved yet.
  case beforeIntentSave = "before-intent-save"
  /// The intent (the call and its idempotency key) is saved; the API is not called yet.
  case afterIntentSave = "after-intent-save"
  /// The API answered (and recorded its answer); the session knows nothing yet.
  case afterAPIAnswer = "after-api-answer"
  /// The answer was applied to the session; it is not saved yet.
  case beforeAnswerSave = "before-answer-save"
}

/// Test-only crash switches: `CHECKOUT_FAULT=after-api-answer` (several joined by
/// commas) makes the process kill itself with SIGKILL, as `kill -9` would, the
/// first time a call reaches that point. Unset in production; the fault script
/// (`Examples/server-fault-check.sh`) uses it.
struct FaultInjection: Sendable {
  /// The points that kill the process.
  var points: Set<FaultPoint> = []

  /// No faults.
  static let none = FaultInjection()

  /// The points named by `CHECKOUT_FAULT`; an unknown name is a usage error that lists the valid ones.
  init(environment: [String: String]) throws(UsageError) {
    guard let text = environment["CHECKOUT_FAULT"], !text.isEmpty else { return }
    for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard let point = FaultPoint(rawValue: name) else {
        let valid = FaultPoint.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageError(description: "CHECKOUT_FAULT: unknown fault point \"\(name)\"; use \(valid)")
      }
      points.insert(point)
    }
  }

  init(points: Set<FaultPoint> = []) {
    self.points = points
  }

  /// Kills the process, abruptly, if `point` is armed.
  func reach(_ point: FaultPoint) {
    guard points.contains(point) else { return }
    FileHandle.standardError.write(
      Data("checkout-server: CHECKOUT_FAULT \(point.rawValue): killing the process\n".utf8))
    kill(getpid(), SIGKILL)
  }
}
