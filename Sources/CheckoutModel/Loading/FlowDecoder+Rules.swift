extension FlowDecoder {
  /// Decodes a rule: a bare name (`"required"`, or a custom rule's name) or an
  /// object with exactly one rule field and an optional `message`.
  func decodeRule(_ node: JSONNode, at path: JSONPath) -> Rule? {
    if case .string(let name) = node.kind {
      return Rule(ruleKind(named: name))
    }
    guard case .object(let members) = node.kind else {
      sink.error(
        "wrong-type",
        "expected a rule (a name like \"required\", or an object like { \"minLength\": 2 }), found \(node.typeDescription)",
        at: path)
      return nil
    }
    guard
      let object = ObjectReader(
        node, at: path, what: "a rule", fields: FlowFields.ruleKinds + ["message"], sink: sink)
    else { return nil }
    let message = localized(object, "message")
    let kinds = members.map(\.key).filter(FlowFields.ruleKinds.contains)
    guard let name = kinds.first else {
      if !members.contains(where: { !FlowFields.ruleKinds.contains($0.key) && $0.key != "message" }) {
        sink.error(
          "empty-rule", "a rule object needs one rule field",
          at: path, suggestion: "valid rules are \(Suggestions.list(FlowFields.ruleKinds))")
      }
      return nil
    }
    if kinds.count > 1 {
      sink.error(
        "several-rules",
        "a rule object holds one rule, but this one has \(Suggestions.list(kinds, conjunction: "and"))",
        at: path.appending(kinds[1]), offset: object.nameOffset(kinds[1]),
        suggestion: "write each rule as its own element of \"rules\"")
    }
    guard let kind = ruleKind(name, in: object) else { return nil }
    return Rule(kind, message: message)
  }

  /// A bare name's rule: a built-in one that takes no argument, or a custom rule.
  private func ruleKind(named name: String) -> RuleKind {
    RuleName(rawValue: name)?.kindWithoutArgument ?? .custom(name)
  }

  private func ruleKind(_ name: String, in object: ObjectReader) -> RuleKind? {
    // The object reader keeps to FlowFields.ruleKinds: every name is a RuleName.
    guard let ruleName = RuleName(rawValue: name) else { return nil }
    switch ruleName {
    case .pattern:
      return object.string("pattern", what: "a regular expression").map(RuleKind.pattern)
    case .minLength:
      return object.integer("minLength", minimum: 0).map(RuleKind.minLength)
    case .maxLength:
      return object.integer("maxLength", minimum: 0).map(RuleKind.maxLength)
    case .oneOf:
      guard let elements = object.array("oneOf", what: "a list of strings") else { return nil }
      let values = elements.compactMap { element -> String? in
        guard case .string(let text) = element.node.kind else {
          sink.error("wrong-type", "expected a string, found \(element.node.typeDescription)", at: element.path)
          return nil
        }
        return text
      }
      return .oneOf(values)
    case .custom:
      return object.identifier("custom", what: "custom rule name").map(RuleKind.custom)
    case .required, .email, .luhn, .digits, .expiry:
      guard let flag = object.bool(name) else { return nil }
      guard flag else {
        sink.error(
          "invalid-value", "\(Quoting.quoted(name)): false does nothing", at: object.path.appending(name),
          suggestion: "write true, or remove the rule")
        return nil
      }
      return ruleName.kindWithoutArgument
    }
  }

  /// The object form of a condition written as an expression (`"order.gift == true"`
  /// becomes `{"key": "order.gift", "equals": true}`), or an example of one.
  static func conditionExample(for text: String) -> String {
    func trimmed(_ part: Substring) -> String {
      String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
    guard let equals = text.firstRange(of: "==") else { return #"{"key": "order.gift", "equals": true}"# }
    let key = trimmed(text[..<equals.lowerBound])
    let value = trimmed(text[equals.upperBound...]).filter { $0 != "'" }
    guard !key.isEmpty, !value.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
    else { return #"{"key": "order.gift", "equals": true}"# }
    let literal =
      ["true", "false"].contains(value) || Double(value) != nil || value.hasPrefix("\"") ? value : "\"\(value)\""
    return #"{"key": ""# + key + #"", "equals": "# + literal + "}"
  }

  /// Decodes a condition: `{ key, equals }`, `{ key, present }`, `{ all }`, `{ any }`, `{ not }`.
  func decodeCondition(_ node: JSONNode, at path: JSONPath) -> Condition? {
    if case .string(let text) = node.kind {
      sink.error(
        "wrong-type", "expected a condition (a JSON object), found a string", at: path,
        suggestion:
          "write it as an object: \(Self.conditionExample(for: text)) (or \"present\", \"all\", \"any\", \"not\")")
      return nil
    }
    guard let object = ObjectReader(node, at: path, what: "a condition", fields: FlowFields.condition, sink: sink)
    else { return nil }
    let forms = ["equals", "present", "all", "any", "not"].filter(object.has)
    guard forms.count == 1, let form = forms.first else {
      sink.error(
        forms.isEmpty ? "empty-condition" : "several-conditions",
        forms.isEmpty
          ? "a condition needs one of \"equals\" or \"present\" (with \"key\"), \"all\", \"any\" or \"not\""
          : "a condition holds one test, but this one has \(Suggestions.list(forms, conjunction: "and"))",
        at: path, suggestion: forms.isEmpty ? nil : "combine several tests with \"all\" or \"any\"")
      return nil
    }
    switch form {
    case "equals", "present":
      guard let key = object.key("key", required: true) else { return nil }
      if form == "present" {
        return object.bool("present").map { Condition.present(key, $0) }
      }
      guard let valueNode = object.node("equals") else { return nil }
      switch valueNode.kind {
      case .string(let text): return .equals(key, .string(text))
      case .number(let number): return .equals(key, .number(number))
      case .bool(let flag): return .equals(key, .bool(flag))
      default:
        object.wrongType("equals", expected: "a string, number or boolean", found: valueNode)
        return nil
      }
    case "not":
      if object.has("key") { unexpectedKey(object) }
      return object.node("not").flatMap { decodeCondition($0, at: path.appending("not")) }.map(Condition.not)
    default:
      if object.has("key") { unexpectedKey(object) }
      guard let elements = object.array(form, what: "a list of conditions") else { return nil }
      let conditions = elements.compactMap { decodeCondition($0.node, at: $0.path) }
      guard conditions.count == elements.count else { return nil }
      return form == "all" ? .all(conditions) : .any(conditions)
    }
  }

  private func unexpectedKey(_ object: ObjectReader) {
    sink.error(
      "unexpected-field", "\"key\" goes with \"equals\" or \"present\", not with \"all\", \"any\" or \"not\"",
      at: object.path.appending("key"), offset: object.nameOffset("key"))
  }
}
