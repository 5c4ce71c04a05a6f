import CheckoutEngine
import Foundation

/// A stored session with a call waiting for the API's answer or on the shopper's
/// action, as the store lists it for ``LostCallRecovery`` (its snapshot still
/// sealed, so only its calls).
struct WaitingSession: Sendable, Equatable {
  var id: SessionID
  /// The calls its snapshot shows (operation and key; no value the shopper entered).
  var calls: [APICall]
  /// Its last activity (the later of its last save and its last recorded read),
  /// for a session listed as left waiting (on an action, or unanswered); nil otherwise.
  var lastActive: Date? = nil
}

/// How many stored sessions wait, by what they wait on: the gauges
/// `checkout_sessions_waiting_on_call`, `checkout_sessions_waiting_on_action` and
/// `checkout_sessions_call_unanswered`.
struct WaitingCounts: Sendable, Equatable {
  /// Sessions with a call waiting for the API's answer (in flight, or lost).
  var onCall = 0
  /// Sessions with a call waiting on the shopper's action (3-D Secure).
  var onAction = 0
  /// Sessions holding a call given up unanswered (`apiExpired`, a retry offered).
  var unanswered = 0

  init(onCall: Int = 0, onAction: Int = 0, unanswered: Int = 0) {
    (self.onCall, self.onAction, self.unanswered) = (onCall, onAction, unanswered)
  }

  /// The counts of these snapshots.
  init(snapshots: some Sequence<SessionSnapshot>) {
    for snapshot in snapshots {
      if snapshot.waitsOnAnswer { onCall += 1 }
      if snapshot.waitsOnAction { onAction += 1 }
      if !(snapshot.unanswered ?? []).isEmpty { unanswered += 1 }
    }
  }
}

extension SessionSnapshot {
  /// Whether a call waits for the API's answer (not on the shopper's action).
  var waitsOnAnswer: Bool { calls.contains { $0.action == nil } }
  /// Whether a call waits on the shopper's action (3-D Secure).
  var waitsOnAction: Bool { calls.contains { $0.action != nil } }
  /// Whether a call waits on the shopper's action or was given up unanswered:
  /// what ``LostCallRecovery`` abandons once the shopper has gone.
  var leftWaiting: Bool { waitsOnAction || !(unanswered ?? []).isEmpty }
}
