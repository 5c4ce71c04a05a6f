/// Collects problems while a document is decoded, so that all of them are reported
/// at once: the first ``limit`` whole, the rest only counted (a file with millions
/// of problems is reported in bounded time and memory).
package final class DiagnosticSink {
  /// How many problems a sink keeps; past it, problems are counted, not built.
  let limit: Int
  package private(set) var diagnostics: [Diagnostic] = []
  /// For diagnostics that point at a member's name rather than its value (an
  /// unknown or repeated field): the UTF-8 offset of the name, by diagnostic index.
  private(set) var offsets: [Int: Int] = [:]
  /// Errors past the limit, counted only.
  private(set) var omittedErrors = 0
  /// Warnings past the limit, counted only.
  private(set) var omittedWarnings = 0

  package init(limit: Int = .max) {
    self.limit = limit
  }

  /// Whether any problem was found, kept or counted.
  var isEmpty: Bool { diagnostics.isEmpty && omittedErrors == 0 && omittedWarnings == 0 }

  /// Whether any error was found, kept or counted.
  var hasErrors: Bool { omittedErrors > 0 || diagnostics.contains { $0.severity == .error } }

  /// Reports an error at `path`; `offset` (a member name's) overrides where the
  /// path's value stands when the location is worked out. Past the limit, the
  /// message and suggestion are not even built.
  package func error(
    _ code: Diagnostic.Code, _ message: @autoclosure () -> String, at path: @autoclosure () -> JSONPath?,
    offset: Int? = nil, suggestion: @autoclosure () -> String? = nil
  ) {
    guard diagnostics.count < limit else {
      omittedErrors += 1
      return
    }
    if let offset { offsets[diagnostics.count] = offset }
    diagnostics.append(Diagnostic(.error, code: code, message: message(), path: path(), suggestion: suggestion()))
  }

  /// Reports a finished diagnostic (a warning, or one located already).
  package func report(_ diagnostic: @autoclosure () -> Diagnostic, severity: Diagnostic.Severity = .error) {
    guard diagnostics.count < limit else {
      if severity == .error { omittedErrors += 1 } else { omittedWarnings += 1 }
      return
    }
    diagnostics.append(diagnostic())
  }

  func append(contentsOf more: [Diagnostic]) {
    for diagnostic in more { report(diagnostic, severity: diagnostic.severity) }
  }
}

/// Reads one JSON object of the flow format: checks it is an object, that its
/// members are known and not repeated, and reads typed fields.
///
/// Every problem goes to the sink; readers return nil for a missing or mistyped
/// field so that decoding can go on and find the next problem.
struct ObjectReader {
  let path: JSONPath
  /// The first occurrence of each member, in document order. Objects of the flow
  /// format have a handful of members: a linear search beats hashing here.
  private let members: [JSONNode.Member]
  private let sink: DiagnosticSink

  /// Reads `node` as an object of `what` (e.g. "a step") with these fields.
  init?(_ node: JSONNode, at path: JSONPath, what: String, fields: [String], sink: DiagnosticSink) {
    guard case .object(let list) = node.kind else {
      sink.error("wrong-type", "expected \(what) (a JSON object), found \(node.typeDescription)", at: path)
      return nil
    }
    var members: [JSONNode.Member] = []
    members.reserveCapacity(list.count)
    // Past a handful of members (a file with thousands of unknown fields), a set
    // keeps the repeat check linear.
    var seen: Set<String> = []
    let large = list.count > 16
    for member in list {
      let repeated = large ? !seen.insert(member.key).inserted : members.contains(where: { $0.key == member.key })
      if repeated {
        sink.error(
          "duplicate-field", "field \(Quoting.quoted(member.key)) appears more than once",
          at: path.appending(member.key),
          offset: member.keyOffset)
        continue
      }
      members.append(member)
      if !fields.contains(member.key) {
        sink.error(
          "unknown-field",
          "unknown field \(Quoting.quoted(member.key)) in \(what)",
          at: path.appending(member.key), offset: member.keyOffset,
          suggestion: FlowFields.synonyms[member.key].flatMap { fields.contains($0) ? "did you mean \"\($0)\"?" : nil }
            ?? Suggestions.didYouMean(member.key, in: fields)
            ?? "valid fields are \(Suggestions.list(fields, conjunction: "and"))"
        )
      }
    }
    self.path = path
    self.members = members
    self.sink = sink
  }

  func has(_ name: String) -> Bool { members.contains { $0.key == name } }

  /// Where a member's name stands, for problems with the member being there at all.
  func nameOffset(_ name: String) -> Int? { members.first { $0.key == name }?.keyOffset }

  func node(_ name: String) -> JSONNode? { members.first { $0.key == name }?.value }

  func missing(_ name: String, _ what: @autoclosure () -> String) {
    sink.error("missing-field", "missing required field \(Quoting.quoted(name)) (\(what()))", at: path)
  }

  func string(_ name: String, required: Bool = false, what: @autoclosure () -> String = "a string") -> String? {
    guard let node = node(name) else {
      if required { missing(name, what()) }
      return nil
    }
    guard case .string(let text) = node.kind else {
      wrongType(name, expected: what(), found: node)
      return nil
    }
    return text
  }

  /// A string that must be an identifier (`^[A-Za-z][A-Za-z0-9_-]*$`).
  func identifier(_ name: String, required: Bool = false, what: @autoclosure () -> String) -> String? {
    guard let text = string(name, required: required, what: what()) else { return nil }
    if !IdentifierSyntax.isIdentifier(text) {
      sink.error(
        "invalid-identifier",
        "\(Quoting.quoted(text)) is not a valid \(what()): use a letter, then letters, digits, '_' or '-'",
        at: path.appending(name))
    }
    return text
  }

  /// A string that must be a data key (`payment.card.cvv`). A misspelt key is
  /// reported and still returned, so that a row with a bad `bind` is not also
  /// reported as having none.
  func key(_ name: String, required: Bool = false) -> DataKey? {
    guard let text = string(name, required: required, what: "a data key") else { return nil }
    _ = ObjectReader.checkKey(text, at: path.appending(name), sink: sink)
    return DataKey(text)
  }

  /// The key, or nil after reporting it; `offset` points the report at a member name.
  static func checkKey(_ text: String, at path: JSONPath, offset: Int? = nil, sink: DiagnosticSink) -> DataKey? {
    guard IdentifierSyntax.isKey(text) else {
      sink.error(
        "invalid-key",
        "\(Quoting.quoted(text)) is not a valid data key: use names joined by dots, like \"payment.card.number\"",
        at: path, offset: offset)
      return nil
    }
    return DataKey(text)
  }

  func bool(_ name: String) -> Bool? {
    guard let node = node(name) else { return nil }
    guard case .bool(let flag) = node.kind else {
      wrongType(name, expected: "true or false", found: node)
      return nil
    }
    return flag
  }

  func integer(_ name: String, minimum: Int? = nil) -> Int? {
    guard let node = node(name) else { return nil }
    guard case .number(let number) = node.kind else {
      wrongType(name, expected: "a whole number", found: node)
      return nil
    }
    guard number.rounded() == number, abs(number) < 1e9 else {
      sink.error(
        "wrong-type", "expected a whole number, found \(Value.format(number))", at: path.appending(name))
      return nil
    }
    if let minimum, Int(number) < minimum {
      sink.error("out-of-range", "\(name) must be at least \(minimum), found \(Int(number))", at: path.appending(name))
      return nil
    }
    return Int(number)
  }

  /// The elements of an array field, each with its path.
  func array(_ name: String, required: Bool = false, what: @autoclosure () -> String) -> [(
    node: JSONNode, path: JSONPath
  )]? {
    guard let node = node(name) else {
      if required { missing(name, what()) }
      return nil
    }
    guard case .array(let elements) = node.kind else {
      wrongType(name, expected: what(), found: node)
      return nil
    }
    let base = path.appending(name)
    return elements.enumerated().map { ($0.element, base.appending($0.offset)) }
  }

  /// A string field that must be one of `allowed`.
  func choice(_ name: String, allowed: [String]) -> String? {
    guard let text = string(name, what: "one of \(Suggestions.list(allowed))") else { return nil }
    guard allowed.contains(text) else {
      sink.error(
        "invalid-value", "\(Quoting.quoted(text)) is not a valid \(name)", at: path.appending(name),
        suggestion: Suggestions.didYouMean(text, in: allowed)
          ?? "valid values are \(Suggestions.list(allowed))")
      return nil
    }
    return text
  }

  func wrongType(_ name: String, expected: String, found node: JSONNode) {
    sink.error("wrong-type", "expected \(expected), found \(node.typeDescription)", at: path.appending(name))
  }
}
