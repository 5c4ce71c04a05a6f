import CheckoutCompiledFlow
import CheckoutModel
import Testing

/// The engine's words read right in every language whatever a row's title is:
/// nothing agrees with a title's gender or number (`Adresse est renseigné`,
/// `Straße und Hausnummer ist erforderlich`), a disabled row's title and reason and
/// a list are punctuated as the language does (`支払う：`, `S、M、L`), a sentence
/// ends with the session's language's full stop whatever script a title is in,
/// and a toggle's value in a detail is the language's word for on or off.
@Suite struct ShoppersWordsTests {
  static let flow = Flow(
    id: "words", title: "Words", start: "form", locales: ["en", "fr", "es", "it", "pt", "de", "ja"]
  ) {
    Step("form", title: "Form") {
      TextField(
        "address",
        title: [
          "en": "Name in kanji (漢字)", "fr": "Adresse", "es": "Dirección", "it": "Via", "pt": "Cidade",
          "de": "Straße und Hausnummer", "ja": "住所",
        ], bind: "c.address")
      Toggle(
        "news",
        title: [
          "en": "Newsletter", "fr": "Inscription à la newsletter", "es": "Suscripción", "it": "Iscrizione",
          "pt": "Assinatura", "de": "Newsletter", "ja": "ニュースレター",
        ], bind: "c.news")
      Info("subscribed", title: "Subscribed").detail("{c.news}")
      Button(
        "pay",
        title: ["en": "Pay", "fr": "Payer", "es": "Pagar", "it": "Paga", "pt": "Pagar", "de": "Bezahlen", "ja": "支払う"],
        opens: "done"
      )
      .enabled(when: .all([.present("c.address", true), .equals("c.news", .bool(true))]))
    }
    Step("done", title: "Done") {}
  }

  static func screen(_ locale: String, _ data: [DataKey: Value] = [:]) throws -> Screen {
    try #require(
      ScreenRenderer(compiled: CompiledFlow(flow), rules: RuleEvaluator()).render("form", data: data, locale: locale))
  }

  @Test(arguments: [
    ("en", "Pay: Not available until Name in kanji (漢字) is filled in and Newsletter is on."),
    (
      "fr",
      "Payer\u{00A0}: Disponible uniquement si le champ «\u{202F}Adresse\u{202F}» est renseigné"
        + " et l’option «\u{202F}Inscription à la newsletter\u{202F}» est activée."
    ),
    ("es", "Pagar: Disponible solo si el campo Dirección está completado y la opción Suscripción está activada."),
    ("it", "Paga: Disponibile solo se il campo Via è compilato e l’opzione Iscrizione è attiva."),
    ("pt", "Pagar: Disponível apenas se o campo Cidade está preenchido e a opção Assinatura está ativada."),
    (
      "de",
      "Bezahlen: Erst verfügbar, wenn gilt: „Straße und Hausnummer“ ist ausgefüllt und „Newsletter“ ist aktiviert."
    ),
    ("ja", "支払う：次の条件を満たすと利用できます：住所が入力済みかつニュースレターがオン。"),
  ])
  func aDisabledReasonAgreesWithNoTitleAndEndsAsItsLanguageDoes(_ locale: String, _ reason: String) throws {
    #expect(try Self.screen(locale).row("pay")?.disabledReason == reason)
  }

  @Test(arguments: [
    ("fr", "Le champ «\u{202F}Adresse\u{202F}» est obligatoire"), ("es", "El campo Dirección es obligatorio"),
    ("it", "Il campo Via è obbligatorio"), ("pt", "O campo Cidade é obrigatório"),
    ("de", "„Straße und Hausnummer“ ist ein Pflichtfeld"),
  ])
  func aRequiredRowsMessageAgreesWithNoTitle(_ locale: String, _ message: String) throws {
    let title = Self.flow.steps[0].rows[0].title.text(in: locale)
    #expect(try #require(EngineMessages.for(locale)).text(.ruleRequired, title) == message)
  }

  @Test func refusalsAgreeWithNoTitle() throws {
    let french = try #require(EngineMessages.for("fr"))
    #expect(
      french.text(.refusalHidden, "Adresse", "Livraison")
        == "l’élément «\u{202F}Adresse\u{202F}» est masqué sur «\u{202F}Livraison\u{202F}»")
    #expect(french.text(.refusalCannotChange, "Adresse") == "impossible de modifier Adresse pour le moment")
    #expect(
      french.text(.refusalOnOrOff, "Inscription")
        == "l’option «\u{202F}Inscription\u{202F}» peut seulement être activée ou désactivée")
    let spanish = try #require(EngineMessages.for("es"))
    #expect(spanish.text(.refusalHidden, "Dirección", "Envío") == "el elemento Dirección está oculto en «Envío»")
    let italian = try #require(EngineMessages.for("it"))
    #expect(italian.text(.refusalCannotChange, "Via") == "non è possibile modificare Via ora")
    #expect(
      italian.text(.refusalOnOrOff, "Iscrizione") == "l’opzione Iscrizione può essere solo attivata o disattivata")
    let portuguese = try #require(EngineMessages.for("pt"))
    #expect(portuguese.text(.refusalTakesNoValue, "Cidade").hasPrefix("não é possível preencher Cidade: "))
    #expect(
      try #require(EngineMessages.for("de")).text(.refusalCannotChange, "Straße und Hausnummer")
        == "„Straße und Hausnummer“ kann jetzt nicht geändert werden")
  }

  /// A value given to a row that takes none is refused in the shopper's words
  /// (was English in every language: `Weiter is a button row: it takes no value`).
  @Test func aRowThatTakesNoValueSaysSoInTheShoppersLanguage() throws {
    let row = Info("total", title: LocalizedText("Total", translations: ["de": "Gesamt"])).row
    let german = try #require(EngineMessages.for("de"))
    guard case .failure(let problem) = RowInput.accept(.string("9"), for: row, data: [:], messages: german) else {
      Issue.record("an info row took a value")
      return
    }
    #expect(problem.message == german.text(.refusalTakesNoValue, "Gesamt"))
    #expect(!problem.message.contains("row"), "\(problem.message)")
  }

  @Test func aPickersOptionsAreListedAsTheLanguageLists() throws {
    let row = Picker(
      "size", title: "サイズ", bind: "size",
      options: ["S", "M", "L"].map { PickerOption(value: $0, label: LocalizedText($0)) }
    ).row
    let japanese = try #require(EngineMessages.for("ja"))
    let refused = RowInput.accept(.string("XL"), for: row, data: [:], messages: japanese)
    #expect(throws: RowInput.Problem.self) { try refused.get() }
    if case .failure(let problem) = refused { #expect(problem.message == "サイズにその選択肢はありません。次から選んでください：S、M、L") }
    if case .failure(let problem) = RowInput.accept(.string("XL"), for: row, data: [:]) {
      #expect(problem.message == "サイズ has no such option; choose one of S, M, L")
    }
    let oneOf = RuleEvaluator(today: nil, messages: japanese).firstFailure(
      of: [Rule(.oneOf(["S", "M"]))], value: .string("XL"), title: "サイズ")
    #expect(oneOf == "サイズは次のいずれかにしてください：S、M")
  }

  @Test(arguments: [("en", "on", "off"), ("fr", "activé", "désactivé"), ("de", "ein", "aus"), ("ja", "オン", "オフ")])
  func aToggleInADetailIsInTheSessionsWords(_ locale: String, _ on: String, _ off: String) throws {
    #expect(try Self.screen(locale, ["c.news": .bool(true)]).row("subscribed")?.detail == on)
    #expect(try Self.screen(locale, ["c.news": .bool(false)]).row("subscribed")?.detail == off)
  }
}
