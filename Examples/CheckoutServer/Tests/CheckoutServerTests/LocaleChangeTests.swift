import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// `POST /sessions/{id}/locale`: a session's language changes in place (the
/// browser page's language picker), with nothing entered lost; was: the page
/// could only start a new, empty checkout in the other language.
@Suite struct LocaleChangeTests {
  @Test func theSessionSpeaksGermanWithEverythingEnteredKept() async throws {
    try await withApp { client in
      let (id, _) = try await SessionLocaleTests.create(client, #"{"flow":"express"}"#)
      _ = try await client.set(id, "firstName", "Ada")
      let email = try await client.set(id, "email", "nope")
      #expect(email["screen"]?.row("email")?["error"]?.string?.contains("must be an email") == true, "\(email.text)")
      let version = try #require(email["version"]?.int)
      let changed = try await client.send(
        .post, "/sessions/\(id)/locale", body: #"{"locale":"DE","expectedVersion":\#(version)}"#)
      #expect(changed.status == .ok, "\(changed.text)")
      #expect(changed["locale"]?.string == "de")
      #expect(changed["version"]?.int == version + 1)
      #expect(changed["labels"]?["host.offer.decline"]?.string == "Nicht jetzt")
      #expect(changed["screen"]?["title"]?.string == "Express-Kasse")
      #expect(changed["screen"]?.row("firstName")?["value"]?.string == "Ada")
      #expect(
        changed["screen"]?.row("email")?["error"]?.string == "E-Mail muss eine E-Mail-Adresse wie name@example.com sein"
      )
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["locale"]?.string == "de")
      #expect(shown["version"]?.int == version + 1)
      // The same language again changes nothing, not even the version.
      let again = try await client.send(.post, "/sessions/\(id)/locale", body: #"{"locale":"de"}"#)
      #expect(again["version"]?.int == version + 1)
    }
  }

  /// The flow's matcher writes the CVV's message in English and German: a waiting
  /// offer, and then the row the route put it on, say it in the new language (they
  /// stayed German after a switch to English).
  @Test func aWaitingOfferAndARowsErrorFromTheFlowAreSaidAgain() async throws {
    let english = "The security code (CVV) isn't right. Please check the back of your card."
    let german = "Der Sicherheitscode (CVV) stimmt nicht. Bitte prüfen Sie die Rückseite Ihrer Karte."
    try await withApp { client in
      let (id, _) = try await SessionLocaleTests.create(client, #"{"flow":"plndr","locale":"de"}"#)
      try await client.open(id, "checkout", "stepOne")
      try await CheckoutStoryTests.fillAddressAndCard(client, id, card: "4000000000000127", cvv: "123")
      try await client.open(id, "continue", "stepTwo")
      let placed = try await client.tap(id, "placeOrder")
      #expect(placed["effects"]?[1]?["message"]?.string == german, "\(placed.text)")
      let changed = try await client.send(.post, "/sessions/\(id)/locale", body: #"{"locale":"en"}"#)
      #expect(changed["offer"]?["message"]?.string == english, "\(changed.text)")
      _ = try await client.event(id, #""event":"accept""#)
      _ = try await client.appeared(id, "stepOne")
      let arrived = try await client.appeared(id, "creditCard")
      #expect(arrived["screen"]?.row("cvv")?["error"]?.string == english, "\(arrived.text)")
      let back = try await client.send(.post, "/sessions/\(id)/locale", body: #"{"locale":"de"}"#)
      #expect(back["screen"]?.row("cvv")?["error"]?.string == german, "\(back.text)")
    }
  }

  @Test func anUnknownLocaleOrAStaleVersionChangesNothing() async throws {
    try await withApp { client in
      let (id, _) = try await SessionLocaleTests.create(client, #"{"flow":"plndr"}"#)
      let unknown = try await client.send(.post, "/sessions/\(id)/locale", body: #"{"locale":"xx"}"#)
      #expect(unknown.status == .unprocessableContent)
      #expect(unknown["error"]?.string == "unknown_locale")
      #expect(unknown["at"]?.string == "locale")
      let stale = try await client.send(.post, "/sessions/\(id)/locale", body: #"{"locale":"de","expectedVersion":7}"#)
      #expect(stale.status == .conflict)
      #expect(stale["error"]?.string == "stale_version")
      let missing = try await client.send(.post, "/sessions/\(id)/locale", body: #"{"language":"de"}"#)
      #expect(missing.status == .badRequest)
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["locale"]?.string == "en")
      #expect(shown["version"]?.int == 1)
      let foreign = try await client.send(
        .post, "/sessions/\(id)/locale", body: #"{"locale":"de"}"#, presentingSecret: false)
      #expect(foreign.status == .notFound, "the secret is checked as on every route")
    }
  }
}
