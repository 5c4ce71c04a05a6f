import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// `POST /sessions {"flow", "locale"}`: the session's screen, errors and refusals
/// in the shopper's language, the locale kept with the session (across a restart,
/// in PostgreSQL when `CHECKOUT_TEST_DATABASE_URL` names one) and shown by GET.
@Suite struct SessionLocaleTests {
  static func create(_ client: any TestClientProtocol, _ body: String) async throws -> (id: String, reply: Reply) {
    let reply = try await client.send(.post, "/sessions", body: body)
    #expect(reply.status == .created, "\(reply.text)")
    return (try #require(reply["id"]?.string), reply)
  }

  @Test func aGermanSessionOnExpressShowsGermanWords() async throws {
    try await withApp { client in
      let (id, created) = try await Self.create(client, #"{"flow":"express","locale":"de"}"#)
      #expect(created["locale"]?.string == "de")
      #expect(created["screen"]?["title"]?.string == "Express-Kasse")
      #expect(created["screen"]?.row("firstName")?["title"]?.string == "Vorname")
      // The flow asks for its total as an amount: German writes it its own way.
      #expect(created["screen"]?.row("total")?["detail"]?.string == "148,00\u{00A0}$", "\(created.text)")
      let email = try await client.set(id, "email", "nope")
      #expect(
        email["screen"]?.row("email")?["error"]?.string == "E-Mail muss eine E-Mail-Adresse wie name@example.com sein")
      let refused = try await client.tap(id, "pay")
      #expect(refused.status == .unprocessableContent)
      #expect(
        refused["detail"]?.string?.hasPrefix("Jetzt bezahlen: Bitte zuerst „Zahlung“ vervollständigen.") == true,
        "\(refused.text)")
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["locale"]?.string == "de")
      #expect(shown["screen"]?["title"]?.string == "Express-Kasse")
    }
  }

  /// A card number typed into a free-text row is refused in the shopper's language,
  /// the row by its title (was English around the German title: `Name auf der Karte
  /// is no place for a card number: …`).
  @Test func aCardNumberInAFreeTextRowIsRefusedInTheSessionsLanguage() async throws {
    try await withApp { client in
      let (id, _) = try await Self.create(client, #"{"flow":"plndr","locale":"de"}"#)
      try await client.open(id, "checkout", "stepOne")
      try await client.open(id, "creditCard", "creditCard")
      let refused = try await client.set(id, "name", "4242 4242 4242 4242")
      #expect(refused["error"]?.string == "card_number_in_text")
      #expect(
        refused["detail"]?.string
          == "Name auf der Karte ist kein Feld für eine Kartennummer: Geben Sie sie im Feld der Karte ein",
        "\(refused.text)")
      #expect(refused.text.contains("4242") == false)
    }
  }

  @Test func theSessionCarriesThePagesWordsInItsLocale() async throws {
    try await withApp { client in
      let (id, created) = try await Self.create(client, #"{"flow":"express","locale":"de"}"#)
      #expect(created["labels"]?["host.offer.title"]?.string == "Jetzt korrigieren?", "\(created.text)")
      #expect(created["labels"]?["host.offer.accept"]?.string == "Korrigieren")
      #expect(created["labels"]?["host.challenge.fail"]?.string == "Authentifizierung ablehnen")
      #expect(created["labels"]?["host.route.banner"]?.string == "Weiter zu „{title}“: {current} von {total}")
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["labels"]?["host.challenge.confirm"]?.string == "Bestätigen", "\(shown.text)")
      #expect(shown["labels"]?.keys.sorted() == created["labels"]?.keys.sorted())
      #expect(shown["labels"]?.keys.allSatisfy { $0.hasPrefix("host.") || $0.hasPrefix("notice.") } == true)
      #expect(
        shown["labels"]?["notice.actionCancelled"]?.string
          == "Sie haben „{step}“ verlassen: {call} wurde nicht abgeschlossen; tippen Sie erneut darauf, um neu zu beginnen",
        "the shopper's notices' templates, for the page to tell them from a developer's")
      let (_, french) = try await Self.create(client, #"{"flow":"express","locale":"fr"}"#)
      #expect(french["labels"]?["host.offer.decline"]?.string == "Plus tard")
      let (_, english) = try await Self.create(client, #"{"flow":"plndr"}"#)
      #expect(english["labels"]?["host.offer.accept"]?.string == "Fix it")
      #expect(english["screen"]?.row("subtotal")?["detail"]?.string == "$84.00")
    }
  }

  @Test func aFrenchSessionOnExpressShowsFrenchEngineWords() async throws {
    try await withApp { client in
      let (id, created) = try await Self.create(client, #"{"flow":"express","locale":"fr"}"#)
      #expect(created["screen"]?["title"]?.string == "Paiement express")
      let cleared = try await client.set(id, "email", "")
      #expect(cleared["screen"]?.row("email")?["error"]?.string == "Le champ «\u{202F}E-mail\u{202F}» est obligatoire")
    }
  }

  @Test func withoutALocaleTheSessionIsInTheFlowsDefault() async throws {
    try await withApp { client in
      let (id, created) = try await Self.create(client, #"{"flow":"plndr"}"#)
      #expect(created["locale"]?.string == "en")
      #expect(created["screen"]?["title"]?.string == "My Cart")
      #expect(try await client.send(.get, "/sessions/\(id)")["locale"]?.string == "en")
    }
  }

  @Test func aLocaleTheSessionCannotSpeakIs422NamingTheLanguages() async throws {
    try await withApp { client in
      let reply = try await client.send(.post, "/sessions", body: #"{"flow":"express","locale":"xx"}"#)
      #expect(reply.status == .unprocessableContent)
      #expect(reply["error"]?.string == "unknown_locale")
      #expect(reply["at"]?.string == "locale")
      #expect(
        reply["detail"]?.string == #"unknown locale "xx"; the languages are en, de, fr, es, it, nl, pt, ja"#,
        "\(reply.text)")
      let number = try await client.send(.post, "/sessions", body: #"{"flow":"express","locale":7}"#)
      #expect(number.status == .badRequest, "\(number.text)")
      #expect(number["at"]?.string == "locale")
    }
  }

  @Test func theFlowListNamesEachFlowsLocales() async throws {
    try await withApp { client in
      let flows = try await client.send(.get, "/flows").json?.array ?? []
      let express = try #require(flows.first { $0["id"]?.string == "express" })
      #expect(express["locales"]?.array.compactMap(\.string) == ["en", "de", "fr"])
    }
  }

  @Test func theLocaleIsKeptAcrossARestart() async throws {
    try await FlowChangeTests.withStore { dependencies in
      let id = try await withApp(dependencies: dependencies) { client in
        let (id, _) = try await Self.create(client, #"{"flow":"express","locale":"de"}"#)
        #expect(try await client.set(id, "email", "").status == .ok)
        return id
      }
      try await withApp(dependencies: dependencies) { client in
        let shown = try await client.send(.get, "/sessions/\(id)")
        #expect(shown["locale"]?.string == "de", "\(shown.text)")
        #expect(shown["screen"]?["title"]?.string == "Express-Kasse")
        #expect(shown["screen"]?.row("email")?["error"]?.string == "„E-Mail“ ist ein Pflichtfeld")
      }
    }
  }
}
