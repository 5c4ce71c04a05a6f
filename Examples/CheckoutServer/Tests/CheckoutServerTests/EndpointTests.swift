import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// Every endpoint the server serves (listed in the README), on its success path.
@Suite struct EndpointTests {
  @Test func health() async throws {
    try await withApp { client in
      let reply = try await client.send(.get, "/health")
      #expect(reply.status == .ok)
      #expect(reply.text == #"{"status":"ok"}"#)
      #expect(reply.headers[.contentType]?.hasPrefix("application/json") == true)
    }
  }

  @Test func flowsListsEveryShippedFlowWithItsSteps() async throws {
    try await withApp { client in
      let reply = try await client.send(.get, "/flows")
      #expect(reply.status == .ok)
      let flows = reply.json?.array ?? []
      #expect(flows.compactMap { $0["id"]?.string } == ["express", "plndr", "tickets"])
      let plndr = try #require(flows.first { $0["id"]?.string == "plndr" })
      #expect(plndr["title"]?.string == "PLNDR checkout")
      #expect(
        plndr["steps"]?.array.compactMap(\.string) == [
          "cart", "stepOne", "stepTwo", "creditCard", "address", "discount", "confirmation",
        ])
      #expect(Set(plndr.keys) == ["id", "title", "steps", "locales", "titles"])
      #expect(plndr["locales"]?.array.compactMap(\.string) == ["en", "de"])
      // The title in each of the flow's languages (the browser page's <title>).
      let express = try #require(flows.first { $0["id"]?.string == "express" })
      #expect(express["titles"]?["de"]?.string == "Express-Kasse")
      #expect(express["titles"]?["fr"]?.string == "Paiement express")
      #expect(express["titles"]?["en"]?.string == "Express checkout")
      #expect(plndr["titles"]?.keys.sorted() == ["de", "en"])
      // A flow in one unnamed language lists the one its sessions start in.
      let tickets = try #require(flows.first { $0["id"]?.string == "tickets" })
      #expect(tickets["locales"]?.array.compactMap(\.string) == ["en"])
      let session = try await client.send(.post, "/sessions", body: #"{"flow":"tickets"}"#)
      #expect(session["locale"]?.string == "en")
    }
  }

  @Test func graphInMermaidByDefaultAndInDot() async throws {
    try await withApp { client in
      let mermaid = try await client.send(.get, "/flows/plndr/graph")
      #expect(mermaid.status == .ok)
      #expect(mermaid.text.hasPrefix("flowchart LR"))
      #expect(mermaid.text.contains(#"stepOne -->|"Credit card"| creditCard"#))
      #expect(mermaid.headers[.contentType] == "text/plain; charset=utf-8")

      let explicit = try await client.send(.get, "/flows/plndr/graph?format=mermaid")
      #expect(explicit.text == mermaid.text)

      let dot = try await client.send(.get, "/flows/express/graph?format=dot")
      #expect(dot.status == .ok)
      #expect(dot.text.contains("digraph"))
      #expect(dot.headers[.contentType] == "text/vnd.graphviz; charset=utf-8")
    }
  }

  @Test func createdSessionStartsAtTheFlowsStart() async throws {
    try await withApp { client in
      let reply = try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#)
      #expect(reply.status == .created)
      #expect(
        Set(reply.json?.keys ?? []) == ["id", "secret", "version", "locale", "labels", "state", "screen", "effects"])
      let id = try #require(reply["id"]?.string)
      #expect(reply.headers[.location] == "/sessions/\(id)")
      #expect(reply["version"]?.int == 1)
      #expect(reply["state"]?.string == "cart")
      #expect(reply["effects"]?.array.isEmpty == true)
      #expect(reply["screen"]?["step"]?.string == "cart")
      #expect(reply["screen"]?["title"]?.string == "My Cart")
      #expect(reply["screen"]?.row("checkout")?["isTappable"]?.bool == true)
      #expect(reply["screen"]?.row("items")?["detail"]?.string == "3 items")
    }
  }

  @Test func getSessionShowsStateScreenAndVersion() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let reply = try await client.send(.get, "/sessions/\(id)")
      #expect(reply.status == .ok)
      #expect(Set(reply.json?.keys ?? []) == ["id", "version", "locale", "labels", "state", "screen"], "no pending")
      #expect(reply["id"]?.string == id)
      #expect(reply["version"]?.int == 1)
      #expect(reply["state"]?.string == "cart")
      #expect(reply["screen"]?["step"]?.string == "cart")
    }
  }

  @Test func eventsAnswerVersionStateScreenAndEffects() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let tapped = try await client.event(id, #""event":"tap","row":"checkout","expectedVersion":1"#)
      #expect(tapped.status == .ok, "\(tapped.text)")
      #expect(Set(tapped.json?.keys ?? []) == ["version", "state", "screen", "effects"])
      #expect(tapped["version"]?.int == 2)
      #expect(tapped["effects"]?.effectLines == ["navigate push stepOne"])
      #expect(Set(tapped["effects"]?[0]?.keys ?? []) == ["kind", "command"])
      // The host has not shown stepOne yet: the state moves when it appears.
      #expect(tapped["state"]?.string == "cart")

      let shown = try await client.event(id, #""event":"appeared","step":"stepOne","expectedVersion":2"#)
      #expect(shown["version"]?.int == 3)
      #expect(shown["state"]?.string == "cart>stepOne")
      #expect(shown["screen"]?["step"]?.string == "stepOne")
      #expect(shown["effects"]?.array.isEmpty == true)

      let picked = try await client.set(id, "shippingMethod", "express")
      #expect(picked.status == .ok)
      #expect(picked["screen"]?.row("shippingMethod")?["value"]?.string == "Express (2 business days)")
      #expect(picked["screen"]?.row("shippingMethod")?["selection"]?.string == "express")

      let back = try await client.event(id, #""event":"back""#)
      #expect(back.status == .ok)
      #expect(back["state"]?.string == "cart")

      let reread = try await client.send(.get, "/sessions/\(id)")
      #expect(reread["version"]?.int == 5)
      #expect(reread["state"]?.string == "cart")
    }
  }

  @Test func declineDropsTheOffer() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      try await client.open(id, "discount", "discount")
      // An empty discount code fails local validation: offered, no API call.
      let applied = try await client.tap(id, "apply")
      #expect(applied["effects"]?.effectLines == ["offer discount.code"])
      #expect(try await client.send(.get, "/sessions/\(id)")["offer"]?["row"]?.string == "code")
      let declined = try await client.event(id, #""event":"decline""#)
      #expect(declined.status == .ok)
      #expect(declined["effects"]?.array.isEmpty == true)
      #expect(try await client.send(.get, "/sessions/\(id)")["offer"] == nil)
    }
  }

  @Test func discountCodesAreAnsweredByTheDemoAPI() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      try await client.open(id, "discount", "discount")
      _ = try await client.set(id, "code", "EXPIRED-10")
      let expired = try await client.tap(id, "apply")
      #expect(expired["effects"]?.effectLines == ["callAPI applyDiscount failed", "offer discount.code"])
      #expect(expired["effects"]?[0]?["outcome"]?["errors"]?[0]?["code"]?.string == "discount_expired")
      _ = try await client.event(id, #""event":"accept""#)
      _ = try await client.set(id, "code", "SAVE10")
      let applied = try await client.tap(id, "apply")
      #expect(applied["effects"]?.effectLines == ["callAPI applyDiscount succeeded"])
    }
  }

  @Test func concurrentEventsOnOneSessionAreAllApplied() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      try await client.open(id, "checkout", "stepOne")
      try await client.open(id, "shippingAddress", "address")
      let fields = ["name": "Ada Lovelace", "street": "1 Main St", "city": "Portland", "state": "OR", "zip": "97201"]
      try await withThrowingTaskGroup(of: Reply.self) { group in
        for (row, value) in fields {
          group.addTask { try await client.set(id, row, value) }
        }
        for try await reply in group { #expect(reply.status == .ok, "\(reply.text)") }
      }
      let final = try await client.send(.get, "/sessions/\(id)")
      #expect(final["version"]?.int == 5 + fields.count)
      for (row, value) in fields {
        #expect(final["screen"]?.row(row)?["value"]?.string == value)
      }
    }
  }
}
