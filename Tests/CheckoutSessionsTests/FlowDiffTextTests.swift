import CheckoutCompiledFlow
import CheckoutModel
import CheckoutSessions
import CheckoutTestSupport
import Testing

/// A translation changes no value's fate: `checkout diff` calls it safe and says
/// which locales' texts changed; a locale taken away is breaking, and `migrate`
/// says what becomes of a session in it.
@Suite struct FlowDiffTextTests {
  /// One step with a name row (required, with its own message) and a completion
  /// check; `locales` and the texts per locale as given (and its error matcher's
  /// `message`, when given).
  static func flow(
    locales: [String] = ["en", "de"], name: String = #"{ "en": "Name", "de": "Name" }"#,
    required: String = #"{ "en": "Enter your name", "de": "Bitte Namen angeben" }"#,
    complete: String = #"{ "en": "Add a name", "de": "Namen angeben" }"#, messages: String = "{}",
    matcherMessage: String? = nil
  ) throws -> Flow {
    try FlowLoader().load(
      json: """
        {
          "format": 1, "id": "mini", "title": "Mini", "start": "cart", "version": 1,
          "locales": [\(locales.map { "\"\($0)\"" }.joined(separator: ", "))], "messages": \(messages),
          "steps": [
            { "id": "cart", "title": "Cart",
              "complete": [{ "when": { "key": "name", "present": true }, "message": \(complete) }],
              "rows": [
              { "id": "name", "cell": "text", "title": \(name), "bind": "name",
                "rules": [{ "required": true, "message": \(required) }] },
              { "id": "go", "cell": "button", "title": "Pay", "submit": "pay" } ] }
          ],
          "errors": [{ "code": "*", "step": "cart", "row": "name"\(matcherMessage.map { #", "message": \#($0)"# } ?? "") }]
        }
        """)
  }

  @Test func aTranslationIsSafeAndSaysWhichLocalesTextsChanged() throws {
    let diff = FlowDiff(
      from: try Self.flow(),
      to: try Self.flow(
        locales: ["en", "de", "pl"], name: #"{ "en": "Name", "de": "Name", "pl": "Imię" }"#,
        required: #"{ "en": "Enter your name", "de": "Bitte Namen angeben", "pl": "Podaj imię" }"#,
        complete: #"{ "en": "Add a name", "de": "Namen angeben", "pl": "Podaj imię" }"#,
        messages: #"{ "rule.email": { "pl": "{title} musi być adresem e-mail" } }"#))
    #expect(!diff.isBreaking, "\(diff)")
    #expect(
      diff.differences.map(\.description) == [
        "safe     locale added: pl",
        "safe     texts changed: pl (4 written: cart completion check 1, cart.name required message, cart.name title, "
          + "… and 1 more)",
      ])
  }

  @Test func aMatcherMessageTranslatedIsCountedInItsLocalesTextsNotALineOfItsOwn() throws {
    let before = try Self.flow(matcherMessage: #"{ "en": "Check your name", "de": "Namen prüfen" }"#)
    #expect(before.errors[0].message != nil, "the fixture's matcher has a message")
    let diff = FlowDiff(
      from: before,
      to: try Self.flow(
        locales: ["en", "de", "pl"],
        matcherMessage: #"{ "en": "Check your name", "de": "Namen prüfen", "pl": "Sprawdź imię" }"#))
    #expect(
      diff.differences.map(\.description) == [
        "safe     locale added: pl",
        "safe     texts changed: pl (1 written: error matcher code * message)",
      ])
    // A rewording in a locale the message spoke stays a line of its own.
    let reworded = FlowDiff(
      from: before, to: try Self.flow(matcherMessage: #"{ "en": "Please check your name", "de": "Namen prüfen" }"#))
    #expect(reworded.differences.map(\.description) == ["safe     error message changed: code *"])
  }

  @Test func aRuleOrCompletionMessageReworded() throws {
    let diff = FlowDiff(
      from: try Self.flow(),
      to: try Self.flow(
        required: #"{ "en": "Please enter your name", "de": "Bitte Namen angeben" }"#,
        complete: #"{ "en": "Add a name", "de": "Bitte einen Namen angeben" }"#))
    #expect(!diff.isBreaking, "a reworded message rejects no value more: \(diff)")
    #expect(
      diff.differences.map(\.description) == [
        "safe     texts changed: de (1 changed: cart completion check 1)",
        "safe     texts changed: en (1 changed: cart.name required message)",
      ])
  }

  @Test func aRuleThatChangesStaysBreakingWhateverItsMessage() throws {
    let diff = FlowDiff(
      from: try Self.flow(),
      to: try Self.flow(required: #"{ "en": "Enter your name", "de": "Bitte Namen angeben" }"#)
    )
    #expect(diff.differences.isEmpty, "nothing changed: \(diff)")
    let stricter = try Self.flow()
    var flow = stricter
    flow.steps[0].rows[0].rules.append(Rule(.minLength(2)))
    let changed = FlowDiff(from: stricter, to: flow)
    #expect(changed.differences.map(\.kind) == ["rules changed"])
    #expect(changed.isBreaking)
  }

  @Test func aLocaleRemovedOrTheDefaultChangedIsBreaking() throws {
    let removed = FlowDiff(from: try Self.flow(locales: ["en", "de", "pl"]), to: try Self.flow())
    #expect(
      removed.differences.filter { $0.impact == .breaking }.map(\.description) == [
        "breaking locale removed: pl\n           sessions: a session in pl is shown in en from its next restore"
      ])
    let german = FlowDiff(from: try Self.flow(), to: try Self.flow(locales: ["en"]))
    #expect(
      german.differences.first?.effect
        == "a session in de shows the flow's titles and messages in en; the engine's own words stay in de")
    let swapped = FlowDiff(from: try Self.flow(), to: try Self.flow(locales: ["de", "en"]))
    #expect(swapped.differences.map(\.kind).contains("default locale changed"))
    #expect(swapped.isBreaking)
  }

  @Test func migrateSaysWhenASessionsLocaleIsNoLongerSpoken() throws {
    let polish = try CompiledFlow(Self.flow(locales: ["en", "de", "pl"]))
    let session = try CheckoutSession(flow: polish, today: ShippedFlows.today, locale: "pl")
    let target = try CompiledFlow(Self.flow())
    let migrated = try SnapshotMigrator(to: target).restore(session.snapshot())
    #expect(
      migrated.report?.changes.map(\.description) == [
        "dropped locale: pl: v1 does not speak pl: the session is shown in en"
      ])
    #expect(migrated.session.locale == "en")
    let german = try CheckoutSession(flow: polish, today: ShippedFlows.today, locale: "de")
    #expect(try SnapshotMigrator(to: target).restore(german.snapshot()).report == nil, "de is still spoken")
  }
}
