import CheckoutCompiledFlow
import CheckoutModel
import CheckoutSessions
import CheckoutTestSupport
import Testing

/// A shopper types digits with the keyboard they have: Arabic-Indic (`٤٢`),
/// Extended Arabic-Indic (`۴۲`, Persian and Urdu) or fullwidth (`４２`, what a
/// Japanese IME types). Where a row's value is digits, they read as 0-9: the row
/// passes its rules and holds (and sends the API) ASCII digits. Was: every one was
/// refused, a card number as "not a valid card number", an expiry as "must be MM/YY".
@Suite struct OtherScriptDigitsTests {
  /// Each of the shipped flow's digit rows, with what is typed in each script and what it holds.
  static let typed: [(step: String, row: String, key: String, ascii: String)] = [
    ("cart", "quantity", "cart.quantity", "3"),
    ("creditCard", "number", "payment.card.number", "4242 4242 4242 4242"),
    ("creditCard", "expiry", "payment.card.expiry", "12/30"),
    ("creditCard", "cvv", "payment.card.cvv", "987"),
    ("address", "zip", "shipping.zip", "12345"),
  ]

  static func written(_ ascii: String, zero: Unicode.Scalar) -> String {
    String(
      String.UnicodeScalarView(
        ascii.unicodeScalars.map { scalar in
          guard let value = DecimalDigits.value(of: scalar) else { return scalar }
          return Unicode.Scalar(zero.value + UInt32(value)) ?? scalar
        }))
  }

  @Test(arguments: ["٠", "۰", "０"] as [Unicode.Scalar])
  func digitsOfAnyScriptAreReadAndHeldAsASCII(zero: Unicode.Scalar) {
    for (step, row, key, ascii) in Self.typed {
      var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
      let value = Self.written(ascii, zero: zero)
      #expect(value != ascii)
      session.send(.set(.row(RowID(row), on: StepID(step)), .string(value)))
      #expect(session.rowErrors[CheckoutSession.RowRef(step: StepID(step), row: RowID(row))] == nil, "\(row) \(value)")
      #expect(session.data[DataKey(key)] == .string(ascii), "\(row) \(value)")
    }
  }

  /// The digits of a free text (a street) are the shopper's words: kept as typed.
  @Test func aFreeTextKeepsItsDigitsAsTyped() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    session.send(.set(.row("street", on: "address"), .string("شارع ٢٦ يوليو")))
    #expect(session.data[DataKey("shipping.street")] == .string("شارع ٢٦ يوليو"))
  }

  /// What is not a digit stays as typed, so the row's error is about the value the
  /// shopper typed (the digits read as 0-9).
  @Test func aValueThatIsNotDigitsIsStillRefusedAndKept() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    session.send(.set(.row("zip", on: "address"), .string("١٢٣٤x")))
    #expect(session.data[DataKey("shipping.zip")] == .string("1234x"))
    #expect(session.rowErrors[CheckoutSession.RowRef(step: "address", row: "zip")] != nil)
  }

  /// A card number pasted from a page or a PDF carries no-break or narrow no-break
  /// spaces, a zero-width space or an en dash; a code may come with blanks around
  /// it. Each is held as the plain form its rules read. Was: "Card number is not a
  /// valid card number", with the value shown only as dots.
  @Test(arguments: [
    ("creditCard", "number", "4242\u{A0}4242\u{A0}4242\u{A0}4242", "payment.card.number", "4242 4242 4242 4242"),
    ("creditCard", "number", "4242\u{202F}4242\u{202F}4242\u{202F}4242", "payment.card.number", "4242 4242 4242 4242"),
    ("creditCard", "number", "4242\u{200B}4242\u{200B}4242\u{200B}4242", "payment.card.number", "4242424242424242"),
    ("creditCard", "number", "4242–4242–4242–4242", "payment.card.number", "4242-4242-4242-4242"),
    ("creditCard", "number", "\t4242 4242 4242 4242 ", "payment.card.number", "4242 4242 4242 4242"),
    ("creditCard", "cvv", " 987 ", "payment.card.cvv", "987"),
    ("creditCard", "expiry", "\u{A0}12/30", "payment.card.expiry", "12/30"),
    ("address", "zip", "12345\u{A0}", "shipping.zip", "12345"),
  ])
  func pastedSpacesAndDashesAreReadPlain(step: String, row: String, typed: String, key: String, held: String) {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    session.send(.set(.row(RowID(row), on: StepID(step)), .string(typed)))
    #expect(session.rowErrors[CheckoutSession.RowRef(step: StepID(step), row: RowID(row))] == nil, "\(row)")
    #expect(session.data[DataKey(key)] == .string(held), "\(row)")
  }

  /// A free text keeps its no-break spaces: only a row whose value is digits is read plain.
  @Test func aFreeTextKeepsItsSpacesAsTyped() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    session.send(.set(.row("street", on: "address"), .string(" 1\u{A0}Main St")))
    #expect(session.data[DataKey("shipping.street")] == .string(" 1\u{A0}Main St"))
  }
}
