import Foundation

/// One language's table of engine messages as its file writes it: a line
/// `ID = TEXT` per message, `#` comments and blank lines skipped.
///
/// ```
/// # CheckoutEngine's own words for shoppers, in German (de).
/// rule.required = „{title}“ ist ein Pflichtfeld
/// ```
package struct MessageTable: Sendable {
  /// The texts by message id, as written.
  package var texts: [String: String]
  /// What is wrong with the file: a line that is not `ID = TEXT`, an id written twice.
  package var problems: [String]

  /// The table of one of ``EngineMessages/languages`` (empty for any other).
  package static func read(_ language: String) -> MessageTable {
    parse(String(decoding: bytes(of: language), as: UTF8.self))
  }

  /// The embedded file of a language.
  private static func bytes(of language: String) -> [UInt8] {
    switch language {
    case "en": return PackageResources.en_txt
    case "de": return PackageResources.de_txt
    case "fr": return PackageResources.fr_txt
    case "es": return PackageResources.es_txt
    case "it": return PackageResources.it_txt
    case "nl": return PackageResources.nl_txt
    case "pt": return PackageResources.pt_txt
    case "ja": return PackageResources.ja_txt
    default: return []
    }
  }

  /// A table from its text.
  package static func parse(_ text: String) -> MessageTable {
    var table = MessageTable(texts: [:], problems: [])
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      guard let equals = trimmed.range(of: " = ") else {
        table.problems.append("line \(number + 1): expected ID = TEXT")
        continue
      }
      let id = String(trimmed[..<equals.lowerBound])
      let message = String(trimmed[equals.upperBound...])
      if table.texts.updateValue(message, forKey: id) != nil {
        table.problems.append("line \(number + 1): \(id) is written twice")
      }
    }
    return table
  }
}
