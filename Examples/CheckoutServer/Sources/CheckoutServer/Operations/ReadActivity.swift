import CheckoutEngine
import Foundation
import Logging
import Synchronization

/// Records reads of sessions as activity for the sweeper, cheaply: a read of a
/// session saved within `threshold` records nothing, and this instance records
/// each session at most once per `threshold` (one small `UPDATE`, never a save).
final class ReadActivity: Sendable {
  let store: any SweepableSessionStore
  /// A fraction of the idle timeout (a quarter), so a session read more often
  /// than every three quarters of it is never idle.
  let threshold: TimeInterval
  private let touched = Mutex<[SessionID: Date]>([:])
  private let now: @Sendable () -> Date
  private let logger: Logger

  init(
    store: any SweepableSessionStore, threshold: TimeInterval, logger: Logger,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.threshold = threshold
    self.logger = logger
    self.now = now
  }

  /// Notes a read of `stored`; records it in the store when it is due.
  func read(_ stored: StoredSession) async {
    let time = now()
    if let saved = stored.savedAt, time.timeIntervalSince(saved) < threshold { return }
    let due = touched.withLock { touched -> Bool in
      if let last = touched[stored.id], time.timeIntervalSince(last) < threshold { return false }
      if touched.count > 50_000 { touched = touched.filter { time.timeIntervalSince($0.value) < threshold } }
      touched[stored.id] = time
      return true
    }
    guard due else { return }
    do {
      try await store.touch(stored.id)
    } catch {
      touched.withLock { _ = $0.removeValue(forKey: stored.id) }
      logger.debug("a read could not be recorded", metadata: ["session": "\(stored.id)"])
    }
  }
}
