import CheckoutEngine
import CheckoutTestSupport
import Foundation

/// Session events, a whole error story, snapshots and a session's memory.
enum SessionBenchmarks {
  static let today = ShippedFlows.today

  /// A session on Step Two with the address and card filled in.
  static func readyToOrder(_ compiled: CompiledFlow) -> CheckoutSession {
    var session = CheckoutSession(flow: compiled, today: today)
    func go(_ event: SessionEvent) { AutoHost().send(event, to: &session) }
    go(.tap("checkout"))
    go(.tap("shippingAddress"))
    for (row, value) in [
      ("name", "Ada Lovelace"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", "97201"),
    ] {
      go(.set(.row(RowID(row)), .string(value)))
    }
    go(.tap("done"))
    go(.tap("creditCard"))
    for (row, value) in [
      ("name", "Ada Lovelace"), ("number", "4242 4242 4242 4242"), ("expiry", "12/28"), ("cvv", "123"),
    ] {
      go(.set(.row(RowID(row)), .string(value)))
    }
    go(.tap("done"))
    go(.tap("continue"))
    return session
  }

  static func run(plndr: Flow) -> [Metric] {
    let compiled = CompiledFlow(plndr)
    var metrics: [Metric] = []

    // tap / appeared / back on My Cart -> Step One, three events a round.
    var session = CheckoutSession(flow: compiled, today: today)
    let navigation = Measure.samples(iterations: 30_000) { navigationRound(&session) }
    var table: [String: [String: String]] = ["cart": ["checkout": "stepOne"], "stepOne": ["back": "cart"]]
    table["stepTwo"] = ["back": "stepOne"]
    var state = "cart"
    let baseline = Measure.samples(iterations: 30_000) {
      state = table[state]?["checkout"] ?? state
      state = table[state]?["back"] ?? state
      state = table[state]?["checkout"] ?? state
      state = table[state]?["back"] ?? state
    }
    blackHole(state)
    metrics.append(
      rate(
        "events.navigation", perIteration: navigation, events: 3, target: ">= 2000000",
        baseline: baseline, baselineEvents: 4, baselineName: "Swift [String: [String: String]] transition table"))

    // set on the credit-card step, with rule checking.
    var card = onCreditCard(compiled)
    var flip = false
    let sets = Measure.samples(iterations: 5_000) {
      flip.toggle()
      setRound(&card, valid: flip)
    }
    var plain: [String: String] = [:]
    let plainSets = Measure.samples(iterations: 5_000) {
      flip.toggle()
      plain["payment.card.number"] = flip ? "4242 4242 4242 4242" : "4242 4242 4242 4241"
      plain["payment.card.expiry"] = flip ? "12/28" : "13/28"
      plain["payment.card.cvv"] = flip ? "123" : "12"
      plain["payment.card.name"] = flip ? "Ada" : ""
    }
    blackHole(plain)
    metrics.append(
      rate(
        "events.set", perIteration: sets, events: 4, target: ">= 200000",
        baseline: plainSets, baselineEvents: 4, baselineName: "plain dictionary writes, no rules"))

    // submit, fail, offer, accept, route, arrive, fix, resubmit, succeed.
    let ready = readyToOrder(compiled)
    let story = Measure.samples(iterations: 2_000) { blackHole(self.story(from: ready)) }
    metrics.append(
      rate(
        "story", perIteration: story, events: 1, target: ">= 50000",
        baseline: navigation, baselineEvents: 1, baselineName: "one tap/appeared/back round"))

    // Screens as a host shows them after every event, in German: My Cart (its
    // subtotal an amount, `84,00 $`) and Step Two (its card expiry a month,
    // `Dezember 2028`), beside the same screens encoded by JSONEncoder, which a
    // server does next.
    let shown = germanScreens(compiled)
    let screens = Measure.samples(iterations: 5_000) { renderScreens(shown) }
    let screenEncoder = JSONEncoder()
    let encoded = Measure.samples(iterations: 2_000) {
      for session in shown { blackHole(try? screenEncoder.encode(session.screen)) }
    }
    metrics.append(
      rate(
        "screen.render", perIteration: screens, events: shown.count, target: ">= 50000",
        baseline: encoded, baselineEvents: shown.count,
        baselineName: "the same screens rendered and encoded by JSONEncoder"))

    // Snapshots of a session mid-checkout (an offer waiting, errors queued).
    let middle = midCheckout(ready)
    // Snapshot JSON (the snapshot's Codable through JSONEncoder and JSONDecoder),
    // beside CheckoutSession's own Codable conformance on the same session.
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    decoder.userInfo[.checkoutFlow] = compiled
    let size = Double(middle.snapshotJSON().count)
    metrics.append(
      Metric(
        name: "snapshot.size", unit: "bytes", median: size, min: size, max: size, target: "<= 2048",
        baseline: Double((try? encoder.encode(middle))?.count ?? 0),
        baselineName: "the same snapshot written by JSONEncoder (Codable)"))
    let roundTrip = Measure.samples(iterations: 2_000) {
      blackHole(try? CheckoutSession(restoringJSON: middle.snapshotJSON(), flow: compiled))
    }
    let codableRoundTrip = Measure.samples(iterations: 200) {
      guard let data = try? encoder.encode(middle) else { return }
      blackHole(try? decoder.decode(CheckoutSession.self, from: data))
    }
    metrics.append(
      Metric(
        name: "snapshot.roundtrip", unit: "us", median: Measure.median(roundTrip) / 1e3,
        min: (roundTrip.min() ?? 0) / 1e3, max: (roundTrip.max() ?? 0) / 1e3, target: "<= 150",
        baseline: Measure.median(codableRoundTrip) / 1e3,
        baselineName: "the same session through Codable: JSONEncoder, then JSONDecoder with the flow"))

    // A live session's memory: 10,000 of them, mid-checkout, copied so none share storage.
    let before = Memory.inUse()
    var sessions: [CheckoutSession] = []
    sessions.reserveCapacity(10_000)
    for index in 0..<10_000 {
      var copy = middle
      // A value row's key (only rows write data), different in every copy.
      copy.send(.set(.key("shipping.street"), .string("\(index) Main St")))
      sessions.append(copy)
    }
    let perSession = Double(Memory.inUse() - before) / 10_000
    blackHole(sessions)
    metrics.append(
      Metric(
        name: "session.memory", unit: "bytes", median: perSession, min: perSession, max: perSession,
        target: "<= 4096", baseline: Double(MemoryLayout<CheckoutSession>.size),
        baselineName: "the struct's inline size"))
    return metrics
  }

  /// Two German sessions whose screens format a detail: My Cart (an amount) and
  /// Step Two (a card's expiry month).
  static func germanScreens(_ compiled: CompiledFlow) -> [CheckoutSession] {
    var cart = CheckoutSession(flow: compiled, today: today)
    var review = readyToOrder(compiled)
    do {
      try cart.setLocale("de")
      try review.setLocale("de")
    } catch {
      fail("screen.render needs PLNDR in German: \(error)")
    }
    return [cart, review]
  }

  /// One round of `screen.render`: each session's screen.
  static func renderScreens(_ sessions: [CheckoutSession]) {
    for session in sessions { blackHole(session.screen) }
  }

  /// One round of `events.navigation`: tap, appeared and back, My Cart to Step One and back.
  static func navigationRound(_ session: inout CheckoutSession) {
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    session.send(.back)
  }

  /// A session on the credit-card step, its rows empty.
  static func onCreditCard(_ compiled: CompiledFlow) -> CheckoutSession {
    var card = CheckoutSession(flow: compiled, today: today)
    card.send(.tap("checkout"))
    card.send(.appeared("stepOne"))
    card.send(.tap("creditCard"))
    card.send(.appeared("creditCard"))
    return card
  }

  /// One round of `events.set`: the card's four rows, all valid or all invalid.
  static func setRound(_ card: inout CheckoutSession, valid: Bool) {
    card.send(.set(.row("number"), .string(valid ? "4242 4242 4242 4242" : "4242 4242 4242 4241")))
    card.send(.set(.row("expiry"), .string(valid ? "12/28" : "13/28")))
    card.send(.set(.row("cvv"), .string(valid ? "123" : "12")))
    card.send(.set(.row("name"), .string(valid ? "Ada" : "")))
  }

  /// A session mid-checkout: placeOrder failed, an offer waiting, an error queued.
  static func midCheckout(_ ready: CheckoutSession) -> CheckoutSession {
    var middle = ready
    middle.send(.tap("placeOrder"))
    middle.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid"), APIError(code: "address_zip_invalid")]))
    return middle
  }

  /// Submit, fail, offer, accept, route, arrive, fix, resubmit, succeed.
  static func story(from ready: CheckoutSession) -> CheckoutSession {
    var s = ready
    s.send(.tap("placeOrder"))
    s.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV.")]))
    s.send(.accept)
    s.send(.appeared("stepOne"))
    s.send(.appeared("creditCard"))
    s.send(.set(.row("cvv"), .string("321")))
    s.send(.tap("done"))
    s.send(.appeared("stepOne"))
    s.send(.tap("continue"))
    s.send(.appeared("stepTwo"))
    s.send(.tap("placeOrder"))
    s.send(.apiSucceeded("placeOrder", ["order.number": .string("1042")]))
    s.send(.appeared("confirmation"))
    return s
  }

  static func rate(
    _ name: String, perIteration: [Double], events: Int, target: String, baseline: [Double], baselineEvents: Int,
    baselineName: String
  ) -> Metric {
    let perSecond = perIteration.map { 1e9 * Double(events) / $0 }
    let baselinePerSecond = 1e9 * Double(baselineEvents) / Measure.median(baseline)
    return Metric(
      name: name, unit: "per s", median: Measure.median(perSecond), min: perSecond.min() ?? 0,
      max: perSecond.max() ?? 0, target: target, baseline: baselinePerSecond, baselineName: baselineName)
  }
}
