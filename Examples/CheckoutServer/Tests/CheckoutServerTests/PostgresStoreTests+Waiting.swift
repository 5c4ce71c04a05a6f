import CheckoutEngine
import Foundation
import Testing

@testable import CheckoutServer

/// The lost-call recovery's queries on PostgreSQL: the sessions whose call waits
/// for the API's answer, by their last save, those whose call waits on the
/// shopper's action, by their last activity, and the waiting counts.
extension PostgresStoreTests {
  @Test func sessionsWaitingOnCallsAreListedOldestFirstAndCounted() async throws {
    var onCall = try Self.snapshot()
    onCall.calls = [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)]
    var onAction = try Self.snapshot()
    onAction.calls = [try LostCallRecoveryTests.actionCall()]
    var unanswered = try Self.snapshot()
    unanswered.unanswered = [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)]
    let (onCallSnapshot, onActionSnapshot, unansweredSnapshot) = (onCall, onAction, unanswered)
    try await withStore { store in
      let before = try await store.waitingCounts()
      let run = UUID().uuidString.lowercased()
      let ids = ["old", "young", "action", "unanswered", "idle"].map { SessionID("waiting-\($0)-\(run)") }
      try await store.insert(onCallSnapshot, id: ids[0])
      try await Task.sleep(for: .milliseconds(20))
      try await store.insert(onCallSnapshot, id: ids[1])
      try await store.insert(onActionSnapshot, id: ids[2])
      try await store.insert(unansweredSnapshot, id: ids[3])
      try await store.insert(try Self.snapshot(), id: ids[4])
      let after = try await store.waitingCounts()
      #expect(after.onCall - before.onCall == 2)
      #expect(after.onAction - before.onAction == 1)
      #expect(after.unanswered - before.unanswered == 1)
      let listed = try await store.sessionsWaitingOnCalls(savedBefore: Date().addingTimeInterval(60), limit: 10_000)
        .filter { ids.contains($0.id) }
      #expect(listed.map(\.id) == [ids[0], ids[1]], "the oldest first, never one waiting on an action")
      #expect(listed.first?.calls.map(\.key) == ["placeOrder-1"])
      let none = try await store.sessionsWaitingOnCalls(savedBefore: Date().addingTimeInterval(-60), limit: 10_000)
      #expect(!none.contains { ids.contains($0.id) }, "none saved a minute ago")
    }
  }

  @Test func sessionsWaitingOnAnActionAreListedByTheirLastActivity() async throws {
    let (onActionSnapshot, onCallSnapshot, givenUpSnapshot) = try SweepingTests.waitingSnapshots()
    try await withStore { store in
      let run = UUID().uuidString.lowercased()
      let ids = ["old", "read", "call", "unanswered"].map { SessionID("abandoned-\($0)-\(run)") }
      try await store.insert(onActionSnapshot, id: ids[0])
      try await store.insert(onActionSnapshot, id: ids[1])
      try await store.insert(onCallSnapshot, id: ids[2])
      try await Task.sleep(for: .milliseconds(20))
      try await store.insert(givenUpSnapshot, id: ids[3])
      try await Task.sleep(for: .milliseconds(50))
      let cutoff = Date()
      try await Task.sleep(for: .milliseconds(50))
      try await store.touch(ids[1])
      let listed = try await store.sessionsLeftWaiting(inactiveBefore: cutoff, limit: 10_000)
        .filter { ids.contains($0.id) }
      #expect(listed.map(\.id) == [ids[0], ids[3]], "a read since counts; a call waiting on its answer is not listed")
      #expect(listed.first?.calls.first?.action?.name == "three_d_secure")
      #expect(try #require(listed.first?.lastActive) < cutoff)
      let later = try await store.sessionsLeftWaiting(inactiveBefore: Date().addingTimeInterval(60), limit: 10_000)
        .filter { ids.contains($0.id) }
      #expect(Set(later.map(\.id)) == [ids[0], ids[1], ids[3]])
      #expect(later.first { $0.id == ids[3] }?.calls.map(\.key) == ["placeOrder-1"], "its unanswered call")
    }
  }
}
