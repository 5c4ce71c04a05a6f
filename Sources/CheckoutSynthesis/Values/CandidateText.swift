import CheckoutModel

/// Candidate texts for a text-like row, built from its rules: unchecked guesses,
/// in a seeded order, that ``ValueSynthesizer`` verifies with the engine.
struct CandidateText {
  let synthesizer: ValueSynthesizer
  let row: Row
  /// The rules the candidates aim to pass.
  let kinds: [RuleKind]
  /// The lengths the rules allow (and the caller asked for).
  let lengths: ClosedRange<Int>?
  /// Digits first when the rules want digits.
  let preference: CharacterPreference
  /// The formats the row's kind and keyboard hint at.
  private let hinted: Set<HintedFormat>

  init(synthesizer: ValueSynthesizer, row: Row, kinds: [RuleKind], lengths requested: ClosedRange<Int>?) {
    self.synthesizer = synthesizer
    self.row = row
    self.kinds = kinds
    var low = 1
    var high = Int.max
    for kind in kinds {
      if case .minLength(let minimum) = kind { low = max(low, minimum) }
      if case .maxLength(let maximum) = kind { high = min(high, maximum) }
    }
    if let requested {
      low = max(low, requested.lowerBound)
      high = min(high, requested.upperBound)
    }
    lengths = low <= high && low <= Self.longest ? low...high : nil
    hinted = Self.hintedFormats(row)
    preference = hinted.contains(.digits) || kinds.contains(.digits) || kinds.contains(.luhn) ? .digits : .text
  }

  /// Texts that may pass every rule in `kinds`. The quick ones come first (the
  /// placeholder, hints from the title, listed values, cards, dates, e-mails); with
  /// `quickOnly` they are all: the same texts, in the same order, as the start of the
  /// full answer.
  func valid(random: inout SynthesisRandom, quickOnly: Bool = false) -> [String] {
    guard let lengths else { return [] }
    var texts: [String] = []
    if let placeholder = row.placeholder { texts.append(placeholder.text) }
    texts += random.shuffled(Self.hints(for: row))
    // The cell's kind hints at a format the rules may not name.
    if hinted.contains(.email) { texts += emails(lengths: lengths) }
    if hinted.contains(.phone) { texts += ["+1 503 555 0100", "503 555 0199"] }
    for kind in kinds {
      switch kind {
      case .oneOf(let values): texts += random.shuffled(values)
      case .luhn: texts += cards(random: &random)
      case .expiry: texts += expiries(random: &random)
      case .email: texts += emails(lengths: lengths)
      default: break
      }
    }
    if quickOnly { return texts }
    for kind in kinds {
      switch kind {
      case .digits: texts += digitStrings(lengths: lengths, random: &random)
      case .pattern(let pattern):
        let matches = synthesizer.patternSynthesizer(pattern)
          .matches(count: 8, lengths: lengths, preference: preference, random: &random)
        texts += matches
        if kinds.contains(.luhn) { texts += matches.compactMap(TestCards.fixingCheckDigit(of:)) }
      default: break
      }
    }
    let generic = preference == .digits ? ["12345", "1"] : random.shuffled(Self.words) + ["12345", "A1"]
    texts += generic
    // The same guesses made to fit the lengths.
    texts += texts.compactMap { fitted($0, to: lengths) }
    return texts
  }

  /// The text cut or padded to fit, or nil when it already fits.
  func fitted(_ text: String, to lengths: ClosedRange<Int>) -> String? {
    if text.count > lengths.upperBound {
      return String(text.prefix(lengths.upperBound))
    }
    if text.count < lengths.lowerBound {
      let fill: Character = preference == .digits ? "1" : "x"
      return text + String(repeating: fill, count: lengths.lowerBound - text.count)
    }
    return nil
  }

  /// Published test cards, in seeded order, then made-up Luhn numbers of the lengths allowed.
  func cards(random: inout SynthesisRandom) -> [String] {
    let numbers = TestCards.all.map(\.number)
    var texts = random.shuffled(Array(numbers.prefix(TestCards.common))) + numbers.dropFirst(TestCards.common)
    texts += texts.map { number in
      stride(from: 0, to: number.count, by: 4).map { offset in
        String(number.dropFirst(offset).prefix(4))
      }.joined(separator: " ")
    }
    guard let lengths else { return texts }
    let low = max(lengths.lowerBound, 12)
    let high = min(lengths.upperBound, 19)
    if low <= high {
      for length in Set([low, high, random.within(low...high)]).sorted() {
        var digits = [4] + (0..<(length - 2)).map { _ in random.below(10) }
        digits.append(TestCards.checkDigit(for: digits))
        texts.append(digits.map(String.init).joined())
      }
    }
    return texts
  }

  /// `MM/YY` a year or two ahead of the session's date, then other months ahead.
  func expiries(random: inout SynthesisRandom) -> [String] {
    (random.shuffled([12, 24, 18, 30]) + [6, 36, 1, 0]).map { Self.expiry(monthsAfter: $0, synthesizer.today) }
  }

  /// `MM/YY` for the month this many months after the date (negative: before).
  static func expiry(monthsAfter offset: Int, _ today: CalendarDate) -> String {
    let index = today.year * 12 + (today.month - 1) + offset
    let month = index % 12 + 1
    let year = (index / 12) % 100
    return (month < 10 ? "0\(month)" : "\(month)") + "/" + (year < 10 ? "0\(year)" : "\(year)")
  }

  /// `shopper@example.com` and variants, with some of each allowed length.
  func emails(lengths: ClosedRange<Int>) -> [String] {
    var texts = ["shopper@example.com", "ada@example.com", "grace@example.org", "a@b.co", "ab@c.de"]
    let domain = "@example.com"
    for length in [lengths.lowerBound, min(lengths.upperBound, lengths.lowerBound + 8)] where length > domain.count {
      texts.append(String(repeating: "s", count: length - domain.count) + domain)
    }
    return texts
  }

  /// Strings of digits of the lowest, a middle and the highest length allowed.
  func digitStrings(lengths: ClosedRange<Int>, random: inout SynthesisRandom) -> [String] {
    let high = min(lengths.upperBound, lengths.lowerBound + 6)
    return Set([lengths.lowerBound, random.within(lengths.lowerBound...high), min(high, 5)]).sorted().compactMap {
      length in
      guard length >= 1, lengths.contains(length) else { return nil }
      return String(
        (0..<length).map { index in Character(String(index == 0 ? 1 + random.below(9) : random.below(10))) })
    }
  }

  /// The longest text the synthesiser pads a value to (patterns build at most
  /// ``PatternSynthesizer/longest`` characters).
  static let longest = 100_000

  /// Plain words for rows without a format.
  static let words = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Hedy Lamarr", "Test value"]

  /// Realistic values suggested by the row's title and key (`street`, `city`...).
  static func hints(for row: Row) -> [String] {
    let text = (row.title.text + " " + (row.bind?.rawValue ?? "")).lowercased()
    let table: [(String, [String])] = [
      ("email", ["shopper@example.com", "ada@example.com"]),
      ("street", ["1 Main Street", "221B Baker Street", "742 Evergreen Terrace"]),
      ("city", ["Portland", "Springfield", "Lyon"]),
      ("zip", ["97201", "10001", "94105"]),
      ("postal", ["97201", "SW1A 1AA"]),
      ("state", ["OR", "NY", "CA"]),
      ("phone", ["+1 503 555 0100", "503 555 0199"]),
      ("quantity", ["1", "2", "3"]),
      ("discount", ["SAVE10", "WELCOME5"]),
      ("gift", ["GIFT2026CARD"]),
      ("note", ["Leave at the door"]),
      ("name", ["Ada Lovelace", "Grace Hopper", "Alan Turing"]),
    ]
    return table.filter { text.contains($0.0) }.flatMap(\.1)
  }
}

extension CandidateText {
  /// A format a row's kind or keyboard hints at, which its rules may not name.
  enum HintedFormat: Hashable {
    case digits, email, phone
  }

  /// The formats a row hints at: its cell's kind (a number, e-mail or phone field)
  /// and its keyboard. Rows that are not text fields hint at none.
  static func hintedFormats(_ row: Row) -> Set<HintedFormat> {
    switch row.cell {
    case .number(let entry): return hintedFormats(entry.keyboard).union([.digits])
    case .email(let entry): return hintedFormats(entry.keyboard).union([.email])
    case .phone(let entry): return hintedFormats(entry.keyboard).union([.phone])
    case .text(let entry), .secure(let entry): return hintedFormats(entry.keyboard)
    case .picker, .toggle, .disclosure, .button, .info: return []
    }
  }

  private static func hintedFormats(_ keyboard: Keyboard?) -> Set<HintedFormat> {
    switch keyboard {
    case .number?, .decimal?: return [.digits]
    case .email?: return [.email]
    case .phone?: return [.phone]
    case .default?, .url?, nil: return []
    }
  }
}
