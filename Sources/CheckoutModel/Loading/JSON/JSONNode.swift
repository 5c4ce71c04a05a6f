/// A parsed JSON value that remembers where it was written, so that problems with
/// its meaning can be reported at a line and column.
package struct JSONNode: Sendable {
  /// A JSON value; object members keep their order and their own positions.
  package enum Kind: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([Member])
  }

  /// One member of an object.
  package struct Member: Sendable {
    package var key: String
    package var keyOffset: Int
    package var value: JSONNode
  }

  package var kind: Kind
  /// The UTF-8 offset of the value's first byte.
  package var offset: Int

  /// A short description of the value's type for messages: `a string`, `an object`.
  package var typeDescription: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The node at `path` below this one, if the path leads anywhere.
  package func node(at path: JSONPath) -> JSONNode? {
    var node = self
    for component in path.components {
      switch (component, node.kind) {
      case (.key(let key), .object(let members)):
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        node = member.value
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else { return nil }
        node = elements[index]
      default:
        return nil
      }
    }
    return node
  }

  /// The offset best describing `path`: the value if it exists, else the deepest
  /// existing ancestor.
  func offset(at path: JSONPath) -> Int {
    var components = path.components
    while true {
      if let node = node(at: JSONPath(components: components)) { return node.offset }
      if components.isEmpty { return offset }
      components.removeLast()
    }
  }
}

/// Turns UTF-8 offsets into 1-based lines and character columns.
package struct LineTable: Sendable {
  private let bytes: [UInt8]
  private let lineStarts: [Int]

  /// The table of a document's bytes.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    // A byte order mark is not shown by editors, so columns on line 1 start after it.
    var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    lineStarts = starts
  }

  /// The line and column of a byte offset (clamped to the text).
  package func location(ofOffset offset: Int) -> SourceLocation {
    let clamped = min(max(0, offset), bytes.count)
    let line = lineIndex(of: clamped)
    let start = min(lineStarts[line], clamped)
    return SourceLocation(line: line + 1, column: characters(start..<clamped) + 1)
  }

  /// The locations of many offsets at once, in linear time on the text: offsets
  /// are visited in order, and each column is counted on from the previous one on
  /// the same line (16,000 problems on one line would otherwise decode the line's
  /// start 16,000 times).
  func locations(ofOffsets offsets: [Int?]) -> [SourceLocation?] {
    var result = [SourceLocation?](repeating: nil, count: offsets.count)
    let known = offsets.enumerated().compactMap { index, offset in offset.map { (index: index, offset: $0) } }
    var previous: (line: Int, offset: Int, column: Int)?
    for (index, offset) in known.sorted(by: { $0.offset < $1.offset }) {
      let clamped = min(max(0, offset), bytes.count)
      let line = lineIndex(of: clamped)
      let start = min(lineStarts[line], clamped)
      let column: Int
      if let previous, previous.line == line, previous.offset >= start {
        column = previous.column + characters(previous.offset..<clamped)
      } else {
        column = characters(start..<clamped) + 1
      }
      previous = (line, clamped, column)
      result[index] = SourceLocation(line: line + 1, column: column)
    }
    return result
  }

  /// The line (0-based) holding a byte offset.
  private func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// How many characters (as an editor counts columns) the bytes hold.
  private func characters(_ range: Range<Int>) -> Int {
    String(decoding: bytes[range], as: UTF8.self).count
  }
}
