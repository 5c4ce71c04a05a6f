/// One of CLDR's plural categories: the form of a word that a number takes in a
/// language (`1 item`, `5 items`; in Polish `1 produkt`, `2 produkty`, `5 produktów`).
///
/// ```swift
/// PluralRules.for("pl")?.category(of: "22")  // .few
/// ```
package enum PluralCategory: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
  case zero, one, two, few, many, other

  /// The category as a plural writes it: `one`.
  package var description: String { Self.names[rawValue] }

  /// The category a plural's word names (`one`), or nil.
  package init?(named name: String) {
    guard let index = Self.names.firstIndex(of: name) else { return nil }
    self.init(rawValue: index)
  }

  private static let names = ["zero", "one", "two", "few", "many", "other"]

  /// The categories as a plural writes them, in CLDR's order.
  package static let written = names.joined(separator: ", ")

  /// CLDR's order: zero, one, two, few, many, other.
  package static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A number as CLDR's plural rules read it, from its decimal text: `n` its absolute
/// value, `i` its integer digits, `v` how many fraction digits are written (`1.50`:
/// 2), `f` those digits, `t` those digits without trailing zeros.
///
/// ```swift
/// PluralOperands("1.50")  // n 1.5, i 1, v 2, f 50, t 5
/// ```
package struct PluralOperands: Hashable, Sendable {
  /// The absolute value.
  package var n: Double
  /// The integer digits.
  package var i: Int
  /// The number of fraction digits written, trailing zeros included.
  package var v: Int
  /// The fraction digits written, as a number.
  package var f: Int
  /// The fraction digits without trailing zeros, as a number.
  package var t: Int

  /// The operands of a decimal text (`5`, `-1.50`), or nil for any other text (a
  /// text with letters, a grouped `1,000`, more than 18 digits on either side).
  package init?(_ text: String) {
    var digits = Substring(text)
    if digits.first == "-" { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.count <= 18,
      whole.allSatisfy({ $0.isASCII && $0.isNumber }), let i = Int(whole)
    else { return nil }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard fraction.count <= 18, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
      parts.count == 1 || !fraction.isEmpty, let n = Double(digits)
    else { return nil }
    let trimmed = fraction.reversed().drop { $0 == "0" }.reversed()
    self.n = n
    self.i = i
    self.v = fraction.count
    self.f = Int(fraction) ?? 0
    self.t = Int(String(trimmed)) ?? 0
  }

  /// The operands of a value: a number, or a text that is a decimal number.
  package init?(_ value: Value) {
    switch value {
    case .number(let number):
      guard number.isFinite else { return nil }
      self.init(Value.format(number))
    case .string(let text): self.init(text)
    case .bool, .options: return nil
    }
  }
}
