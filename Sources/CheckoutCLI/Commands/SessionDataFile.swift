import CheckoutEngine
import Foundation

/// A session data file: a JSON object of key -> string, number or boolean.
enum SessionDataFile {
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// The data in a file's bytes (read with ``Terminal/readFile(_:)``).
  static func parse(_ bytes: [UInt8]) throws(Problem) -> [DataKey: Value] {
    guard let object = try? JSONDecoder().decode([String: Value].self, from: Data(bytes)) else {
      throw Problem(description: "expected a JSON object of key -> value, like {\"shipping.zip\": \"97201\"}")
    }
    var data: [DataKey: Value] = [:]
    for (key, value) in object {
      guard IdentifierSyntax.isKey(key) else { throw Problem(description: "\(Quoting.quoted(key)) is not a data key") }
      data[DataKey(key)] = value
    }
    return data
  }
}
