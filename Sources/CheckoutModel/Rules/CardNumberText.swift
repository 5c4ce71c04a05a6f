/// Card numbers in text a shopper typed: Luhn-valid runs of 13 to 19 digits that
/// stand on their own. A card number belongs in the card's own row, which is sealed
/// at rest and masked; typed into a name, a street or a discount code it would be
/// stored and shown as typed. The one definition for the example server, which
/// refuses such a value, and for what a line of `checkout repl` or a scenario may
/// show or record (`SecretNames`), which hides it.
///
/// What a run is, as a card number is really written or pasted:
/// - its digits are any decimal digits (`4`, full-width `４`, Arabic-Indic `٤`;
///   ``DecimalDigits``);
/// - between two digits, at most three separators: a space of any width (the no-break
///   and narrow no-break spaces a copied number carries), a dash of any kind, `.` or
///   `/`;
/// - invisible characters (a zero-width space, a word joiner, a soft hyphen) and
///   combining marks are skipped wherever they are;
/// - it stands on its own: not inside a longer token of letters, digits or dashes (a
///   UUID's hex holds digit runs), and not after a `+` (a phone number in the
///   international format: `+49 1512 3456789`).
///
/// ```swift
/// CardNumberText.containsCardNumber("Ada 4000-0000-0000-0002")  // true
/// CardNumberText.containsCardNumber("ref-4242424242424242")     // false: inside a token
/// ```
package enum CardNumberText {
  /// A run of digits in a text: digits with at most three separators between two
  /// of them (invisible characters skipped), as a card number is written.
  package struct DigitRun {
    /// The digits' values, in order.
    package var digits: [Int] = []
    /// Where each digit stands in the text.
    package var positions: [String.Index] = []
    /// Whether a separator stands before each digit (false for the first): where
    /// the run's groups begin (`4242 4242`: the first and the fifth digit).
    package var startsGroup: [Bool] = []
    /// Whether the run stands on its own (see ``CardNumberText``).
    package var standsAlone = false

    /// Whether the run is a card number: it stands on its own, has 13 to 19 digits
    /// and they pass the Luhn check.
    package var isCardNumber: Bool {
      standsAlone && (13...19).contains(digits.count) && CardNumberText.luhnValid(digits)
    }
  }

  /// Whether `text` holds a card number.
  package static func containsCardNumber(_ text: String) -> Bool {
    guard mayHoldCardNumber(text) else { return false }
    return runs(in: text).contains(where: \.isCardNumber)
  }

  /// Where `text` holds card numbers: from each one's first digit to its last.
  package static func cardNumbers(in text: String) -> [Range<String.Index>] {
    guard mayHoldCardNumber(text) else { return [] }
    return runs(in: text).filter(\.isCardNumber).compactMap { range(of: $0.positions[...], in: text) }
  }

  /// Where `text` holds these digits (any script, any separators between them) as
  /// whole groups of a run: they begin a run or follow a separator, and end it or
  /// come before one (`4000 0566 5566 5556` and `٤٠٠٠٠٥٦٦٥٥٦٦٥٥٥٦` hold
  /// `4000056655665556`; `40000566556655561` does not).
  package static func occurrences(ofDigits digits: [Int], in text: String) -> [Range<String.Index>] {
    guard !digits.isEmpty else { return [] }
    var found: [Range<String.Index>] = []
    for run in runs(in: text) where run.digits.count >= digits.count {
      var start = 0
      while start + digits.count <= run.digits.count {
        let end = start + digits.count
        if start == 0 || run.startsGroup[start], end == run.digits.count || run.startsGroup[end],
          run.digits[start..<end].elementsEqual(digits), let range = range(of: run.positions[start..<end], in: text)
        {
          found.append(range)
          start = end
        } else {
          start += 1
        }
      }
    }
    return found
  }

  /// The digits of a value written only with digits and separators (`4242 4242`,
  /// `٤٢٤٢-٤٢٤٢`), ignoring invisible characters and blanks at either end; nil
  /// when it holds anything else or no digit.
  package static func digitsOnly(_ value: String) -> [Int]? {
    var digits: [Int] = []
    for scalar in value.unicodeScalars where !isInvisible(scalar) {
      if let digit = DecimalDigits.value(of: scalar) {
        digits.append(digit)
      } else if !isSeparator(scalar) {
        return nil
      }
    }
    return digits.isEmpty ? nil : digits
  }

  /// The runs of digits in `text`, in order.
  package static func runs(in text: String) -> [DigitRun] {
    let scalars = text.unicodeScalars
    let visible = scalars.indices.filter { !isInvisible(scalars[$0]) }
    var runs: [DigitRun] = []
    var index = 0
    while index < visible.count {
      guard DecimalDigits.value(of: scalars[visible[index]]) != nil else {
        index += 1
        continue
      }
      let start = index
      var run = DigitRun()
      var separated = false
      while index < visible.count {
        if let value = DecimalDigits.value(of: scalars[visible[index]]) {
          run.digits.append(value)
          run.positions.append(visible[index])
          run.startsGroup.append(separated)
          separated = false
          index += 1
          continue
        }
        var next = index
        while next < visible.count, next - index < 3, isSeparator(scalars[visible[next]]) { next += 1 }
        guard next > index, next < visible.count, DecimalDigits.value(of: scalars[visible[next]]) != nil else {
          break
        }
        separated = true
        index = next
      }
      let before = start > 0 ? scalars[visible[start - 1]] : nil
      let after = index < visible.count ? scalars[visible[index]] : nil
      run.standsAlone = !joinsToken(before) && !joinsToken(after) && before != "+"
      runs.append(run)
    }
    return runs
  }

  /// Whether the Luhn check passes on these digits (the last is the check digit).
  package static func luhnValid(_ digits: [Int]) -> Bool {
    let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
      let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
      return sum + (doubled > 9 ? doubled - 9 : doubled)
    }
    return sum % 10 == 0
  }

  /// A space of any width, a dash of any kind, `.` or `/`: what may stand between a
  /// card number's digit groups.
  package static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " || scalar == "-" || scalar == "." || scalar == "/" { return true }
    guard !scalar.isASCII else { return false }
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .dashPunctuation: return true
    default: return false
    }
  }

  /// A format character (zero-width space, joiner, soft hyphen) or a combining mark:
  /// nothing a reader sees between two digits.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    guard !scalar.isASCII else { return false }
    switch scalar.properties.generalCategory {
    case .format, .nonspacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Most texts are short or plain: an ASCII text with fewer than 13 digits holds
  /// no card number, and is not read further.
  private static func mayHoldCardNumber(_ text: String) -> Bool {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return true }
    return text.utf8.count >= 13 && text.utf8.lazy.filter({ (0x30...0x39).contains($0) }).count >= 13
  }

  /// From the first of these digits to after the last; nil for no digit.
  private static func range(of positions: ArraySlice<String.Index>, in text: String) -> Range<String.Index>? {
    guard let first = positions.first, let last = positions.last else { return nil }
    return first..<text.unicodeScalars.index(after: last)
  }

  /// Whether `scalar` continues a token a digit run would be part of: a letter, a
  /// digit or a dash.
  private static func joinsToken(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    if scalar == "-" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return true }
    return false
  }
}
