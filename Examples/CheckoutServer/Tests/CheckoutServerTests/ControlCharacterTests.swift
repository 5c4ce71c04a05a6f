import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// The memory store, refusing what PostgreSQL's `jsonb` refuses: a snapshot whose
/// JSON holds `\u0000` (SQLSTATE 22P05). Counts the snapshots it was given.
actor JSONBLikeStore: SessionStore {
  let base = InMemorySessionStore()
  private(set) var writes = 0
  private var refusingAll = false

  /// From now on every save is refused, whatever it holds.
  func refuseEverySave() { refusingAll = true }

  private func admit(_ snapshot: SessionSnapshot, id: SessionID) throws {
    writes += 1
    if refusingAll || String(decoding: snapshot.jsonData(), as: UTF8.self).contains("\\u0000") {
      throw StoreRefusedData(id: id, sqlState: "22P05")
    }
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    try admit(snapshot, id: id)
    try await base.insert(snapshot, id: id)
  }

  func load(_ id: SessionID) async throws -> StoredSession? { await base.load(id) }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    try admit(snapshot, id: id)
    return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    await base.deleteSessions(savedBefore: cutoff)
  }
}

/// A client's text never carries a control character into a session (U+0000,
/// which PostgreSQL cannot store, above all): refused with a 422 at the field,
/// before the store, on every store alike. A store that refuses a session's data
/// anyway is a 500 that does not invite a retry.
@Suite struct ControlCharacterTests {
  let errors = ErrorTests()

  @Test func aControlCharacterInASetValueIsRefusedBeforeTheStore() async throws {
    let store = JSONBLikeStore()
    try await withApp(dependencies: DataSafetyTests.sharing(store)) { client in
      let id = try await client.createSession()
      let writes = await store.writes
      for (escaped, name, position) in [
        (#"a\u0000b"#, "U+0000", 2), (#"\u0001"#, "U+0001", 1), (#"ab\u001b[31m"#, "U+001B", 3),
        (#"x\u007f"#, "U+007F", 2), (#"\u0085"#, "U+0085", 1),
      ] {
        // A developer's set of a key is told what and where, in English.
        let key = errors.expectError(
          try await client.event(id, #""event":"set","key":"shipping.name","value":"\#(escaped)""#),
          .unprocessableContent, "control_character", at: "value")
        #expect(
          key["detail"]?.string
            == "the value holds the control character \(name) at character \(position); text may hold tab, line "
            + "feed and carriage return, but no other control character (U+0000 to U+001F, U+007F to U+009F)",
          "\(key.text)")
        // What a page sends for a row, pasted by a shopper, is said in the shopper's words.
        let row = errors.expectError(
          try await client.event(id, #""event":"set","row":"quantity","value":"\#(escaped)""#),
          .unprocessableContent, "control_character", at: "value")
        #expect(
          row["detail"]?.string
            == "Quantity holds an invisible control character that can't be used. Please type it again.",
          "\(row.text)")
      }
      #expect(await store.writes == writes, "nothing reached the store")
      // Tab, line feed and carriage return pass (a pasted address), as does any other character.
      let pasted = try await client.event(
        id, #""event":"set","key":"shipping.street","value":"1 Main St\r\n\tApt 2 ✓""#)
      #expect(pasted.status == .ok, "\(pasted.text)")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 2)
      // A key is a data key or nothing: a NUL in one is a 400 before anything is read.
      errors.expectError(
        try await client.event(id, #""event":"set","key":"shipping.name\u0000","value":"x""#), .badRequest,
        "invalid_field", at: "key")
    }
  }

  @Test func aControlCharacterInAnActionsResultIsRefusedAtItsKey() async throws {
    let store = JSONBLikeStore()
    try await withApp(dependencies: DataSafetyTests.sharing(store)) { client in
      let id = try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184")
      let writes = await store.writes
      let reply = errors.expectError(
        try await client.event(
          id,
          #""event":"actionCompleted","operation":"confirmPayment","data":{"three_d_secure.note":"a\u0000b"}"#),
        .unprocessableContent, "control_character", at: "data.three_d_secure.note")
      #expect(reply["detail"]?.string?.hasPrefix(#"the value of "data" three_d_secure.note holds"#) == true)
      #expect(await store.writes == writes)
      let paid = try await client.event(id, ThreeDSecureTests.completed("authenticated"))
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
    }
  }

  @Test func aControlCharacterInAScriptedAnswerIsRefusedAtItsField() async throws {
    var arguments = TestArguments()
    arguments.devScriptedAnswers = true
    try await withApp(arguments: arguments) { client in
      let id = try await client.createSession()
      for (answer, at) in [
        (#"{"status":"failed","code":"x","message":"a\u0000b"}"#, "answer.message"),
        (#"{"status":"failed","errors":[{"code":"ok"},{"code":"x","field":"a\u0007"}]}"#, "answer.errors[1].field"),
        (#"{"status":"succeeded","data":{"order.number":"\u0000"}}"#, "answer.data.order.number"),
      ] {
        errors.expectError(
          try await client.send(
            .post, "/sessions/\(id)/script", body: #"{"operation":"placeOrder","answer":\#(answer)}"#),
          .unprocessableContent, "control_character", at: at)
      }
    }
  }

  @Test func aStoreRefusingTheDataIsA500ThatDoesNotInviteARetry() async throws {
    let store = JSONBLikeStore()
    try await withApp(dependencies: DataSafetyTests.sharing(store)) { client in
      let id = try await client.createSession()
      // As if the server's checks had missed something the database refuses.
      await store.refuseEverySave()
      let reply = errors.expectError(
        try await client.tap(id, "checkout"), .internalServerError, "store_refused_data", at: "/sessions/\(id)")
      #expect(reply.headers[.retryAfter] == nil)
      #expect(
        reply["detail"]?.string
          == "the session store refused this session's data (SQLSTATE 22P05); sending the request again will fail "
          + "the same way, so do not retry it; nothing of it was saved")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)
    }
  }
}
