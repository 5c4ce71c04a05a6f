import Foundation

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

  /// A value typed into a row whose value is digits, as the row holds it and its
  /// rules read it: each decimal digit of another script as its ASCII digit
  /// (``ascii(_:)``), a space of any width (the no-break and narrow no-break spaces a
  /// copied card number carries) as a space and a tab too, a dash of any kind as
  /// `-`, invisible characters (a zero-width space, a soft hyphen) left out, and
  /// blanks at either end trimmed. Everything else stays as typed. Plain ASCII
  /// without a tab or a blank at either end is returned as it is, unread.
  ///
  /// ```swift
  /// DecimalDigits.typedDigits("4242\u{A0}4242\u{A0}4242\u{A0}4242")  // "4242 4242 4242 4242"
  /// DecimalDigits.typedDigits(" 123 ")                                  // "123"
  /// ```
  package static func typedDigits(_ text: String) -> String {
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x09 }), utf8.first != 0x20, utf8.last != 0x20 { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        scalars.append(" ")
      } else if scalar.isASCII {
        scalars.append(scalar)
      } else if let value = value(of: scalar) {
        scalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value)))
      } else if CardNumberText.isInvisible(scalar) {
        continue
      } else if scalar.properties.generalCategory == .spaceSeparator {
        scalars.append(" ")
      } else if scalar.properties.generalCategory == .dashPunctuation {
        scalars.append("-")
      } else {
        scalars.append(scalar)
      }
    }
    let typed = String(scalars)
    return typed.first == " " || typed.last == " " ? typed.trimmingCharacters(in: .whitespaces) : typed
  }

  /// Whether `text` holds a decimal digit of a script other than ASCII's.
  package static func holdsOtherScripts(_ text: String) -> Bool {
    text.unicodeScalars.contains { !$0.isASCII && value(of: $0) != nil }
  }
}
