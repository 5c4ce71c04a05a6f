/// The one place messages quote what a person wrote: short input whole, long
/// input cut, so that a 1 MB identifier does not become a 1 MB message.
///
/// ```swift
/// Quoting.quoted("creditCrd")                         // "creditCrd"
/// Quoting.quoted(String(repeating: "a", count: 1_048_576))
/// // "aaaa…aaaa…" (1,048,576 characters)   (the first 60 characters)
/// ```
package enum Quoting {
  /// How many characters of a quoted input a message shows.
  package static let maximumShown = 60

  /// `text` in double quotes; past ``maximumShown`` characters, its start, `…`,
  /// and how long it is.
  package static func quoted(_ value: some CustomStringConvertible) -> String {
    let text = value.description
    guard let cut = text.index(text.startIndex, offsetBy: maximumShown, limitedBy: text.endIndex),
      cut != text.endIndex
    else { return "\"\(text)\"" }
    return "\"\(text[..<cut])…\" (\(grouped(text.count)) characters)"
  }

  /// `text` as it is when short; cut as ``quoted(_:)`` cuts it, without quotes, when long.
  package static func shortened(_ value: some CustomStringConvertible) -> String {
    let text = value.description
    guard let cut = text.index(text.startIndex, offsetBy: maximumShown, limitedBy: text.endIndex),
      cut != text.endIndex
    else { return String(text) }
    return "\(text[..<cut])… (\(grouped(text.count)) characters)"
  }

  /// `1234567` as `1,234,567`.
  package static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }
}
