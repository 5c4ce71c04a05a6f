import CheckoutEngine
import Foundation

/// A session data file: a JSON object of key -> string, number or boolean.
enum SessionDataFile {
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  static func load(_ path: String) throws -> [DataKey: Value] {
    let contents: Data
    do {
      contents = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw Problem(description: "cannot read the file: \(error.localizedDescription)")
    }
    guard let object = try? JSONDecoder().decode([String: Value].self, from: contents) else {
      throw Problem(description: "expected a JSON object of key -> value, like {\"shipping.zip\": \"97201\"}")
    }
    var data: [DataKey: Value] = [:]
    for (key, value) in object {
      guard IdentifierSyntax.isKey(key) else { throw Problem(description: "\"\(key)\" is not a data key") }
      data[DataKey(key)] = value
    }
    return data
  }
}
