import CheckoutEngine
import Foundation

/// A session data file: a JSON object of key -> string, number or boolean.
enum SessionDataFile {
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// One entry of the file: its key, its value, and where the key is written.
  struct Entry {
    var key: DataKey
    var value: Value
    var location: SourceLocation
  }

  /// The file's entries (read with ``Terminal/readFile(_:)``) in the order written
  /// (a key written twice: its last value).
  static func entries(_ bytes: [UInt8]) throws(Problem) -> [Entry] {
    // Read by the engine's one JSON reader, as flows are.
    var parser = JSONParser(bytes: bytes)
    guard case .object(let members)? = try? parser.parseDocument().kind else {
      throw Problem(description: "expected a JSON object of key -> value, like {\"shipping.zip\": \"97201\"}")
    }
    let lines = LineTable(bytes)
    var entries: [Entry] = []
    for member in members {
      let key = member.key
      guard IdentifierSyntax.isKey(key) else { throw Problem(description: "\(Quoting.quoted(key)) is not a data key") }
      let value: Value
      switch member.value.kind {
      case .string(let text): value = .string(text)
      case .number(let number): value = .number(number)
      case .bool(let flag): value = .bool(flag)
      case .null, .array, .object:
        throw Problem(
          description:
            "\(Quoting.quoted(key)) is \(member.value.typeDescription); a data value is a string, a number or a boolean"
        )
      }
      entries.removeAll { $0.key.rawValue == key }
      entries.append(Entry(key: DataKey(key), value: value, location: lines.location(ofOffset: member.keyOffset)))
    }
    return entries
  }

  /// Each entry the flow could never hold, as `FILE:LINE:COL: error: "KEY": …; FIX`:
  /// a key no row binds, the flow's data does not hold and no submit provides (with
  /// the nearest known key), or a value a row bound to the key refuses, by the
  /// checks lint applies to the flow's own `data` (``DataValueRules``). A secret
  /// value is never shown, a sensitive one masked.
  static func problems(_ entries: [Entry], in flow: Flow, file: String) -> [String] {
    let rules = DataValueRules(flow: flow)
    let masking = Masking(flow)
    var problems: [String] = []
    for entry in entries {
      let at = "\(file):\(entry.location.line):\(entry.location.column): error: \(Quoting.quoted(entry.key))"
      guard rules.isKnown(entry.key) else {
        let hint =
          Suggestions.didYouMean(entry.key.rawValue, in: rules.knownKeys)
          ?? "the flow's keys are \(Suggestions.list(rules.knownKeys))"
        problems.append("\(at): \(DataValueRules.unknownKey(entry.key)); \(hint)")
        continue
      }
      let shown = masking.shown(entry.value, of: entry.key)
      for refusal in rules.refusals(of: entry.value, for: entry.key) {
        problems.append("\(at): the data holds \(shown), but \(refusal.problem); \(refusal.fix)")
      }
    }
    return problems
  }
}
