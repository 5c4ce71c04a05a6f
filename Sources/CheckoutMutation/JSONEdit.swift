import CheckoutModel

/// One change to a flow's JSON document: what a mutant is, before it is loaded.
package enum JSONEdit: Hashable, Sendable {
  /// Removes the member `key` of the object at the path.
  case removeMember(JSONPath, key: String)
  /// Removes element `index` of the array at the path.
  case removeElement(JSONPath, index: Int)
  /// Swaps two elements of the array at the path.
  case swapElements(JSONPath, Int, Int)
  /// Replaces the string at the path.
  case replaceString(JSONPath, String)
  /// Replaces the number at the path.
  case replaceNumber(JSONPath, Int)

  /// The path of the value the edit changes (a removed member's or element's own path).
  package var path: JSONPath {
    switch self {
    case .removeMember(let object, let key): return object.appending(key)
    case .removeElement(let array, let index): return array.appending(index)
    case .swapElements(let array, let first, _): return array.appending(first)
    case .replaceString(let path, _), .replaceNumber(let path, _): return path
    }
  }

  /// The document with the edit made; nil when the path leads nowhere.
  func applied(to root: JSONNode) -> JSONNode? {
    switch self {
    case .removeMember(let object, let key):
      return root.updating(object.components[...]) { node in
        guard case .object(let members) = node.kind, members.contains(where: { $0.key == key }) else { return nil }
        return node.with(.object(members.filter { $0.key != key }))
      }
    case .removeElement(let array, let index):
      return root.updating(array.components[...]) { node in
        guard case .array(var elements) = node.kind, elements.indices.contains(index) else { return nil }
        elements.remove(at: index)
        return node.with(.array(elements))
      }
    case .swapElements(let array, let first, let second):
      return root.updating(array.components[...]) { node in
        guard case .array(var elements) = node.kind, elements.indices.contains(first),
          elements.indices.contains(second)
        else { return nil }
        elements.swapAt(first, second)
        return node.with(.array(elements))
      }
    case .replaceString(let path, let text):
      return root.updating(path.components[...]) { $0.with(.string(text)) }
    case .replaceNumber(let path, let number):
      return root.updating(path.components[...]) { $0.with(.number(Double(number))) }
    }
  }
}

extension JSONNode {
  /// This node with the node at `components` replaced by `change`'s answer; nil when
  /// the path leads nowhere or `change` gives nil.
  func updating(_ components: ArraySlice<JSONPath.Component>, _ change: (JSONNode) -> JSONNode?) -> JSONNode? {
    guard let first = components.first else { return change(self) }
    let rest = components.dropFirst()
    switch (first, kind) {
    case (.key(let key), .object(var members)):
      guard let index = members.firstIndex(where: { $0.key == key }),
        let updated = members[index].value.updating(rest, change)
      else { return nil }
      members[index].value = updated
      return with(.object(members))
    case (.index(let index), .array(var elements)):
      guard elements.indices.contains(index), let updated = elements[index].updating(rest, change) else { return nil }
      elements[index] = updated
      return with(.array(elements))
    default:
      return nil
    }
  }

  /// This node (its offset kept) holding another value.
  func with(_ kind: Kind) -> JSONNode {
    var node = self
    node.kind = kind
    return node
  }

  /// The member of an object, if it is one and has it.
  subscript(key: String) -> JSONNode? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The key's offset of an object's member (its opening quote).
  func keyOffset(of key: String) -> Int? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.keyOffset
  }

  /// The elements, when the node is an array.
  var elements: [JSONNode] {
    if case .array(let elements) = kind { return elements }
    return []
  }

  /// The text, when the node is a string.
  var string: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  /// The value as an integer, when the node is a whole number.
  var integer: Int? {
    if case .number(let number) = kind, number.rounded() == number, abs(number) < 1e15 { return Int(number) }
    return nil
  }

  /// The node as compact JSON text.
  var jsonText: String {
    var text = ""
    write(to: &text)
    return text
  }

  private func write(to text: inout String) {
    switch kind {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let number): text += Value.format(number)
    case .string(let string): Self.writeString(string, to: &text)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        Self.writeString(member.key, to: &text)
        text += ":"
        member.value.write(to: &text)
      }
      text += "}"
    }
  }

  /// A JSON string literal.
  static func writeString(_ string: String, to text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
