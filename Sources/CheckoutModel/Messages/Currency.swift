/// What a detail needs of a currency to show an amount: its symbol and how many
/// digits its minor unit has (ISO 4217). The symbol is the same in every language;
/// a code the engine does not list shows itself (`SEK 100.00`), with two digits.
///
/// ```swift
/// Currency("EUR").symbol       // "€"
/// Currency("JPY").minorDigits  // 0
/// ```
package struct Currency: Hashable, Sendable {
  /// What stands beside the amount.
  package let symbol: String
  /// The digits after the decimal separator.
  package let minorDigits: Int

  /// The currency with this ISO 4217 code.
  package init(_ code: String) {
    symbol = Self.symbols[code] ?? code
    minorDigits = Self.withoutMinorUnit.contains(code) ? 0 : Self.withThreeDigits.contains(code) ? 3 : 2
  }

  /// Symbols of common currencies (CLDR's narrow-enough forms, unambiguous across
  /// the dollar currencies).
  private static let symbols: [String: String] = [
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "INR": "₹", "KRW": "₩", "BRL": "R$",
    "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "MXN": "MX$", "HKD": "HK$", "ILS": "₪", "VND": "₫", "TWD": "NT$",
    "PHP": "₱", "CHF": "CHF",
  ]

  /// Currencies with no minor unit (ISO 4217 exponent 0).
  private static let withoutMinorUnit: Set<String> = [
    "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF",
    "XPF",
  ]

  /// Currencies with three digits of minor unit (ISO 4217 exponent 3).
  private static let withThreeDigits: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
}
