/// A value in the session's data: what a row shows and what the shopper enters.
///
/// ```swift
/// let count: Value = .number(3)
/// count.displayText  // "3"
/// ```
public enum Value: Hashable, Sendable, Codable {
  /// Text, the value of every text-like row and of a picker.
  case string(String)
  /// A number, written in the flow as a JSON number.
  case number(Double)
  /// A boolean, the value of a toggle.
  case bool(Bool)
  /// A list of picker options held in the data (`{ "from": key }`).
  case options([PickerOption])

  /// The value as a shopper reads it: numbers without a needless `.0`.
  public var displayText: String {
    switch self {
    case .string(let text): return text
    case .number(let number): return Value.format(number)
    case .bool(let flag): return flag ? "on" : "off"
    case .options(let options): return options.map(\.label.text).joined(separator: ", ")
    }
  }

  /// The value as a flow file writes it, for messages about the flow: a text in
  /// quotes (cut when long), a number as it reads, a boolean `true` or `false` (a
  /// toggle's value in `data` and conditions, though a screen shows it on or off).
  package var asWritten: String {
    switch self {
    case .string(let text): return Quoting.quoted(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .number, .options: return displayText
    }
  }

  /// Whether the value counts as filled in: not blank text, and not an empty list.
  package var isPresent: Bool {
    switch self {
    case .string(let text):
      // ASCII fast path: a visible ASCII character settles it without Unicode tables.
      for byte in text.utf8 {
        if byte > 0x20 && byte < 0x7F { return true }
        if byte >= 0x80 { return !text.allSatisfy(\.isWhitespace) }
      }
      return false
    case .number, .bool: return true
    case .options(let options): return !options.isEmpty
    }
  }

  /// A short name of the value's type, for messages (`a string`, `a number`).
  package var typeDescription: String {
    switch self {
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .options: return "a list of options"
    }
  }

  /// A number as the engine writes it where no format is named: its shortest
  /// decimal in plain digits, never with a needless `.0` or an exponent (`3`, `2.5`,
  /// `0.00001`, `4000056655665556`, `1000000000000000000000`); infinity and NaN as
  /// Swift writes them (`inf`, `nan`), which no flow holds.
  package static func format(_ number: Double) -> String {
    PlainDecimal.plain(number) ?? String(number)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    // Strings first: most values are strings, and each failed attempt throws.
    if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .options(try container.decode([PickerOption].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    case .bool(let flag): try container.encode(flag)
    case .options(let options): try container.encode(options)
    }
  }
}

/// One choice of a picker row: the value stored and the label shown.
public struct PickerOption: Hashable, Sendable, Codable {
  /// What is stored in the bound key when the option is chosen.
  public var value: String
  /// What the shopper reads.
  public var label: LocalizedText

  /// Creates an option; the label defaults to the value.
  public init(value: String, label: LocalizedText? = nil) {
    self.value = value
    self.label = label ?? LocalizedText(value)
  }
}
