import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// Snapshots written in format 2 (no call digests, actions, `finished`, or the
/// call an offered error came from) still restore, as the same sessions without
/// digests: the fixtures are the fuzz seeds as format 2 wrote them, one per point
/// of the PLNDR story.
@Suite struct SnapshotFormat2Tests {
  static let folder = PackagePaths.root.appendingPathComponent("Tests/CheckoutSessionsTests/Fixtures/snapshots-format2")

  @Test func format2SnapshotsRestoreToTheSameSessions() throws {
    let sessions = SnapshotJSONTests.sessions()
    #expect(sessions.count == 8)
    for (name, session) in sessions {
      let file = name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: "") + ".json"
      let format2 = try Data(contentsOf: Self.folder.appendingPathComponent(file))
      #expect(String(decoding: format2, as: UTF8.self).contains(#""format":2,"#), "\(name)")
      let restored = try CheckoutSession(restoringJSON: format2, flow: ShippedFlows.plndrCompiled)
      // Format 2 named no call for its errors.
      let written = try session.snapshot().unattributed
      #expect(restored.mode == written.mode, "\(name)")
      #expect(restored.snapshot().undigested == written.undigested, "\(name)")
      #expect(restored.snapshot().format == 3 && restored.finished == nil, "\(name)")
      #expect(restored.calls.values.allSatisfy { $0.action == nil && $0.digest == nil }, "\(name)")
    }
  }
}
