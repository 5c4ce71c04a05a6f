import Testing
import CheckoutModel

/// Numbers, amounts and dates in each language's way (`format.*` in its message
/// table), and the template syntax that asks for them.
@Suite struct LocaleFormattingTests {
  static func formatting(_ language: String) throws -> LocaleFormatting {
    try #require(EngineMessages.for(language)).formatting
  }

  /// 1234.5 in euros and 1234567.891 as a number, as each language writes them
  /// (CLDR's patterns; a no-break space where a line must not break).
  @Test(arguments: [
    ("en", "€1,234.50", "1,234,567.891", "$148.00"),
    ("de", "1.234,50\u{00A0}€", "1.234.567,891", "148,00\u{00A0}$"),
    ("fr", "1\u{202F}234,50\u{00A0}€", "1\u{202F}234\u{202F}567,891", "148,00\u{00A0}$"),
    ("es", "1.234,50\u{00A0}€", "1.234.567,891", "148,00\u{00A0}$"),
    ("it", "1.234,50\u{00A0}€", "1.234.567,891", "148,00\u{00A0}$"),
    ("nl", "€\u{00A0}1.234,50", "1.234.567,891", "$\u{00A0}148,00"),
    ("pt", "€\u{00A0}1.234,50", "1.234.567,891", "$\u{00A0}148,00"),
    ("ja", "€1,234.50", "1,234,567.891", "$148.00"),
  ])
  func amountsAndNumbersInEachLanguage(_ language: String, _ euros: String, _ number: String, _ dollars: String)
    throws
  {
    let formatting = try Self.formatting(language)
    #expect(formatting.format(.number(1234.5), as: .currency("EUR")) == euros)
    #expect(formatting.format(.number(1_234_567.891), as: .number) == number)
    #expect(formatting.format(.string("148"), as: .currency("USD")) == dollars, "a numeric text is a number too")
  }

  @Test func roundingSignsAndMinorUnits() throws {
    let english = try Self.formatting("en")
    #expect(english.format(.number(91.95), as: .currency("USD")) == "$91.95", "no binary rounding surprise")
    #expect(english.format(.number(0.005), as: .currency("USD")) == "$0.01", "half away from zero")
    #expect(english.format(.number(-12.5), as: .currency("USD")) == "-$12.50")
    #expect(english.format(.number(1500), as: .currency("JPY")) == "¥1,500", "yen have no minor unit")
    #expect(english.format(.number(1.2345), as: .currency("KWD")) == "KWD\u{00A0}1.235", "three digits, code as symbol")
    #expect(english.format(.number(12), as: .currency("CHF")) == "CHF\u{00A0}12.00", "letters never touch digits")
    #expect(english.format(.number(12), as: .currency("SEK")) == "SEK\u{00A0}12.00", "an unlisted code shows itself")
    #expect(try Self.formatting("de").format(.number(12), as: .currency("CHF")) == "12,00\u{00A0}CHF")
    #expect(english.format(.number(3), as: .number) == "3")
    #expect(english.format(.number(2.50), as: .number) == "2.5", "trailing zeros dropped")
    #expect(english.format(.number(-0.0001), as: .number) == "0", "no minus on a zero")
    #expect(english.format(.number(999), as: .number) == "999")
    #expect(english.format(.number(1000), as: .number) == "1,000")
  }

  @Test func valuesOfAnotherKindAreNotFormatted() throws {
    let english = try Self.formatting("en")
    for text in ["$148.00", "148,00", "1e3", "", "-", "12.", ".5", "١٢٣"] {
      #expect(english.format(.string(text), as: .currency("USD")) == nil, "\(text)")
    }
    #expect(english.format(.bool(true), as: .number) == nil)
    #expect(english.format(.number(.infinity), as: .number) == nil)
    for text in ["2026-02-30", "2026-13-01", "26-12-24", "2026/12/24", "today"] {
      #expect(english.format(.string(text), as: .date) == nil, "\(text)")
    }
    for text in ["13/27", "1/27", "12-27", "12/2", "December"] {
      #expect(english.format(.string(text), as: .monthYear) == nil, "\(text)")
    }
  }

  @Test(arguments: [
    ("en", "December 24, 2026", "December 2027"),
    ("de", "24. Dezember 2026", "Dezember 2027"),
    ("fr", "24 décembre 2026", "décembre 2027"),
    ("es", "24 de diciembre de 2026", "diciembre de 2027"),
    ("it", "24 dicembre 2026", "dicembre 2027"),
    ("nl", "24 december 2026", "december 2027"),
    ("pt", "24 de dezembro de 2026", "dezembro de 2027"),
    ("ja", "2026年12月24日", "2027年12月"),
  ])
  func datesAndExpiryMonthsInEachLanguage(_ language: String, _ date: String, _ month: String) throws {
    let formatting = try Self.formatting(language)
    #expect(formatting.format(.string("2026-12-24"), as: .date) == date)
    #expect(formatting.format(.string("12/27"), as: .monthYear) == month)
    #expect(formatting.format(.string("12/2027"), as: .monthYear) == month)
    #expect(formatting.format(.string("2027-12"), as: .monthYear) == month)
  }

  @Test func leapDaysAreRealDaysOnlyInLeapYears() {
    #expect(CalendarText.date("2028-02-29") != nil)
    #expect(CalendarText.date("2027-02-29") == nil)
    #expect(CalendarText.date("2000-02-29") != nil)
    #expect(CalendarText.date("2100-02-29") == nil)
  }

  /// Every table's `format.number` and `format.months` is of its shape (a broken one
  /// would silently fall back).
  @Test(arguments: EngineMessages.languages)
  func everyTableWritesItsFormatsInTheirShape(_ language: String) {
    let texts = MessageTable.read(language).texts
    for id in [EngineMessageID.formatNumber, .formatMonths] {
      let text = texts[id.id] ?? ""
      #expect(LocaleFormatting.problem(in: text, of: id) == nil, "\(language) \(id): \(text)")
    }
  }

  @Test func samplesNotOfTheirShapeAreProblems() {
    for sample in [
      "1234567", "1,234,567,89", "1.234.567", "12,34,567.89", "1,234,567.89 ", "x1,234,567.89", "1234.567,89",
    ] {
      #expect(LocaleFormatting.problem(in: sample, of: .formatNumber) != nil, "\(sample)")
    }
    #expect(LocaleFormatting.problem(in: "1'234'567.89", of: .formatNumber) == nil)
    // No grouping at all is a shape too (a language's own choice, or a shop's).
    #expect(LocaleFormatting.problem(in: "1234567,89", of: .formatNumber) == nil)
    #expect(LocaleFormatting.groupSeparator(of: "1234567,89") == "")
    #expect(LocaleFormatting.groupSeparator(of: "1 234 567,89") == " ")
    #expect(LocaleFormatting.problem(in: "Jan, Feb", of: .formatMonths) != nil)
  }

  /// Twelve names separated by `, `; spaces and tabs around a name are not part of it.
  @Test func monthNamesAreTwelveNamesSeparatedByACommaAndASpace() {
    let twelve = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let shapes: [(text: String, isProblem: Bool)] = [
      (twelve.joined(separator: ", "), false),
      (twelve.joined(separator: ",  \t"), false),
      ("\u{202F}" + twelve.joined(separator: " , ") + " ", false),
      (twelve.joined(separator: ","), true),
      (twelve.dropLast().joined(separator: ", "), true),
      ((twelve + ["Extra"]).joined(separator: ", "), true),
      (twelve.dropLast().joined(separator: ", ") + ",  ", true),
      (twelve.dropLast().joined(separator: ", ") + ", \u{00A0}", true),
      ("", true),
    ]
    for shape in shapes {
      #expect((LocaleFormatting.problem(in: shape.text, of: .formatMonths) != nil) == shape.isProblem, "\(shape.text)")
    }
  }

  /// A flow's own `format.*` texts are read as the tables' are: month names with
  /// spaces of any kind around them, separators of several bytes, a text not of its
  /// shape read as plain numbers.
  @Test func overriddenFormatsAreReadAsTheTablesAre() throws {
    let names = ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"]
    func formatting(_ texts: [EngineMessageID: String]) -> LocaleFormatting {
      EngineMessages.english.overriding(texts, locale: "en").formatting
    }
    let padded = formatting([.formatMonths: "\u{202F}" + names.joined(separator: " , \u{00A0}\t") + " "])
    #expect(padded.format(.string("2027-03"), as: .monthYear) == "Mär 2027")
    #expect(padded.format(.string("12/27"), as: .monthYear) == "Dez 2027")
    #expect(padded.format(.string("2027-01-05"), as: .date) == "Jan 5, 2027")
    let eleven = formatting([.formatMonths: names.dropLast().joined(separator: ", ")])
    #expect(eleven.format(.string("2027-03"), as: .monthYear) == "3 2027", "month numbers, not a wrong name")
    let blank = formatting([.formatMonths: names.dropLast().joined(separator: ", ") + ", \u{00A0}"])
    #expect(blank.format(.string("2027-03"), as: .monthYear) == "3 2027", "a name of spaces is no name")
    let swiss = formatting([.formatNumber: "1\u{2019}234\u{2019}567.89"])
    #expect(swiss.format(.number(-1_234_567.891), as: .number) == "-1\u{2019}234\u{2019}567.891")
    #expect(swiss.format(.number(1500), as: .currency("JPY")) == "¥1\u{2019}500")
    let ungrouped = formatting([.formatNumber: "1234567.89"])
    #expect(ungrouped.format(.number(1234.5), as: .currency("EUR")) == "€1234.50", "no group separator")
    #expect(ungrouped.format(.number(0), as: .number) == "0")
    let spanish = EngineMessages.for("es")?.overriding([.formatNumber: "1234567,89"], locale: "es").formatting
    #expect(spanish?.format(.number(1234.5), as: .currency("EUR")) == "1234,50\u{00A0}€", "a flow's own es grouping")
  }

  /// A `format.number` in another script's digits (Arabic-Indic, Persian,
  /// Devanagari) writes every number, amount and date in them; digits of two
  /// scripts in one sample are no shape.
  @Test func numbersInTheDigitsOfTheSamplesScript() throws {
    func formatting(_ sample: String) -> LocaleFormatting {
      EngineMessages.english.overriding([.formatNumber: sample], locale: "en").formatting
    }
    let arabic = formatting("١٬٢٣٤٬٥٦٧٫٨٩")
    #expect(LocaleFormatting.problem(in: "١٬٢٣٤٬٥٦٧٫٨٩", of: .formatNumber) == nil)
    #expect(LocaleFormatting.groupSeparator(of: "١٬٢٣٤٬٥٦٧٫٨٩") == "٬")
    #expect(arabic.format(.number(1_234_567.891), as: .number) == "١٬٢٣٤٬٥٦٧٫٨٩١")
    #expect(arabic.format(.number(-12.5), as: .currency("EUR")) == "-€١٢٫٥٠", "the sign and symbol as they are")
    #expect(arabic.format(.string("2027-01-05"), as: .date) == "January ٥, ٢٠٢٧", "a date's day and year too")
    #expect(arabic.format(.string("12/27"), as: .monthYear) == "December ٢٠٢٧")
    #expect(formatting("۱٬۲۳۴٬۵۶۷٫۸۹").format(.number(1500), as: .number) == "۱٬۵۰۰", "Persian digits")
    #expect(formatting("१,२३४,५६७.८९").format(.number(1500), as: .number) == "१,५००", "Devanagari digits")
    for mixed in ["1٬٢٣٤٬٥٦٧٫٨٩", "١٬٢٣٤٬٥٦٧٫۸۹", "١٬٢٣٤٬٥٦٧٫٨"] {
      #expect(LocaleFormatting.problem(in: mixed, of: .formatNumber) != nil, "\(mixed)")
      #expect(formatting(mixed).format(.number(1500), as: .number) == "1500", "\(mixed): plain, not half-read")
    }
  }

  /// Days and months are read on their bytes: every shape a date has, nothing else.
  @Test func datesAreReadOnlyInTheirShapes() throws {
    #expect(try #require(CalendarText.date("2026-12-24")) == (2026, 12, 24))
    #expect(try #require(CalendarText.monthYear("12/27")) == (2027, 12))
    #expect(try #require(CalendarText.monthYear("12/2027")) == (2027, 12))
    #expect(try #require(CalendarText.monthYear("2027-12")) == (2027, 12))
    for text in [
      "2026-12-24-", "-2026-12-24", "2026-12-2x", "20261-12-24", "2026-1-24", "2026--24", "2026-12-24 ",
      "２０２６-12-24", "2026-12", "0000-00-00",
    ] {
      #expect(CalendarText.date(text) == nil, "\(text)")
    }
    for text in [
      "12/27/", "/27", "12/027", "12/20270", "2027-12-01", "2027/12", "12/27-", "12-2027", "00/27", " 12/27",
    ] {
      #expect(CalendarText.monthYear(text) == nil, "\(text)")
    }
  }

  /// Why `template` does not parse, or nil when it does.
  static func problem(_ template: String) -> DetailTemplate.Problem? {
    guard case .failure(let problem) = DetailTemplate.parse(template) else { return nil }
    return problem
  }

  @Test func templatesReadTheirFormats() throws {
    let template = try DetailTemplate.parse("{cart.count:number} items, {order.total:currency(EUR)} by {d:date}").get()
    #expect(template.keys == ["cart.count", "order.total", "d"])
    #expect(template.placeholders == ["{cart.count:number}", "{order.total:currency(EUR)}", "{d:date}"])
    #expect(
      template.parts == [
        .value("cart.count", .number), .text(" items, "), .value("order.total", .currency("EUR")), .text(" by "),
        .value("d", .date),
      ])
    #expect(throws: DetailTemplate.Problem.self) { try DetailTemplate.parse("{a:}").get() }
    #expect(throws: DetailTemplate.Problem.self) { try DetailTemplate.parse("{a:currency(EURO)}").get() }
    #expect(throws: DetailTemplate.Problem.self) { try DetailTemplate.parse("{a:monthyear}").get() }
    #expect(Self.problem("{a:currency}")?.message == #"the format "currency" names no currency"#)
    #expect(Self.problem("{a:monthyear}")?.message == #"unknown format "monthyear""#)
    #expect(
      Self.problem("{a:monthyear}")?.suggestion?.hasPrefix(
        #"did you mean "monthYear"? the formats are number, currency(CODE)"#) == true)
  }
}
