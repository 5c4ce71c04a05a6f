import CheckoutEngine
import Foundation

/// Snapshot JSON for tests, and what reading or restoring it says.
package enum SnapshotFixtures {
  /// A small valid snapshot of the PLNDR flow.
  package static let minimal =
    #"{"format":1,"flow":"plndr","fingerprint":"x","navigation":"cart>stepOne","data":{},"rowErrors":{},"queued":[],"driver":{"state":{"idle":{}},"replans":0},"calls":[]}"#

  /// Why the snapshot JSON does not read, or nil when it does.
  package static func error(_ bytes: Data) -> String? {
    do {
      _ = try SessionSnapshot(json: bytes)
      return nil
    } catch {
      return error.message
    }
  }

  /// Why the snapshot JSON text does not read, or nil when it does.
  package static func error(_ text: String) -> String? { error(Data(text.utf8)) }

  /// Why the snapshot JSON text does not restore a session of the PLNDR flow, or nil when it does.
  package static func restoreError(_ text: String) -> String? {
    do {
      _ = try CheckoutSession(restoringJSON: Data(text.utf8), flow: ShippedFlows.plndrCompiled)
      return nil
    } catch {
      return error.message
    }
  }
}
