import CheckoutModel
import Testing

/// The plural argument in a detail and in an engine message: how it is read, the
/// form it chooses, and what a malformed one is told.
@Suite struct PluralTemplateTests {
  static let items = "{cart.count, plural, =0 {no items} one {# item} other {# items}}"

  @Test func aDetailReadsAPluralAndItsKey() throws {
    let template = try DetailTemplate.parse("Bag: " + Self.items).get()
    #expect(template.keys == ["cart.count"])
    #expect(template.placeholders == ["{cart.count}"], "a plural shares its key with a language that has none")
    #expect(template.plurals.map(\.key) == ["cart.count"])
    #expect(template.plurals.first?.selectors == [.exact(0), .category(.one), .category(.other)])
    #expect(template.written() == "Bag: " + Self.items)
    #expect(try DetailTemplate.parse("{cart.count} items").get().hasPlural == false)
  }

  @Test func aPluralsFormsMayShowOtherKeysInTheirFormats() throws {
    let text =
      "{n, plural, one {# seat for {order.total:currency(EUR)}} other {# seats for {order.total:currency(EUR)}}}"
    let template = try DetailTemplate.parse(text).get()
    #expect(template.keys == ["n", "order.total", "order.total"])
    #expect(template.formattedKeys == ["order.total", "order.total"])
    #expect(template.placeholders == ["{n}", "{order.total:currency(EUR)}"])
    #expect(template.written(formats: false).contains("{order.total}"))
  }

  @Test func aHashOutsideAPluralIsText() throws {
    let template = try DetailTemplate.parse("Order #{order.number}").get()
    #expect(template.parts == [.text("Order #"), .value("order.number", nil)])
  }

  /// Each malformed plural and what loading says of it.
  static let malformed: [(String, String, String)] = [
    ("{n, plural, one {# item}}", "the plural of n has only one: it needs an other form", "add other {…}"),
    ("{n, plural}", "{n, plural} has no forms", "write its forms after a comma"),
    (
      "{n, plural, single {x} other {y}}", "\"single\" in the plural of n is not a plural category",
      "the categories are zero, one, two, few, many, other"
    ),
    ("{n, plural, oen {x} other {y}}", "\"oen\" in the plural of n is not a plural category", "did you mean \"one\"?"),
    ("{n, plurl, one {x} other {y}}", "{n, plurl, …} is not a plural", "did you mean \"plural\"?"),
    ("{n, plural, one x other {y}}", "the one form of the plural of n has no text in braces", "one {# …}"),
    ("{n, plural, one {x} one {y} other {z}}", "the plural of n writes its one form twice", "keep one one {…}"),
    ("{n, plural, one {x} other {y}", "the plural of n has no closing '}'", "close the plural after its last form"),
    ("{n, plural, one {x other {y}}", "the plural of n has no closing '}'", "close the plural"),
    (
      "{n, plural, one {x", "the one form of the plural of n has a '{' without a matching '}'", "close each form's text"
    ),
    ("{n, plural, offset:1 one {x} other {y}}", "has an offset", "leave offset out"),
    (
      "{n, plural, one {{bad key}} other {y}}",
      "\"{bad key}\" does not name a data key in the one form of the plural of n", ""
    ),
    ("{a b, plural, one {x} other {y}}", "does not name a data key", ""),
  ]

  @Test("a malformed plural says what is wrong and what would be valid", arguments: malformed.indices)
  func malformedPluralsAreExplained(_ index: Int) {
    let (text, message, suggestion) = Self.malformed[index]
    guard case .failure(let problem) = DetailTemplate.parse(text) else {
      Issue.record("\(text) parsed")
      return
    }
    #expect(problem.message.contains(message), "\(text): \(problem.message)")
    if !suggestion.isEmpty {
      #expect((problem.suggestion ?? "").contains(suggestion), "\(text): \(problem.suggestion ?? "none")")
    }
  }

  @Test func aPluralFormIsChosenExactFirstThenByCategoryThenOther() throws {
    let detail = try DetailTemplate.parse(Self.items).get()
    guard case .plural(_, let choice) = detail.parts[0] else {
      Issue.record("no plural")
      return
    }
    let english = try #require(PluralRules.for("en"))
    #expect(choice.parts(for: PluralOperands("0"), rules: english) == [.text("no items")])
    #expect(choice.parts(for: PluralOperands("1"), rules: english) == [.pluralNumber, .text(" item")])
    #expect(
      choice.parts(for: PluralOperands("1.0"), rules: english) == [.pluralNumber, .text(" items")],
      "1.0 is other in English (a written decimal): CLDR's v is 1")
    #expect(choice.parts(for: PluralOperands("0.0"), rules: english) == [.text("no items")], "=0 is the number 0")
    #expect(choice.parts(for: PluralOperands("7"), rules: english) == [.pluralNumber, .text(" items")])
    #expect(choice.parts(for: nil, rules: english) == [.pluralNumber, .text(" items")])
  }

  @Test func anEngineMessageChoosesItsFormInItsLanguage() throws {
    let english = EngineMessages.english
    #expect(english.text(.ruleMaxLength, "Tickets", "1") == "Tickets must be at most 1 character")
    #expect(english.text(.ruleMaxLength, "Tickets", "5") == "Tickets must be at most 5 characters")
    #expect(english.text(.ruleMinLength, "Note", "1000") == "Note must be at least 1,000 characters")
    let expected: [(String, String, String)] = [
      ("fr", "1", "Ville doit comporter au plus 1 caractère"), ("fr", "0", "Ville doit comporter au plus 0 caractère"),
      ("fr", "5", "Ville doit comporter au plus 5 caractères"),
      ("es", "1", "Ville debe tener como máximo 1 carácter"), ("es", "5", "Ville debe tener como máximo 5 caracteres"),
      ("it", "1", "Ville deve contenere al massimo 1 carattere"),
      ("it", "5", "Ville deve contenere al massimo 5 caratteri"),
      ("nl", "1", "Ville mag hoogstens 1 teken lang zijn"), ("nl", "5", "Ville mag hoogstens 5 tekens lang zijn"),
      ("pt", "1", "Ville deve ter no máximo 1 caractere"), ("pt", "5", "Ville deve ter no máximo 5 caracteres"),
      ("de", "1", "Ville darf höchstens 1 Zeichen lang sein"), ("ja", "1", "Villeは1文字以内で入力してください"),
    ]
    for (language, count, text) in expected {
      #expect(try #require(EngineMessages.for(language)).text(.ruleMaxLength, "Ville", count) == text)
    }
    #expect(english.template(.ruleMinLength) == "{title} must be at least {count} characters")
  }

  @Test func anEngineMessagesPluralIsCheckedLikeItsPlaceholders() {
    let placeholders = ["title", "count"]
    let good = "{title}: {count, plural, one {# sign} other {# signs}}"
    #expect((try? MessageTemplate.parse(good, placeholders: placeholders, numbers: ["count"]).get()) != nil)
    #expect(
      MessageTemplate.parse(good, placeholders: placeholders) == .failure(.pluralOfText("count")),
      "a placeholder not known to be a number cannot choose a form")
    #expect(
      MessageTemplate.parse("{count, plural, one {# x} other {# y}}", placeholders: placeholders, numbers: ["count"])
        == .failure(.missingPlaceholder("title")))
    #expect(
      MessageTemplate.parse(
        "{title} {count, plural, other {{titel}}}", placeholders: placeholders, numbers: ["count"])
        == .failure(.unknownPlaceholder("titel")))
    guard
      case .failure(.malformedPlural(let problem)) = MessageTemplate.parse(
        "{title} {count, plural, one {# x}}", placeholders: placeholders, numbers: ["count"])
    else {
      Issue.record("a plural without other parsed")
      return
    }
    #expect(problem.message == "the plural of count has only one: it needs an other form")
    #expect(MessageTemplate.placeholders(in: good) == ["title", "count"])
  }
}
