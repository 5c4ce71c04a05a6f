/// The engine's strict JSON reader offered to hosts that decode with `JSONDecoder`
/// but must say where a document is malformed: Foundation's decoder accepts trailing
/// commas and repeated member names and reports no line or column.
///
/// ```swift
/// try JSONSyntax.check(Array(body), maximumDepth: 32, documentName: "body")
/// let event = try JSONDecoder().decode(Event.self, from: body)  // syntax known good
/// ```
public enum JSONSyntax {
  /// Why a document is not strict JSON, and where.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence (never more of the text than one character).
    public var message: String
    /// Where: 1-based line and column, columns counting characters.
    public var location: SourceLocation

    /// Creates a failure.
    package init(message: String, location: SourceLocation) {
      self.message = message
      self.location = location
    }

    /// `message at line L, column C`.
    public var description: String { "\(message) at line \(location.line), column \(location.column)" }
  }

  /// What the document's top-level value is.
  public enum TopLevel: String, Hashable, Sendable {
    case object, array, string, number, boolean, null

    /// `an object`, `a string`, … for messages.
    public var phrase: String {
      switch self {
      case .object: return "an object"
      case .array: return "an array"
      case .null: return "null"
      default: return "a \(rawValue)"
      }
    }
  }

  /// Checks that `bytes` are exactly one RFC 8259 JSON document, no member name
  /// repeated within an object and no deeper than `maximumDepth` arrays and objects;
  /// returns the kind of its top-level value.
  @discardableResult
  public static func check(_ bytes: [UInt8], maximumDepth: Int = 256, documentName: String = "document")
    throws(Failure) -> TopLevel
  {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth, documentName: documentName)
    let root: JSONNode
    do {
      root = try parser.parseDocument()
    } catch {
      throw Failure(message: error.message, location: LineTable(bytes).location(ofOffset: error.offset))
    }
    if let repeated = firstRepeatedMember(in: root) {
      throw Failure(
        message: "duplicate member \(Quoting.quoted(repeated.key)); each member name may appear once in an object",
        location: LineTable(bytes).location(ofOffset: repeated.keyOffset))
    }
    switch root.kind {
    case .object: return .object
    case .array: return .array
    case .string: return .string
    case .number: return .number
    case .bool: return .boolean
    case .null: return .null
    }
  }

  /// The first member (in document order) whose name an earlier member of the same object has.
  private static func firstRepeatedMember(in node: JSONNode) -> JSONNode.Member? {
    var pending = [node]
    var found: JSONNode.Member?
    while let next = pending.popLast() {
      switch next.kind {
      case .object(let members):
        var seen = Set<String>()
        for member in members {
          if !seen.insert(member.key).inserted, found.map({ member.keyOffset < $0.keyOffset }) ?? true {
            found = member
            break
          }
        }
        pending.append(contentsOf: members.map(\.value))
      case .array(let elements):
        pending.append(contentsOf: elements)
      default:
        break
      }
    }
    return found
  }
}
