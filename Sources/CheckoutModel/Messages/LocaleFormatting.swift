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
      return shape(text) == nil
        ? "write 1234567.89 as the language writes it, like 1,234,567.89, 1.234.567,89, 1234567,89 (no grouping) or ١٬٢٣٤٬٥٦٧٫٨٩ (digits of one script)"
        : nil
    case .formatMonths:
      return monthNames(text) == nil ? "write the twelve months' names, January first, separated by \", \"" : nil
    default: return nil
    }
  }

  /// How `format.number` writes `1234567.89`: its group and decimal separators
  /// (`.` and `,` in `1.234.567,89`) and the zero of its digits' script (`0`; `٠`
  /// in `١٬٢٣٤٬٥٦٧٫٨٩`: every number, amount and date is then written in those
  /// digits).
  private struct NumberShape {
    var group: String
    var decimal: String
    var zero: Unicode.Scalar
    /// Plain `1234567.89`, for a text not of the shape.
    static let plain = NumberShape(group: "", decimal: ".", zero: "0")
  }

  /// The shape of a `format.number` sample: its digits, all of one script, read as
  /// ``DecimalDigits`` reads them; what lies between them is any text but a digit
  /// (`.`, `,`, `'`, a no-break space, `٬`). Nil when it is not `1234567.89`.
  private static func shape(_ sample: String) -> NumberShape? {
    let scalars = sample.unicodeScalars
    guard let first = scalars.first, DecimalDigits.value(of: first) == 1, let zero = DecimalDigits.zero(of: first)
    else { return nil }
    var position = scalars.index(after: scalars.startIndex)
    /// The text up to the next digit (of any script), then `digits` in the sample's script.
    func separator(before digits: ClosedRange<UInt32>) -> Substring.UnicodeScalarView? {
      let start = position
      while position < scalars.endIndex, DecimalDigits.value(of: scalars[position]) == nil {
        position = scalars.index(after: position)
      }
      let separator = scalars[start..<position]
      for digit in digits {
        guard position < scalars.endIndex, scalars[position].value == zero.value + digit else { return nil }
        position = scalars.index(after: position)
      }
      return separator
    }
    // The group separator may be empty (`1234567,89`: no grouping), the decimal one not.
    guard let group = separator(before: 2...4), let second = separator(before: 5...7),
      let decimal = separator(before: 8...9), position == scalars.endIndex, group.elementsEqual(second),
      !group.elementsEqual(decimal), !decimal.isEmpty
    else { return nil }
    return NumberShape(group: String(group), decimal: String(decimal), zero: zero)
  }

  /// The group separator a `format.number` text writes (`.` in `1.234.567,89`,
  /// empty in `1234567,89`), or nil for a text of another shape.
  package static func groupSeparator(of sample: String) -> String? { shape(sample)?.group }

  /// The twelve names of `format.months`, separated by `, ` (spaces and tabs around
  /// a name dropped), or nil when it is not twelve names.
  private static func monthNames(_ text: String) -> [String]? {
    let bytes = Array(text.utf8)
    guard let ranges = monthRanges(bytes) else { return nil }
    let names = ranges.map { name(bytes[$0]) }
    return names.contains(where: \.isEmpty) ? nil : names
  }

  /// Month `month`'s name (1 is January) in `format.months`, or nil when it is not
  /// twelve names: the same reading as ``monthNames(_:)``, making one name only.
  private static func monthName(_ month: Int, in text: String) -> String? {
    let bytes = Array(text.utf8)
    guard let ranges = monthRanges(bytes), !ranges.contains(where: { isBlank(bytes[$0]) }) else { return nil }
    return name(bytes[ranges[month - 1]])
  }

  /// Where each name of `format.months` lies in its UTF-8 bytes (spaces around it
  /// kept), or nil when there are not twelve.
  private static func monthRanges(_ bytes: [UInt8]) -> [Range<Int>]? {
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(12)
    var start = 0
    for index in 0...bytes.count {
      let endsName =
        index == bytes.count
        || (bytes[index] == UInt8(ascii: ",") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: " "))
      guard endsName else { continue }
      guard ranges.count < 12 else { return nil }
      ranges.append(start..<index)
      start = index + 2
    }
    return ranges.count == 12 ? ranges : nil
  }

  /// A name's bytes as text, without the spaces and tabs around it.
  private static func name(_ bytes: ArraySlice<UInt8>) -> String {
    trimmed(String(decoding: bytes, as: UTF8.self))
  }

  /// Whether a name is empty once its spaces are dropped: an ASCII byte that is
  /// not a space or a tab answers at once, other text is trimmed to tell.
  private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    if bytes.contains(where: { $0 < 0x80 && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) { return false }
    return name(bytes).isEmpty
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
      return Self.number(value).map { written($0.rounded(toPlaces: 3)) }
    case .currency(let code):
      guard let number = Self.number(value) else { return nil }
      let currency = Currency(code)
      let amount = number.rounded(toPlaces: currency.minorDigits)
      let digits = written(amount.magnitude, places: currency.minorDigits)
      let sign = amount.isNegative ? "-" : ""
      return sign + Self.spaced(template(.formatCurrency), symbol: currency.symbol, amount: digits)
    case .date:
      guard let (year, month, day) = CalendarText.date(value.displayText) else { return nil }
      return template(.formatDate).fill(monthName(month), localDigits(day), localDigits(year))
    case .monthYear:
      guard let (year, month) = CalendarText.monthYear(value.displayText) else { return nil }
      return template(.formatMonthYear).fill(monthName(month), localDigits(year))
    }
  }

  /// Month `month`'s name (1 is January), or its number when `format.months` is
  /// not twelve names.
  private func monthName(_ month: Int) -> String {
    Self.monthName(month, in: template(.formatMonths).fill()) ?? localDigits(month)
  }

  /// A day's, month's or year's digits, ungrouped, in the script `format.number`
  /// writes (a sample that starts with an ASCII character writes ASCII digits, unread).
  private func localDigits(_ number: Int) -> String {
    let sample = template(.formatNumber).fill()
    guard let first = sample.unicodeScalars.first, !first.isASCII, let decimal = PlainDecimal(String(number)) else {
      return String(number)
    }
    return decimal.written(zero: (Self.shape(sample) ?? .plain).zero)
  }

  /// A number value as its shortest decimal, or a text that is a plain decimal
  /// number (`148`, `-3.5`) as it is written.
  private static func number(_ value: Value) -> PlainDecimal? {
    switch value {
    case .number(let number): return PlainDecimal(number)
    case .string(let text): return PlainDecimal(text)
    case .bool, .options: return nil
    }
  }

  /// `number` in the separators and digits of `format.number`, with at least
  /// `places` digits after the separator (zeros added).
  private func written(_ number: PlainDecimal, places: Int = 0) -> String {
    let shape = Self.shape(template(.formatNumber).fill()) ?? .plain
    return number.written(group: shape.group, decimal: shape.decimal, places: places, zero: shape.zero)
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
