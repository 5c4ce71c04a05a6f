import CheckoutModel

/// Card numbers that payment providers publish for testing: they pass the Luhn
/// check and are never real accounts, so generated stories can type them safely.
///
/// ```swift
/// TestCards.all.first?.number  // "4242424242424242"
/// ```
package enum TestCards {
  /// One published test card.
  package struct Card: Hashable, Sendable {
    /// The card's brand, e.g. `Visa`.
    package var brand: String
    /// The digits, without spaces.
    package var number: String
  }

  /// The cards, most common first: 16-digit Visa and Mastercard, then other lengths.
  package static let all: [Card] = [
    Card(brand: "Visa", number: "4242424242424242"),
    Card(brand: "Mastercard", number: "5555555555554444"),
    Card(brand: "Visa", number: "4000056655665556"),
    Card(brand: "Mastercard", number: "2223003122003222"),
    Card(brand: "Mastercard", number: "5105105105105100"),
    Card(brand: "Discover", number: "6011111111111117"),
    Card(brand: "Discover", number: "6011000990139424"),
    Card(brand: "JCB", number: "3566002020360505"),
    Card(brand: "UnionPay", number: "6200000000000005"),
    Card(brand: "American Express", number: "378282246310005"),
    Card(brand: "American Express", number: "371449635398431"),
    Card(brand: "Diners Club", number: "3056930009020004"),
    Card(brand: "Diners Club", number: "36227206271667"),
    Card(brand: "Visa", number: "4222222222222"),
    Card(brand: "UnionPay", number: "6205500000000000004"),
  ]

  /// How many of ``all``, from the first, are the common 16-digit Visa and Mastercard numbers.
  static let common = 5

  /// The number with its last digit changed, so that it fails the Luhn check.
  package static func breakingCheckDigit(of number: String) -> String {
    guard let last = number.last, let digit = last.wholeNumberValue else { return number + "1" }
    return String(number.dropLast()) + String((digit + 1) % 10)
  }

  /// The digit that makes `digits` followed by it pass the Luhn check.
  static func checkDigit(for digits: [Int]) -> Int {
    var sum = 0
    for (offset, digit) in digits.reversed().enumerated() {
      if offset % 2 == 0 {
        let doubled = digit * 2
        sum += doubled > 9 ? doubled - 9 : doubled
      } else {
        sum += digit
      }
    }
    return (10 - sum % 10) % 10
  }

  /// The text with its last digit replaced by the Luhn check digit of the digits
  /// before it (spaces and dashes kept), or nil when it holds other characters.
  static func fixingCheckDigit(of text: String) -> String? {
    var scalars = Array(text.unicodeScalars)
    guard let lastIndex = scalars.lastIndex(where: { ("0"..."9").contains($0) }) else { return nil }
    var digits: [Int] = []
    for (index, scalar) in scalars.enumerated() where index < lastIndex {
      if scalar == " " || scalar == "-" { continue }
      guard ("0"..."9").contains(scalar) else { return nil }
      digits.append(Int(scalar.value) - 48)
    }
    guard scalars[(lastIndex + 1)...].allSatisfy({ $0 == " " || $0 == "-" }) else { return nil }
    scalars[lastIndex] = Unicode.Scalar(UInt8(48 + checkDigit(for: digits)))
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }
}
