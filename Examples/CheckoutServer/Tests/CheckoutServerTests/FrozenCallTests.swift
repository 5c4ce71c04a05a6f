import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// A checkout API that holds each call until the test lets it answer, and keeps
/// the city each call was charged for.
actor ChargedCities {
  private(set) var cities: [String] = []
  func charge(_ city: String) { cities.append(city) }
}

struct RecordingGatedAPI: CheckoutAPI {
  let gated: GatedAPI
  let charged: ChargedCities

  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    await charged.charge(request.payload.values["shipping.city"]?.displayText ?? "")
    return try await gated.perform(request)
  }
  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome { try await gated.abandon(request) }
}

/// A call freezes what it sends (issue 24): a `set` while `placeOrder` is in
/// flight answers 409 naming the refusal, and the order confirmed shows the
/// values the API was charged for; a placed order refuses changes.
@Suite struct FrozenCallTests {
  @Test func aSetDuringAnOrderInFlightIsA409AndTheOrderShowsWhatWasCharged() async throws {
    let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
    let charged = ChargedCities()
    let api = RecordingGatedAPI(gated: GatedAPI(entered: enteredContinuation, release: release), charged: charged)
    let store = InMemorySessionStore()
    let dependencies = AppDependencies(logger: APICallTests.quiet, api: api, store: store, environment: [:])
    try await withApp(dependencies: dependencies) { client in
      let id = try await APICallTests.readyToOrder(client)
      async let placing = client.tap(id, "placeOrder")
      for await _ in entered { break }  // the call is at the API now

      for (key, value) in [("shipping.city", "Seattle"), ("cart.quantity", "11")] {
        let changed = try await client.set(id, key: key, value)
        #expect(changed.status == .conflict, "\(key): \(changed.text)")
        #expect(changed["error"]?.string == "callInProgress")
        #expect(changed["refusal"]?["code"]?.string == "callInProgress")
        #expect(changed["detail"]?.string?.hasPrefix("Place order is in progress; wait for it to finish") == true)
      }
      releaseContinuation.yield()
      let placed = try await placing
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder succeeded", "navigate reset confirmation"])
      #expect(try await client.appeared(id, "confirmation").status == .ok)

      // The confirmed order shows the city it was charged for.
      #expect(await charged.cities == ["Portland"])
      let stored = try #require(await store.load(SessionID(id)))
      #expect(stored.snapshot.data["shipping.city"] == .string("Portland"))
      #expect(stored.snapshot.finished == "placeOrder")
      // And refuses changes now that it is placed.
      let after = try await client.set(id, key: "shipping.city", "Seattle")
      #expect(after.status == .conflict, "\(after.text)")
      #expect(after["error"]?.string == "orderFinished")
      #expect(after["refusal"]?["code"]?.string == "orderFinished")
    }
  }
}
