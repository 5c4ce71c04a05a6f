/// A decimal number as its digits and the place of its point: what the engine
/// writes for every number (a value's text, a `{key:number}`, an amount), in plain
/// positional digits, never with an exponent, at any magnitude.
///
/// A `Double` reads as its shortest decimal, the one that reads back as the same
/// `Double` (Swift's `description`: `1.005`, not the binary value
/// 1.00499999999999989…), and rounds as that decimal is written, half away from
/// zero. A text reads as it is written (`"1.005"`), however many its digits.
///
/// ```swift
/// PlainDecimal(1.005)?.rounded(toPlaces: 2).written()  // "1.01"
/// PlainDecimal(1e21)?.written(group: ",")              // "1,000,000,000,000,000,000,000"
/// PlainDecimal(4000056655665556)?.written()            // "4000056655665556"
/// ```
package struct PlainDecimal: Hashable, Sendable {
  /// The ASCII digits, without leading or trailing zeros: empty for zero.
  private var digits: [UInt8]
  /// How many of the digits stand before the point: 1 for `1.005` (digits `1005`),
  /// 4 for `1500` (`15`), -1 for `0.05` (`5`: one zero after the point first).
  private var point: Int
  /// Whether the number is below zero (never so for zero).
  package private(set) var isNegative: Bool

  /// A finite `number` in plain digits, as ``written(group:decimal:places:zero:)``
  /// writes its shortest decimal; nil for infinity and NaN. A whole number below
  /// 2^53 is its own shortest decimal (every whole number up to there is a `Double`
  /// of its own), so it is written from its integer, without reading a description:
  /// a screen writes one for each number it shows.
  package static func plain(_ number: Double) -> String? {
    if number.magnitude < 9_007_199_254_740_992, let whole = Int64(exactly: number) { return String(whole) }
    return PlainDecimal(number)?.written()
  }

  /// The shortest decimal of a finite `number`; nil for infinity and NaN.
  package init?(_ number: Double) {
    guard number.isFinite else { return nil }
    self.init(reading: number.description, allowsExponent: true)
  }

  /// A text written `-?[0-9]+(\.[0-9]+)?` (`148`, `-3.50`, `007`), as written; nil
  /// for any other text (`1e3`, `.5`, `12.`, `+1`, `1,5`, other scripts' digits).
  package init?(_ text: String) {
    self.init(reading: text, allowsExponent: false)
  }

  /// Reads `-?[0-9]+(\.[0-9]+)?`, then `e`, a sign and digits when `allowsExponent`
  /// (how `description` writes `1e+17` and `5e-324`), on the text's bytes.
  private init?(reading text: String, allowsExponent: Bool) {
    let zero = UInt8(ascii: "0")
    var bytes = text.utf8.makeIterator()
    var byte = bytes.next()
    digits = []
    point = 0
    isNegative = byte == UInt8(ascii: "-")
    if isNegative { byte = bytes.next() }
    var count = 0
    while let digit = byte, Self.isDigit(digit) {
      if !digits.isEmpty || digit != zero {
        digits.append(digit)
        point += 1
      }
      count += 1
      byte = bytes.next()
    }
    guard count > 0 else { return nil }
    if byte == UInt8(ascii: ".") {
      byte = bytes.next()
      count = 0
      while let digit = byte, Self.isDigit(digit) {
        if digits.isEmpty && digit == zero { point -= 1 } else { digits.append(digit) }
        count += 1
        byte = bytes.next()
      }
      guard count > 0 else { return nil }
    }
    if allowsExponent, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      byte = bytes.next()
      let below = byte == UInt8(ascii: "-")
      if below || byte == UInt8(ascii: "+") { byte = bytes.next() }
      var exponent = 0
      count = 0
      // A Double's exponent has three digits at most; a longer one is no number of ours.
      while let digit = byte, Self.isDigit(digit), count < 4 {
        exponent = exponent * 10 + Int(digit - zero)
        count += 1
        byte = bytes.next()
      }
      guard count > 0 else { return nil }
      point += below ? -exponent : exponent
    }
    guard byte == nil else { return nil }
    normalize()
  }

  /// The number without its sign.
  package var magnitude: PlainDecimal {
    var magnitude = self
    magnitude.isNegative = false
    return magnitude
  }

  /// Whether `byte` is an ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// Drops the trailing zeros; a zero has no sign and its point at 0.
  private mutating func normalize() {
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.isEmpty {
      point = 0
      isNegative = false
    }
  }

  /// The number rounded to `places` digits after the point, half away from zero
  /// on the digits as written: `1.005` is `1.01`, `1.0049999` is `1.00`, `-1.005`
  /// is `-1.01`.
  package func rounded(toPlaces places: Int) -> PlainDecimal {
    let kept = point + places
    guard kept < digits.count else { return self }
    var rounded = self
    let roundsUp = kept >= 0 && digits[kept] >= UInt8(ascii: "5")
    rounded.digits.removeLast(digits.count - max(kept, 0))
    if roundsUp {
      var index = rounded.digits.count - 1
      while index >= 0, rounded.digits[index] == UInt8(ascii: "9") {
        rounded.digits[index] = UInt8(ascii: "0")
        index -= 1
      }
      if index >= 0 {
        rounded.digits[index] += 1
      } else {
        // Every kept digit was a 9 (or none was kept: 0.005 to two places).
        rounded.digits.insert(UInt8(ascii: "1"), at: 0)
        rounded.point += 1
      }
    }
    rounded.normalize()
    return rounded
  }

  /// The number in plain digits: a minus for a number below zero, the whole part
  /// (`0` when there is none) in groups of three separated by `group` (none when it
  /// is empty), then `decimal` and the digits after the point, at least `places` of
  /// them (zeros added), every digit in the script whose zero is `zero` (`٠`: `١٢٫٥`).
  package func written(
    group: String = "", decimal: String = ".", places: Int = 0, zero: Unicode.Scalar = "0"
  ) -> String {
    let whole = max(point, 1)
    let fraction = max(digits.count - point, places, 0)
    var text: [UInt8] = []
    text.reserveCapacity(1 + whole * (1 + group.utf8.count) + fraction + decimal.utf8.count)
    if isNegative { text.append(UInt8(ascii: "-")) }
    for index in (point - whole)..<point {
      if !group.isEmpty, index > point - whole, (point - index) % 3 == 0 { text.append(contentsOf: group.utf8) }
      Self.append(digit(at: index), zero: zero, to: &text)
    }
    if fraction > 0 {
      text.append(contentsOf: decimal.utf8)
      for index in point..<(point + fraction) { Self.append(digit(at: index), zero: zero, to: &text) }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The ASCII digit `index` places from the first of `digits` (a zero outside them).
  private func digit(at index: Int) -> UInt8 {
    digits.indices.contains(index) ? digits[index] : UInt8(ascii: "0")
  }

  /// Appends the ASCII `digit` as the digit of `zero`'s script writes it, in UTF-8.
  private static func append(_ digit: UInt8, zero: Unicode.Scalar, to text: inout [UInt8]) {
    guard zero != "0", let scalar = Unicode.Scalar(zero.value + UInt32(digit - UInt8(ascii: "0"))) else {
      text.append(digit)
      return
    }
    text.append(contentsOf: scalar.utf8)
  }
}
