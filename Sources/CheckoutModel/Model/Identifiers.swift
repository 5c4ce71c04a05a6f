/// A small string-backed identifier: typed at the edges, compared as its text.
///
/// `StepID`, `RowID`, `DataKey`, `FlowID` and `OperationName` conform, so a step id
/// can never be passed where a row id is expected.
public protocol StringIdentifier:
  Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral
{
  /// The identifier's text, exactly as written in the flow file.
  var rawValue: String { get }
  /// Wraps a text without checking it; the loader checks spelling.
  init(_ rawValue: String)
}

extension StringIdentifier {
  public init(stringLiteral value: String) { self.init(value) }
  public var description: String { rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// The id of a step (a screen) of a flow, e.g. `creditCard`.
public struct StepID: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The id of a row, unique within its step, e.g. `cvv`.
public struct RowID: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A dotted name in the session's data that rows bind to, e.g. `payment.card.cvv`.
public struct DataKey: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The id of a flow, e.g. `plndr`.
public struct FlowID: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The name of a checkout API operation a button submits, e.g. `placeOrder`.
public struct OperationName: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The name of an action a call may ask the shopper for before it can finish,
/// e.g. `three_d_secure` (a submit's `actions` maps it to the step where it is done).
public struct ActionName: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The spelling rules for identifiers and keys, shared by the loader and the DSL.
public enum IdentifierSyntax {
  /// Whether `text` is an identifier: a letter, then letters, digits, `_` or `-`.
  ///
  /// ```swift
  /// IdentifierSyntax.isIdentifier("creditCard")  // true
  /// IdentifierSyntax.isIdentifier("2fa")         // false
  /// ```
  package static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, isASCIILetter(first) else { return false }
    return text.unicodeScalars.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == "_" || $0 == "-" }
  }

  /// Whether `text` is a data key: identifiers joined by dots (`payment.card.cvv`).
  public static func isKey(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }
}
