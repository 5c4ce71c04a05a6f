/// Card numbers in text a shopper typed: Luhn-valid runs of 13 to 19 digits that
/// stand on their own. A card number belongs in the card's own row, which is sealed
/// at rest and masked; typed into a name, a street or a discount code it would be
/// stored and shown as typed.
///
/// What a run is, as a card number is really written or pasted:
/// - its digits are any decimal digits (`4`, full-width `４`, Arabic-Indic `٤`);
/// - between two digits, at most three separators: a space of any width (the no-break
///   and narrow no-break spaces a copied number carries), a dash of any kind, `.` or
///   `/`;
/// - invisible characters (a zero-width space, a word joiner, a soft hyphen) and
///   combining marks are skipped wherever they are;
/// - it stands on its own: not inside a longer token of letters, digits or dashes (a
///   UUID's hex holds digit runs), and not after a `+` (a phone number in the
///   international format: `+49 1512 3456789`).
enum CardNumberText {
  /// Whether `text` holds a card number.
  static func containsCardNumber(_ text: String) -> Bool {
    // Most texts are short or plain: fewer than 13 digits in all hold no card number.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      guard text.utf8.count >= 13, text.utf8.lazy.filter({ (0x30...0x39).contains($0) }).count >= 13 else {
        return false
      }
    }
    let scalars = Array(text.unicodeScalars.lazy.filter { !isInvisible($0) })
    guard scalars.lazy.filter({ digit($0) != nil }).count >= 13 else { return false }
    var index = 0
    while index < scalars.count {
      guard digit(scalars[index]) != nil else {
        index += 1
        continue
      }
      let start = index
      var digits: [Int] = []
      while index < scalars.count {
        if let value = digit(scalars[index]) {
          digits.append(value)
          index += 1
          continue
        }
        var next = index
        while next < scalars.count, next - index < 3, isSeparator(scalars[next]) { next += 1 }
        guard next > index, next < scalars.count, digit(scalars[next]) != nil else { break }
        index = next
      }
      let before = start > 0 ? scalars[start - 1] : nil
      let after = index < scalars.count ? scalars[index] : nil
      let standsAlone = !joinsToken(before) && !joinsToken(after) && before != "+"
      if standsAlone, (13...19).contains(digits.count), luhnValid(digits) { return true }
    }
    return false
  }

  /// The value of a decimal digit of any script; nil for anything else.
  static func digit(_ scalar: Unicode.Scalar) -> Int? {
    if ("0"..."9").contains(scalar) { return Int(scalar.value - 0x30) }
    guard !scalar.isASCII, scalar.properties.numericType == .decimal else { return nil }
    return scalar.properties.numericValue.map { Int($0) }
  }

  /// A space of any width, a dash of any kind, `.` or `/`: what may stand between a
  /// card number's digit groups.
  static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " || scalar == "-" || scalar == "." || scalar == "/" { return true }
    guard !scalar.isASCII else { return false }
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .dashPunctuation: return true
    default: return false
    }
  }

  /// A format character (zero-width space, joiner, soft hyphen) or a combining mark:
  /// nothing a reader sees between two digits.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    guard !scalar.isASCII else { return false }
    switch scalar.properties.generalCategory {
    case .format, .nonspacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Whether `scalar` continues a token a digit run would be part of: a letter, a
  /// digit or a dash.
  private static func joinsToken(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    if scalar == "-" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return true }
    return false
  }

  private static func luhnValid(_ digits: [Int]) -> Bool {
    let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
      let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
      return sum + (doubled > 9 ? doubled - 9 : doubled)
    }
    return sum % 10 == 0
  }
}
