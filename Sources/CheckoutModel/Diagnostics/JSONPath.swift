/// A path into a JSON document, printed the way people write it: `steps[3].rows[1].opens`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path: an object member or an array element.
  package enum Component: Hashable, Sendable {
    /// An object member.
    case key(String)
    /// An array element, counted from 0.
    case index(Int)
  }

  /// The components from the document's root.
  package var components: [Component]

  /// The path of the document's root.
  package static let root = JSONPath(components: [])

  /// Creates a path from components.
  package init(components: [Component]) {
    self.components = components
  }

  /// The path of a member of the object at this path.
  package func appending(_ key: String) -> JSONPath {
    JSONPath(components: components + [.key(key)])
  }

  /// The path of an element of the array at this path.
  package func appending(_ index: Int) -> JSONPath {
    JSONPath(components: components + [.index(index)])
  }

  /// `steps[3].rows[1].opens`; the root prints as `(top level)`. A member whose
  /// name is not a plain word (a data key with dots) prints in brackets:
  /// `data["payment.card.number"]`; a name longer than ``Quoting/maximumShown``
  /// characters is cut.
  public var description: String {
    guard !components.isEmpty else { return "(top level)" }
    var text = ""
    for component in components {
      switch component {
      case .key(let key) where key.count > Quoting.maximumShown:
        // A long member name is cut, as every quoted input is: `["aaa…" (1,048,576 characters)]`.
        text += "[\(Quoting.quoted(key))]"
      case .key(let key) where !JSONPath.isPlain(key):
        var escaped = ""
        for character in key {
          if character == "\"" || character == "\\" { escaped.append("\\") }
          escaped.append(character)
        }
        text += "[\"\(escaped)\"]"
      case .key(let key):
        if !text.isEmpty { text += "." }
        text += key
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }
}

extension JSONPath {
  /// Whether a member name prints as is: letters, digits, `_`, `-` and `$`, not starting with a digit.
  static func isPlain(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return key.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_" || $0 == "-" || $0 == "$"
    }
  }
}

/// A place in a text file: 1-based line and column (columns count characters).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in characters.
  public var column: Int

  /// Creates a location.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
