/// How a detail template shows a value in the session's language, written after
/// the key: `{order.total:currency(USD)}`, `{cart.count:number}`,
/// `{payment.card.expiry:monthYear}`, `{delivery.date:date}`. Each language's way
/// of writing numbers, amounts and dates is in its message table (`format.*`).
///
/// ```swift
/// try ValueFormat.parse("currency(EUR)").get()  // .currency("EUR")
/// ValueFormat.currency("EUR").written            // "currency(EUR)"
/// ```
package enum ValueFormat: Hashable, Sendable {
  /// A number with the language's grouping and decimal separators, up to three
  /// decimals (`1,234.5`, `1.234,5`).
  case number
  /// An amount in a currency, by its ISO 4217 code: its minor digits, its symbol,
  /// and the language's place for it (`$148.00`, `148,00 $`).
  case currency(String)
  /// A date written `YYYY-MM-DD`, in the language's long form (`December 24, 2026`).
  case date
  /// A month written `MM/YY`, `MM/YYYY` or `YYYY-MM` (a card's expiry), as the
  /// month's name and the year (`December 2027`, `Dezember 2027`).
  case monthYear

  /// The formats' names, as a template writes them.
  private static let names = ["number", "currency", "date", "monthYear"]

  /// The formats as a template writes them, for messages.
  package static let written =
    "number, currency(CODE) with a three-letter ISO 4217 code like USD or EUR, date, monthYear"

  /// What the format shows a value as, for messages: `an amount`.
  package var shows: String {
    switch self {
    case .number: return "a number"
    case .currency: return "an amount"
    case .date: return "a date"
    case .monthYear: return "a month"
    }
  }

  /// The value the format takes, with an example, for messages.
  package var takes: String {
    switch self {
    case .number, .currency: return "a number (148 or 148.5)"
    case .date: return "a date written YYYY-MM-DD (\"2026-12-24\")"
    case .monthYear: return "a month written MM/YY, MM/YYYY or YYYY-MM (\"12/27\")"
    }
  }

  /// The format as a template writes it.
  package var written: String {
    switch self {
    case .number: return "number"
    case .currency(let code): return "currency(\(code))"
    case .date: return "date"
    case .monthYear: return "monthYear"
    }
  }

  /// Reads the text after a template's `:`.
  package static func parse(_ text: String) -> Result<ValueFormat, DetailTemplate.Problem> {
    switch text {
    case "number": return .success(.number)
    case "date": return .success(.date)
    case "monthYear": return .success(.monthYear)
    default: break
    }
    if text.hasPrefix("currency(") && text.hasSuffix(")") {
      let code = text.dropFirst("currency(".count).dropLast()
      guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
        return .failure(
          DetailTemplate.Problem(
            message: "\(Quoting.quoted(String(code))) is not a currency code",
            suggestion: "write its ISO 4217 code, three capital letters, like currency(USD) or currency(EUR)"))
      }
      return .success(.currency(String(code)))
    }
    if text == "currency" || text.hasPrefix("currency(") {
      return .failure(
        DetailTemplate.Problem(
          message: "the format \(Quoting.quoted(text)) names no currency",
          suggestion: "write its ISO 4217 code in parentheses, like currency(USD)"))
    }
    let name = String(text.prefix { $0 != "(" })
    let hint = Suggestions.didYouMean(name, in: names).map { "\($0) " } ?? ""
    return .failure(
      DetailTemplate.Problem(
        message: "unknown format \(Quoting.quoted(text))", suggestion: "\(hint)the formats are \(written)"))
  }
}
