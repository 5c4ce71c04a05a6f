/// Decimal digits of any script, read as the digits 0-9: a shopper types a card
/// number, an expiry or a quantity with the digits their keyboard has (Arabic-Indic
/// `٤٢`, Extended Arabic-Indic `۴۲`, a Japanese IME's fullwidth `４２`, Devanagari
/// `४२`), and each means what `42` means.
///
/// ```swift
/// DecimalDigits.value(of: "٤")          // 4
/// DecimalDigits.ascii("١٢/٢٧")          // "12/27"
/// DecimalDigits.ascii("شارع ٢٦ يوليو")  // "شارع 26 يوليو"
/// ```
package enum DecimalDigits {
  /// The value (0-9) of a decimal digit of any script; nil for anything else (a
  /// letter, a superscript `²` or a fraction, which are numbers but not digits).
  package static func value(of scalar: Unicode.Scalar) -> Int? {
    if ("0"..."9").contains(scalar) { return Int(scalar.value - 0x30) }
    guard !scalar.isASCII, scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue
    else { return nil }
    return Int(value)
  }

  /// The zero of the script `digit` belongs to (`٠` for `٤`); nil when `digit` is no
  /// decimal digit. Unicode puts each script's ten digits in a row, from its zero.
  package static func zero(of digit: Unicode.Scalar) -> Unicode.Scalar? {
    guard let value = value(of: digit) else { return nil }
    return Unicode.Scalar(digit.value - UInt32(value))
  }

  /// `text` with every decimal digit of another script written as its ASCII digit;
  /// everything else (letters, spaces, `/`, `-`) as it is. ASCII text is returned as
  /// it is, unread.
  package static func ascii(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !scalar.isASCII, let value = value(of: scalar) {
        scalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value)))
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// Whether `text` holds a decimal digit of a script other than ASCII's.
  package static func holdsOtherScripts(_ text: String) -> Bool {
    text.unicodeScalars.contains { !$0.isASCII && value(of: $0) != nil }
  }
}
