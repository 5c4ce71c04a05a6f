import CheckoutEngine
import Logging

/// A session the sweeper deleted, and why: what its `session swept` log line says.
struct SweptSession: Sendable, Equatable {
  /// Why a session was swept.
  enum Reason: Sendable, Equatable {
    /// Nothing saved or read it for the idle timeout.
    case idle
    /// A finished order (resting on its confirmation) kept for the finished
    /// retention; `by` is the operation whose success placed it (nil for a
    /// snapshot that recorded none).
    case finished(by: OperationName?)
  }

  /// The session deleted.
  var id: SessionID
  /// Why.
  var reason: Reason

  /// `session=ID reason=idle`, or `session=ID reason=finished finishedBy=placeOrder`.
  var metadata: Logger.Metadata {
    var metadata: Logger.Metadata = ["session": "\(LogText.sessionID(id.rawValue))"]
    switch reason {
    case .idle:
      metadata["reason"] = "idle"
    case .finished(let operation):
      metadata["reason"] = "finished"
      if let operation { metadata["finishedBy"] = "\(LogText.safe(operation.rawValue))" }
    }
    return metadata
  }
}
