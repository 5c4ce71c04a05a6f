import CheckoutEngine
import Foundation

/// A session data file: a JSON object of key -> string, number or boolean.
enum SessionDataFile {
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// The data in a file's bytes (read with ``Terminal/readFile(_:)``).
  static func parse(_ bytes: [UInt8]) throws(Problem) -> [DataKey: Value] {
    // Read by the engine's one JSON reader, as flows are.
    var parser = JSONParser(bytes: bytes)
    guard case .object(let members)? = try? parser.parseDocument().kind else {
      throw Problem(description: "expected a JSON object of key -> value, like {\"shipping.zip\": \"97201\"}")
    }
    var data: [DataKey: Value] = [:]
    for member in members {
      let key = member.key
      guard IdentifierSyntax.isKey(key) else { throw Problem(description: "\(Quoting.quoted(key)) is not a data key") }
      switch member.value.kind {
      case .string(let text): data[DataKey(key)] = .string(text)
      case .number(let number): data[DataKey(key)] = .number(number)
      case .bool(let flag): data[DataKey(key)] = .bool(flag)
      case .null, .array, .object:
        throw Problem(
          description:
            "\(Quoting.quoted(key)) is \(member.value.typeDescription); a data value is a string, a number or a boolean"
        )
      }
    }
    return data
  }
}
