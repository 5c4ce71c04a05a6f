import CheckoutModel
import CheckoutTestSupport
import Testing

/// Any script's decimal digits read as 0-9 where a row's value is digits, and the
/// card numbers a text holds, however written.
@Suite struct DecimalDigitsTests {
  @Test(arguments: [
    ("٤٢٤٢ ٤٢٤٢", "4242 4242"), ("۱۲/۲۷", "12/27"), ("１２３４５", "12345"), ("४२", "42"), ("12/27", "12/27"),
    ("٣x", "3x"), ("²", "²"),
  ])
  func everyScriptsDigitsReadAsASCII(typed: String, read: String) {
    #expect(DecimalDigits.ascii(typed) == read)
  }

  @Test func eachScriptHasItsZero() {
    #expect(DecimalDigits.zero(of: "٤") == "٠")
    #expect(DecimalDigits.zero(of: "۷") == "۰")
    #expect(DecimalDigits.zero(of: "９") == "０")
    #expect(DecimalDigits.zero(of: "a") == nil)
  }

  static func row(_ cell: Cell, _ rules: [RuleKind] = []) -> Row {
    Row(id: "r", cell: cell, title: "R", rules: rules.map { Rule($0) })
  }

  /// Was: `٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢` "is not a valid card number", `١٢/٢٧` "must be
  /// MM/YY", and the CVV, the ZIP code and the quantity refused the same way.
  @Test(arguments: [
    row(.text(TextEntry(bind: "k", keyboard: .number)), [.required, .luhn]),
    row(.number(TextEntry(bind: "k"))), row(.phone(TextEntry(bind: "k"))),
    row(.secure(TextEntry(bind: "k", keyboard: .number))), row(.text(TextEntry(bind: "k")), [.digits]),
    row(.text(TextEntry(bind: "k")), [.expiry]), row(.text(TextEntry(bind: "k")), [.luhn]),
    row(.text(TextEntry(bind: "k", keyboard: .decimal))),
  ])
  func aRowWhoseValueIsDigitsHoldsThemAsASCII(_ row: Row) throws {
    for (typed, held) in [("٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢", "4242 4242 4242 4242"), ("١٢/٢٧", "12/27"), ("３", "3")] {
      #expect(try RowInput.accept(.string(typed), for: row, data: [:]).get() == .string(held))
    }
  }

  /// A free text's digits are part of what the shopper wrote (a street's number, a
  /// courier reads it as written): kept as typed.
  @Test(arguments: [
    row(.text(TextEntry(bind: "k")), [.required, .maxLength(100)]), row(.email(TextEntry(bind: "k"))),
    row(.text(TextEntry(bind: "k")), [.pattern("^[0-9]{5}$")]),
  ])
  func aFreeTextKeepsItsDigitsAsTyped(_ row: Row) throws {
    #expect(try RowInput.accept(.string("شارع ٢٦ يوليو"), for: row, data: [:]).get() == .string("شارع ٢٦ يوليو"))
  }

  @Test(arguments: [
    ("4242 4242 4242 4242", true), ("card 4000-0000-0000-0002.", true), ("4242424242424241", false),
    ("x4242424242424242", false), ("bafa5803-5144-4283-9451-82f93d55face", false), ("Ada Lovelace", false),
    ("4111.1111.1111.1111", true), ("4111\u{A0}1111\u{A0}1111\u{A0}1111", true),
    ("4111\u{202F}1111\u{202F}1111\u{202F}1111", true), ("4111\u{200B}1111\u{200B}1111\u{200B}1111", true),
    ("4111/1111/1111/1111", true), ("４１１１ １１１１ １１１１ １１１１", true), ("٤١١١١١١١١١١١١١١١", true),
    ("۴۲۴۲۴۲۴۲۴۲۴۲۴۲۴۲", true), ("4111 - 1111 - 1111 - 1111", true), ("4111\u{2013}1111\u{2013}1111\u{2013}1111", true),
    ("4\u{332}1\u{332}1\u{332}1111111111111", true), ("4111\u{AD}1111\u{AD}1111\u{AD}1111", true),
    ("+49 1512 1000009", false), ("4915121000009", true), ("4111 .... 1111 1111 1111", false),
    ("1.5.2024 - 3.6.2024", false), ("Flat 12/3, 221b Baker Street", false), ("ref ４１１１１１１１１１１１１１１１x", false),
  ])
  func aCardNumberWrittenAnyWayIsFound(text: String, isCard: Bool) {
    #expect(CardNumberText.containsCardNumber(text) == isCard, "\(text.unicodeScalars.map(\.value))")
    #expect(CardNumberText.cardNumbers(in: text).isEmpty == !isCard)
  }

  @Test func whereACardNumberStandsFromItsFirstDigitToItsLast() {
    let text = "Ada \"٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢\" x"
    #expect(CardNumberText.cardNumbers(in: text).map { String(text[$0]) } == ["٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢"])
  }

  /// A value's digits are found as whole groups, whatever the spacing and script,
  /// never inside a longer number.
  @Test(arguments: [
    ("4000056655665556", ["4000056655665556"]), ("٤٠٠٠-٠٥٦٦-٥٥٦٦-٥٥٥٦", ["٤٠٠٠-٠٥٦٦-٥٥٦٦-٥٥٥٦"]),
    ("4000 0566 5566 5556 and 12/27", ["4000 0566 5566 5556"]), ("40000566556655561", []),
    ("14000056655665556", []),
  ])
  func aValuesDigitsAreFoundWhereverTheyStand(text: String, found: [String]) throws {
    let digits = try #require(CardNumberText.digitsOnly("4000 0566 5566 5556"))
    #expect(CardNumberText.occurrences(ofDigits: digits, in: text).map { String(text[$0]) } == found)
  }
}
