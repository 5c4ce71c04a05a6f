import Foundation
import CheckoutTestSupport
import Testing

/// No `switch` over a cell kind in `Sources/` or in the example server's
/// `Examples/CheckoutServer/Sources/` (its own package, built apart) falls into a
/// `default:` or a `case _:`: adding a kind is then a job the compiler guides,
/// naming every place that must decide.
///
/// A switch is taken to be over a cell kind when one of its own case labels names a
/// kind no other enum in the sources has (`.secure`, `.picker`, `.toggle`,
/// `.disclosure`, `.button`, `.info`), when its labels name two of the text-like
/// kinds (`.text`, `.number`, `.email`, `.phone`), or when what it switches on is a
/// row's `kind` or `cell` (`switch row.kind`, `switch cell`). Comments and string
/// literals are blanked first, so braces and words in them do not count.
@Suite struct CellKindSwitchTests {
  /// The case names that only ``Cell`` and ``CellKind`` have.
  static let distinctiveKinds = ["secure", "picker", "toggle", "disclosure", "button", "info"]
  /// The text-like kinds: two of them in one switch's labels make it one over a cell kind.
  static let textKinds = ["text", "number", "email", "phone"]
  /// The folders scanned, relative to the package's root.
  static let scanned = ["Sources", "Examples/CheckoutServer/Sources"]

  @Test func noSwitchOverACellKindInSourcesHasADefault() throws {
    var found = 0
    var offenders: [String] = []
    for folder in Self.scanned {
      for file in try Self.swiftFiles(under: PackagePaths.root.appendingPathComponent(folder)) {
        let text = try String(contentsOf: file, encoding: .utf8)
        for found_ in SwitchScanner.switches(in: text) where found_.isOverCellKind {
          found += 1
          if found_.hasDefault {
            let relative = file.path.replacingOccurrences(of: PackagePaths.root.path + "/", with: "")
            offenders.append("\(relative):\(found_.line)")
          }
        }
      }
    }
    #expect(
      offenders == [],
      "a switch over a cell kind has a default: or case _: (\(offenders.joined(separator: ", "))); list every kind in its cases instead, so a new kind is a compile error there"
    )
    // The scan sees the switches it guards: each of these files decides by kind.
    #expect(found >= 20, "only \(found) switches over a cell kind were found")
  }

  @Test func theScannerFindsADefaultInASwitchOverKindsAndNothingInStringsOrComments() {
    let text = """
      // switch row.cell { case .picker: default: }
      let s = "switch x { case .picker: break default: break }"
      func f(_ row: Row) -> Int {
        switch row.cell {
        case .picker:
          switch other {
          case .a: return 0
          default: return 1
          }
        default:
          return "\\(row.kind == .button ? "}" : "{")".count
        }
      }
      func g(_ rule: RuleKind) {
        switch rule {
        case .email: break
        default: break
        }
      }
      """
    let switches = SwitchScanner.switches(in: text)
    #expect(switches.map(\.line) == [4, 6, 15])
    #expect(switches.map(\.isOverCellKind) == [true, false, false])
    #expect(switches.map(\.hasDefault) == [true, true, true])
  }

  /// A switch naming only text-like kinds, or on a row's kind or cell, is over a
  /// cell kind too, and `case _:` is a default.
  @Test func theScannerFindsSwitchesByTextKindsOrSubjectAndCaseUnderscore() {
    let text = """
      func h(_ row: Row) -> String {
        switch row.kind {
        case .text, .number, .email, .phone: return "typed"
        default: return "other"
        }
      }
      func i(_ row: Row) -> String {
        switch row.cell {
        case let other where other.kind.isTextLike: return "typed"
        case _: return "other"
        }
      }
      func j(_ story: Story) {
        switch story.kind {
        case .tour: break
        default: break
        }
      }
      """
    let switches = SwitchScanner.switches(in: text)
    #expect(switches.map(\.line) == [2, 8, 14])
    #expect(switches.map(\.isOverCellKind) == [true, true, false])
    #expect(switches.map(\.hasDefault) == [true, true, true])
  }

  static func swiftFiles(under directory: URL) throws -> [URL] {
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    var files: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == "swift" { files.append(url) }
    }
    return files.sorted { $0.path < $1.path }
  }
}

/// Finds the `switch` statements of Swift source text, with their own case labels
/// (not those of a switch nested in them) and whether they have a `default:`.
enum SwitchScanner {
  struct Found {
    /// The 1-based line of the `switch` keyword.
    var line: Int
    /// What it switches on: the code between `switch` and `{`, trimmed.
    var subject = ""
    var labels: [String]
    var hasDefault: Bool

    var isOverCellKind: Bool {
      func names(_ kind: String) -> Bool {
        labels.contains { $0.range(of: "\\.\(kind)\\b", options: .regularExpression) != nil }
      }
      if CellKindSwitchTests.distinctiveKinds.contains(where: names) { return true }
      if CellKindSwitchTests.textKinds.filter(names).count >= 2 { return true }
      return subject.range(of: #"^(row\.(kind|cell)|cell|row\.cell\.kind)$"#, options: .regularExpression) != nil
    }
  }

  static func switches(in source: String) -> [Found] {
    let code = blankingCommentsAndStrings(Array(source.utf8))
    var found: [Found] = []
    var line = 1
    for index in code.indices {
      if code[index] == UInt8(ascii: "\n") { line += 1 }
      if isWord("switch", at: index, in: code), let open = code[index...].firstIndex(of: UInt8(ascii: "{")) {
        var switched = scanBody(code, from: open, line: line)
        switched.subject = String(decoding: code[(index + 6)..<open], as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        found.append(switched)
      }
    }
    return found
  }

  /// The labels at the body's own depth: `case …:` and `default:`.
  private static func scanBody(_ code: [UInt8], from open: Int, line: Int) -> Found {
    var depth = 0
    var result = Found(line: line, labels: [], hasDefault: false)
    for index in open..<code.count {
      switch code[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return result }
      default:
        if depth == 1, isWord("case", at: index, in: code) {
          let end = code[index...].firstIndex(of: UInt8(ascii: ":")) ?? code.count
          let label = String(decoding: code[index..<end], as: UTF8.self)
          result.labels.append(label)
          // `case _:` (or `case let _:`) matches everything, as a default does.
          if label.range(of: #"^case\s+(let\s+|var\s+)?_\s*$"#, options: .regularExpression) != nil {
            result.hasDefault = true
          }
        } else if depth == 1, isWord("default", at: index, in: code) {
          result.hasDefault = true
        }
      }
    }
    return result
  }

  private static func isWord(_ word: String, at index: Int, in code: [UInt8]) -> Bool {
    let letters = Array(word.utf8)
    guard index + letters.count <= code.count, code[index..<index + letters.count].elementsEqual(letters) else {
      return false
    }
    func isIdentifier(_ byte: UInt8) -> Bool {
      byte >= 0x80 || byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    let before = index == 0 ? nil : code[index - 1]
    let after = index + letters.count < code.count ? code[index + letters.count] : nil
    return !(before.map { isIdentifier($0) || $0 == UInt8(ascii: ".") } ?? false) && !(after.map(isIdentifier) ?? false)
  }

  /// What the blanking reads at a point: a string's text, or code inside an
  /// interpolation (with its own count of open parentheses).
  private enum Frame {
    case string(close: String, raw: Bool)
    case interpolation(parens: Int)
  }

  /// The source (UTF-8) with comments and the text of string literals replaced by
  /// spaces (newlines kept, so lines still count); interpolated code stays code.
  static func blankingCommentsAndStrings(_ characters: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(characters.count)
    var frames: [Frame] = []
    var index = 0
    let newline = UInt8(ascii: "\n")
    let space = UInt8(ascii: " ")
    func blank(_ byte: UInt8) -> UInt8 { byte == newline ? newline : space }
    func starts(_ text: String, at position: Int) -> Bool {
      characters[position...].starts(with: text.utf8)
    }
    func skip(_ count: Int) {
      out += Array(repeating: space, count: count)
      index += count
    }
    while index < characters.count {
      let character = characters[index]
      if case .string(let close, let raw)? = frames.last {
        if !raw && starts("\\(", at: index) {
          frames.append(.interpolation(parens: 0))
          skip(2)
        } else if !raw && character == UInt8(ascii: "\\") && index + 1 < characters.count {
          out += [space, blank(characters[index + 1])]
          index += 2
        } else if starts(close, at: index) {
          frames.removeLast()
          skip(close.utf8.count)
        } else {
          out.append(blank(character))
          index += 1
        }
        continue
      }
      if starts("//", at: index) {
        while index < characters.count && characters[index] != newline { skip(1) }
      } else if starts("/*", at: index) {
        while index < characters.count && !starts("*/", at: index) {
          out.append(blank(characters[index]))
          index += 1
        }
        skip(min(2, characters.count - index))
      } else if character == UInt8(ascii: "\"") || starts("#\"", at: index) {
        let raw = character == UInt8(ascii: "#")
        let quotes = starts(raw ? "#\"\"\"" : "\"\"\"", at: index) ? "\"\"\"" : "\""
        frames.append(.string(close: quotes + (raw ? "#" : ""), raw: raw))
        skip(quotes.count + (raw ? 1 : 0))
      } else if case .interpolation(let parens)? = frames.last,
        character == UInt8(ascii: "(") || character == UInt8(ascii: ")")
      {
        frames.removeLast()
        if character == UInt8(ascii: "(") {
          frames.append(.interpolation(parens: parens + 1))
        } else if parens > 0 {
          frames.append(.interpolation(parens: parens - 1))
        } else {
          skip(1)  // the interpolation's end: back in the string's text
          continue
        }
        out.append(character)
        index += 1
      } else {
        out.append(character)
        index += 1
      }
    }
    return out
  }
}
