/// How one language writes numbers, amounts and dates, read from its message
/// table's `format.*` lines (so a translator writes them, and a flow may override
/// them per locale like any engine message):
///
/// ```
/// format.number = 1.234.567,89
/// format.currency = {amount} {symbol}
/// format.months = Januar, Februar, März, April, Mai, Juni, Juli, August, September, Oktober, November, Dezember
/// format.monthYear = {month} {year}
/// format.date = {day}. {month} {year}
/// ```
///
/// The same on every platform: no ICU data is read.
///
/// ```swift
/// EngineMessages.for("de")?.formatting.format(.number(1234.5), as: .currency("EUR"))  // "1.234,50 €"
/// ```
///
/// A formatting reads only the texts the format it writes needs, when it writes
/// it: a screen with an amount does not parse month names (a server renders a
/// screen per request).
package struct LocaleFormatting: Sendable {
  /// The language's `format.*` message templates, by id.
  private let template: @Sendable (EngineMessageID) -> MessageTemplate

  /// The formatting of a language's (or a flow's) `format.*` templates. A text not
  /// of its shape (which no table holds, a test checks, and no flow loads with)
  /// reads as `1234567.89` and month numbers.
  init(_ template: @escaping @Sendable (EngineMessageID) -> MessageTemplate) {
    self.template = template
  }

  /// What is wrong with a `format.number` or `format.months` text, or nil (the
  /// other formats are templates, checked as every message is).
  package static func problem(in text: String, of id: EngineMessageID) -> String? {
    switch id {
    case .formatNumber:
      return separators(text) == nil
        ? "write 1234567.89 as the language writes it, like 1,234,567.89 or 1.234.567,89" : nil
    case .formatMonths:
      return monthNames(text) == nil ? "write the twelve months' names, January first, separated by \", \"" : nil
    default: return nil
    }
  }

  /// The group and decimal separators of `1234567.89` as written (`1.234.567,89`).
  private static func separators(_ sample: String) -> (group: String, decimal: String)? {
    var digits: [String] = []
    var between: [String] = []
    var current = String.UnicodeScalarView()
    var inDigits = true
    for scalar in sample.unicodeScalars {
      let isDigit = scalar.isASCII && ("0"..."9").contains(scalar)
      if isDigit != inDigits {
        if isDigit { between.append(String(current)) } else { digits.append(String(current)) }
        current = String.UnicodeScalarView()
        inDigits = isDigit
      }
      current.append(scalar)
    }
    guard inDigits else { return nil }
    digits.append(String(current))
    guard digits == ["1", "234", "567", "89"], between[0] == between[1], between[0] != between[2],
      !between[2].isEmpty
    else { return nil }
    return (between[0], between[2])
  }

  /// Twelve names separated by `, ` (spaces and tabs around a name dropped).
  private static func monthNames(_ text: String) -> [String]? {
    let bytes = Array(text.utf8)
    var names: [String] = []
    var start = 0
    for index in 0...bytes.count {
      let endsName =
        index == bytes.count
        || (bytes[index] == UInt8(ascii: ",") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: " "))
      guard endsName else { continue }
      let name = trimmed(String(decoding: bytes[start..<index], as: UTF8.self))
      guard !name.isEmpty, names.count < 12 else { return nil }
      names.append(name)
      start = index + 2
    }
    return names.count == 12 ? names : nil
  }

  /// `text` without the spaces and tabs around it.
  private static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else { return text }
    var name = scalars[...]
    while let first = name.first, isSpace(first) { name.removeFirst() }
    while let last = name.last, isSpace(last) { name.removeLast() }
    return String(String.UnicodeScalarView(name))
  }

  /// A space or a tab (what Foundation's `.whitespaces` holds).
  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar == " " || scalar == "\t" : scalar.properties.generalCategory == .spaceSeparator
  }

  /// The value written in `format`, or nil when it is not of the format's kind (a
  /// text that is not a number, a date not written `YYYY-MM-DD`): a host then shows
  /// it as it is.
  package func format(_ value: Value, as format: ValueFormat) -> String? {
    switch format {
    case .number:
      return Self.number(value).map { decimal($0, fractionDigits: 3, keepZeros: false) }
    case .currency(let code):
      guard let amount = Self.number(value) else { return nil }
      let currency = Currency(code)
      let written = decimal(abs(amount), fractionDigits: currency.minorDigits, keepZeros: true)
      return (amount < 0 ? "-" : "") + Self.spaced(template(.formatCurrency), symbol: currency.symbol, amount: written)
    case .date:
      guard let (year, month, day) = CalendarText.date(value.displayText) else { return nil }
      return template(.formatDate).fill(String(day), monthName(month), String(year))
    case .monthYear:
      guard let (year, month) = CalendarText.monthYear(value.displayText) else { return nil }
      return template(.formatMonthYear).fill(monthName(month), String(year))
    }
  }

  /// Month `month`'s name (1 is January), or its number when `format.months` is
  /// not twelve names.
  private func monthName(_ month: Int) -> String {
    Self.monthNames(template(.formatMonths).fill())?[month - 1] ?? String(month)
  }

  /// A number value, or a text that is a plain decimal number (`148`, `-3.5`).
  private static func number(_ value: Value) -> Double? {
    switch value {
    case .number(let number): return number.isFinite ? number : nil
    case .string(let text):
      let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count),
        parts.allSatisfy({ part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } })
      else { return nil }
      return Double(text)
    case .bool, .options: return nil
    }
  }

  /// `1234.5` with the separators: `fractionDigits` decimals, rounded half away from
  /// zero; trailing zeros dropped unless `keepZeros`.
  private func decimal(_ number: Double, fractionDigits: Int, keepZeros: Bool) -> String {
    let (groupSeparator, decimalSeparator) = Self.separators(template(.formatNumber).fill()) ?? ("", ".")
    var scale = 1.0
    for _ in 0..<fractionDigits { scale *= 10 }
    let scaled = (abs(number) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 1e17 else { return Value.format(number) }
    let units = UInt64(scaled)
    let whole = String(units / UInt64(scale))
    var fraction = fractionDigits == 0 ? "" : String(units % UInt64(scale))
    fraction = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    if !keepZeros { while fraction.hasSuffix("0") { fraction.removeLast() } }
    var grouped = ""
    for (index, digit) in whole.enumerated() {
      if index > 0, (whole.count - index) % 3 == 0 { grouped += groupSeparator }
      grouped.append(digit)
    }
    let sign = number < 0 && units > 0 ? "-" : ""
    return sign + grouped + (fraction.isEmpty ? "" : decimalSeparator + fraction)
  }

  /// The amount with its symbol, a no-break space between them where a symbol of
  /// letters would touch the digits (`CHF 12.00`, not `CHF12.00`).
  private static func spaced(_ template: MessageTemplate, symbol: String, amount: String) -> String {
    let filled = template.fill(symbol, amount)
    guard symbol.last?.isLetter == true || symbol.first?.isLetter == true else { return filled }
    return filled.replacingOccurrences(of: symbol + amount, with: symbol + "\u{00A0}" + amount)
      .replacingOccurrences(of: amount + symbol, with: amount + "\u{00A0}" + symbol)
  }
}
