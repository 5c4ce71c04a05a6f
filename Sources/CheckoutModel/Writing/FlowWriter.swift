import Foundation

/// Writes a flow as a format 1 JSON file: what the loader reads back into the same
/// model. Flows built in Swift (or generated for benchmarks) become files other
/// tools can use.
///
/// ```swift
/// let json = FlowWriter.json(flow)
/// try FlowLoader().load(json: json) == flow  // true
/// ```
public enum FlowWriter {
  /// The flow as pretty JSON text, one object per line group, keys in a stable order.
  public static func json(_ flow: Flow) -> String {
    var out = "{\n  \"$schema\": \"flow.schema.json\",\n  \"format\": \(Flow.currentFormat),\n"
    let locales = flow.locales
    out += "  \"id\": \(quote(flow.id.rawValue)),\n  \"title\": \(text(flow.title, locales)),\n"
    if !locales.isEmpty { out += "  \"locales\": \(idList(locales)),\n" }
    if let version = flow.version { out += "  \"version\": \(version),\n" }
    if !flow.renamed.isEmpty { out += renames(flow.renamed) }
    out += "  \"start\": \(quote(flow.start.rawValue)),\n"
    if !flow.data.isEmpty {
      let entries = flow.data.sorted { $0.key < $1.key }.map {
        "    \(quote($0.key.rawValue)): \(value($0.value, locales))"
      }
      out += "  \"data\": {\n" + entries.joined(separator: ",\n") + "\n  },\n"
    }
    if !flow.rules.isEmpty {
      let entries = flow.rules.sorted { $0.key < $1.key }.map {
        "    \(quote($0.key)): \(rule($0.value, named: [:], locales: locales))"
      }
      out += "  \"rules\": {\n" + entries.joined(separator: ",\n") + "\n  },\n"
    }
    out +=
      "  \"steps\": [\n" + flow.steps.map { step($0, named: flow.rules, locales) }.joined(separator: ",\n") + "\n  ]"
    if !flow.errors.isEmpty {
      out +=
        ",\n  \"errors\": [\n" + flow.errors.map { "    " + matcher($0, locales) }.joined(separator: ",\n") + "\n  ]"
    }
    if !flow.messages.isEmpty { out += ",\n" + messages(flow.messages) }
    return out + "\n}\n"
  }

  /// `"messages": { "rule.required": "…", "refusal.hidden": { "de": "…", "en": "…" } }`, sorted by id and locale.
  private static func messages(_ messages: [String: EngineMessageText]) -> String {
    let entries = messages.sorted { $0.key < $1.key }.map { id, text in
      switch text {
      case .text(let text): return "    \(quote(id)): \(quote(text))"
      case .localized(let texts):
        let pairs = texts.sorted { $0.key < $1.key }.map { "\(quote($0.key)): \(quote($0.value))" }
        return "    \(quote(id)): { " + pairs.joined(separator: ", ") + " }"
      }
    }
    return "  \"messages\": {\n" + entries.joined(separator: ",\n") + "\n  }"
  }

  /// `"renamed": { "steps": {...}, "rows": {...}, "keys": {...} },` with each list sorted.
  private static func renames(_ renames: FlowRenames) -> String {
    func object(_ pairs: [(String, String)]) -> String {
      "{ " + pairs.sorted { $0.0 < $1.0 }.map { "\(quote($0.0)): \(quote($0.1))" }.joined(separator: ", ") + " }"
    }
    var parts: [String] = []
    if !renames.steps.isEmpty {
      parts.append("\"steps\": " + object(renames.steps.map { ($0.key.rawValue, $0.value.rawValue) }))
    }
    if !renames.rows.isEmpty {
      parts.append("\"rows\": " + object(renames.rows.map { ($0.key.description, $0.value.description) }))
    }
    if !renames.keys.isEmpty {
      parts.append("\"keys\": " + object(renames.keys.map { ($0.key.rawValue, $0.value.rawValue) }))
    }
    return "  \"renamed\": {\n    " + parts.joined(separator: ",\n    ") + "\n  },\n"
  }

  private static func step(_ step: Step, named: [String: Rule], _ locales: [String]) -> String {
    var fields = ["\"id\": \(quote(step.id.rawValue))", "\"title\": \(text(step.title, locales))"]
    if step.presentation != .push { fields.append("\"presentation\": \(quote(step.presentation.rawValue))") }
    if !step.complete.isEmpty {
      fields.append(
        "\"complete\": ["
          + step.complete.map {
            "{ \"when\": \(condition($0.when)), \"message\": \(text($0.message, locales)) }"
          }.joined(separator: ", ") + "]")
    }
    let rows = step.rows.map { "      " + row($0, named: named, locales) }.joined(separator: ",\n")
    return "    { " + fields.joined(separator: ", ") + ", \"rows\": [" + (rows.isEmpty ? "]" : "\n" + rows + "\n    ]")
      + " }"
  }

  private static func row(_ row: Row, named: [String: Rule], _ locales: [String]) -> String {
    // The cell's own attributes, written as the flat fields the format has.
    let cell = CellFields(row.cell)
    var fields = [
      "\"id\": \(quote(row.id.rawValue))", "\"cell\": \(quote(cell.kind.rawValue))",
      "\"title\": \(text(row.title, locales))",
    ]
    if let bind = cell.bind { fields.append("\"bind\": \(quote(bind.rawValue))") }
    if let placeholder = cell.placeholder { fields.append("\"placeholder\": \(text(placeholder, locales))") }
    if let keyboard = cell.keyboard { fields.append("\"keyboard\": \(quote(keyboard.rawValue))") }
    switch cell.options {
    case .list(let options)?: fields.append("\"options\": \(optionList(options, locales))")
    case .from(let key)?: fields.append("\"options\": { \"from\": \(quote(key.rawValue)) }")
    case nil: break
    }
    if !row.rules.isEmpty {
      fields.append(
        "\"rules\": [" + row.rules.map { rule($0, named: named, locales: locales) }.joined(separator: ", ") + "]")
    }
    if let condition = row.visibleWhen { fields.append("\"visibleWhen\": \(self.condition(condition))") }
    if let condition = row.enabledWhen { fields.append("\"enabledWhen\": \(self.condition(condition))") }
    if row.sensitive { fields.append("\"sensitive\": true") }
    if row.secret { fields.append("\"secret\": true") }
    if let detail = cell.detail { fields.append("\"detail\": \(text(detail, locales))") }
    switch cell.action {
    case .opens(let step)?: fields.append("\"opens\": \(quote(step.rawValue))")
    case .close?: fields.append("\"action\": \"close\"")
    case .resume?: fields.append("\"action\": \"resume\"")
    case .submit(let submit)?:
      fields.append("\"submit\": \(quote(submit.operation.rawValue))")
      if let then = submit.then { fields.append("\"then\": \(quote(then.rawValue))") }
      if let validates = submit.validates { fields.append("\"validates\": \(idList(validates.map(\.rawValue)))") }
      if !submit.provides.isEmpty { fields.append("\"provides\": \(idList(submit.provides.map(\.rawValue)))") }
      if !submit.actions.isEmpty {
        let pairs = submit.actions.sorted { $0.key < $1.key }.map {
          "\(quote($0.key.rawValue)): \(quote($0.value.rawValue))"
        }
        fields.append("\"actions\": { " + pairs.joined(separator: ", ") + " }")
      }
    case nil: break
    }
    if !row.requires.isEmpty { fields.append("\"requires\": \(idList(row.requires.map(\.rawValue)))") }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  /// A rule as a row writes it; a rule taken from the flow's named rules is
  /// written by its name (with its own message when it overrides the definition's).
  package static func rule(_ rule: Rule, named: [String: Rule], locales: [String] = []) -> String {
    let message = rule.message.map { text($0, locales) }
    if let name = rule.name, let definition = named[name] {
      guard let message, rule.message != definition.message else { return quote(name) }
      return "{ \"custom\": \(quote(name)), \"message\": \(message) }"
    }
    let body: String
    switch rule.kind {
    case .required, .email, .luhn, .digits, .expiry:
      guard let message else { return quote(rule.kind.name) }
      return "{ \(quote(rule.kind.name)): true, \"message\": \(message) }"
    case .pattern(let pattern): body = "\"pattern\": \(quote(pattern))"
    case .minLength(let n): body = "\"minLength\": \(n)"
    case .maxLength(let n): body = "\"maxLength\": \(n)"
    case .oneOf(let values): body = "\"oneOf\": \(idList(values))"
    case .custom(let name):
      guard let message else { return quote(name) }
      body = "\"custom\": \(quote(name))"
      return "{ \(body), \"message\": \(message) }"
    }
    return "{ " + body + (message.map { ", \"message\": \($0)" } ?? "") + " }"
  }

  static func condition(_ condition: Condition) -> String {
    switch condition {
    case .equals(let key, let expected):
      return "{ \"key\": \(quote(key.rawValue)), \"equals\": \(value(expected, [])) }"
    case .present(let key, let present): return "{ \"key\": \(quote(key.rawValue)), \"present\": \(present) }"
    case .all(let conditions): return "{ \"all\": [" + conditions.map(self.condition).joined(separator: ", ") + "] }"
    case .any(let conditions): return "{ \"any\": [" + conditions.map(self.condition).joined(separator: ", ") + "] }"
    case .not(let inner): return "{ \"not\": \(self.condition(inner)) }"
    }
  }

  private static func matcher(_ matcher: ErrorMatcher, _ locales: [String]) -> String {
    var fields: [String] = []
    if let code = matcher.code { fields.append("\"code\": \(quote(code.description))") }
    if let field = matcher.field { fields.append("\"field\": \(quote(field))") }
    if let operations = matcher.operations {
      let names = operations.map(\.rawValue)
      fields.append("\"operation\": " + (names.count == 1 ? quote(names[0]) : idList(names)))
    }
    fields.append("\"step\": \(quote(matcher.step.rawValue))")
    if let row = matcher.row { fields.append("\"row\": \(quote(row.rawValue))") }
    if let message = matcher.message { fields.append("\"message\": \(text(message, locales))") }
    if matcher.priority != 0 { fields.append("\"priority\": \(matcher.priority)") }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  private static func value(_ value: Value, _ locales: [String]) -> String {
    switch value {
    case .string(let text): return quote(text)
    case .number(let number): return Value.format(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .options(let options): return optionList(options, locales)
    }
  }

  private static func optionList(_ options: [PickerOption], _ locales: [String]) -> String {
    let written = options.map { "{ \"value\": \(quote($0.value)), \"label\": \(text($0.label, locales)) }" }
    return "[" + written.joined(separator: ", ") + "]"
  }

  /// Words as the flow file wrote them: a plain string, or the object of locale ->
  /// string with the flow's locales first, in their order, then any other sorted.
  static func text(_ text: LocalizedText, _ locales: [String]) -> String {
    guard text.isLocalized else { return quote(text.text) }
    let listed = locales.filter { text.translations[$0] != nil }
    let others = text.translations.keys.filter { !locales.contains($0) }.sorted()
    let pairs = (listed + others).compactMap { locale in
      text.translations[locale].map { "\(quote(locale)): \(quote($0))" }
    }
    return "{ " + pairs.joined(separator: ", ") + " }"
  }

  private static func idList(_ ids: [String]) -> String {
    "[" + ids.map(quote).joined(separator: ", ") + "]"
  }

  /// A JSON string literal.
  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
