extension FlowDecoder {
  /// What a localisable field may be, for messages.
  static let localizedForm =
    "a string, or an object of locale -> string like { \"en\": \"Card number\", \"de\": \"Kartennummer\" }"

  /// Reads the flow's `locales`: a non-empty list of locale tags (whether each is
  /// a BCP 47 language tag, and is listed once, is a lint check).
  func decodeLocales(_ object: ObjectReader) -> [String] {
    guard let elements = object.array("locales", what: "a list of locale tags like [\"en\", \"de\"]") else {
      return []
    }
    if elements.isEmpty {
      sink.error(
        "invalid-value", "\"locales\" lists no locale", at: object.path.appending("locales"),
        suggestion: "list the languages the flow ships, the default first, or leave the field out")
    }
    return elements.compactMap { element in
      guard case .string(let tag) = element.node.kind else {
        sink.error(
          "wrong-type", "expected a locale tag like \"de\" (a string), found \(element.node.typeDescription)",
          at: element.path)
        return nil
      }
      return tag
    }
  }

  /// Reads a field that may be written per locale: a string, or an object of
  /// locale -> string whose default is the flow's default locale's text (or the
  /// first written, when that is missing: lint reports it).
  func localized(
    _ object: ObjectReader, _ name: String, required: Bool = false,
    what: @autoclosure () -> String = FlowDecoder.localizedForm
  ) -> LocalizedText? {
    guard let node = object.node(name) else {
      if required { object.missing(name, what()) }
      return nil
    }
    return localized(node, at: object.path.appending(name))
  }

  /// Reads a string or an object of locale -> string at `path`.
  func localized(_ node: JSONNode, at path: JSONPath) -> LocalizedText? {
    switch node.kind {
    case .string(let text):
      return LocalizedText(text)
    case .object(let members):
      guard !members.isEmpty else {
        sink.error(
          "wrong-type", "expected \(FlowDecoder.localizedForm), found an empty object", at: path,
          suggestion: "write the text in each locale the flow lists")
        return nil
      }
      var translations: [String: String] = [:]
      var first: String?
      for member in members {
        let memberPath = path.appending(member.key)
        guard case .string(let text) = member.value.kind else {
          sink.error(
            "wrong-type",
            "expected the text in \(Quoting.quoted(member.key)) (a string), found \(member.value.typeDescription)",
            at: memberPath)
          continue
        }
        guard translations.updateValue(text, forKey: member.key) == nil else {
          sink.error(
            "duplicate-field", "locale \(Quoting.quoted(member.key)) appears more than once", at: memberPath,
            offset: member.keyOffset)
          continue
        }
        if first == nil { first = text }
      }
      guard let first else { return nil }
      return LocalizedText(locales.first.flatMap { translations[$0] } ?? first, translations: translations)
    default:
      sink.error("wrong-type", "expected \(FlowDecoder.localizedForm), found \(node.typeDescription)", at: path)
      return nil
    }
  }
}
