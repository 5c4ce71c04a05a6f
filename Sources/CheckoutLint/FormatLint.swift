import CheckoutModel

extension FlowLinter {
  /// A detail that writes a key in a format (`{order.total:currency(USD)}`) must
  /// find a value of the format's kind where the flow's data holds one: a text
  /// like `"$148.00"` cannot be written as each language writes an amount (the
  /// screen would show it as it is, in every language).
  func checkFormattedData() {
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard let detail = row.detail else { continue }
        let path = positions.rowPath(stepIndex, rowIndex).appending("detail")
        let templates =
          detail.isLocalized
          ? detail.translations.sorted { $0.key < $1.key }.map { (path.appending($0.key), $0.value) }
          : [(path, detail.text)]
        for (at, text) in templates {
          guard case .success(let template) = DetailTemplate.parse(text) else { continue }
          checkValues(template, at: at)
        }
      }
    }
  }

  private func checkValues(_ template: DetailTemplate, at path: JSONPath) {
    for part in template.parts {
      guard case .value(let key, let format?) = part, let value = flow.data[key],
        EngineMessages.english.formatting.format(value, as: format) == nil
      else { continue }
      sink.error(
        "format-value",
        "{\(key.rawValue):\(format.written)} writes \(Quoting.quoted(key)) as \(Self.kind(format)), but the flow's data holds \(Quoting.quoted(value.displayText))",
        at: path, suggestion: "write it in \"data\" as \(Self.example(format)), or show the key without a format")
    }
  }

  private static func kind(_ format: ValueFormat) -> String {
    switch format {
    case .number: return "a number"
    case .currency: return "an amount"
    case .date: return "a date"
    case .monthYear: return "a month"
    }
  }

  private static func example(_ format: ValueFormat) -> String {
    switch format {
    case .number, .currency: return "a number (148 or 148.5)"
    case .date: return "a date written YYYY-MM-DD (\"2026-12-24\")"
    case .monthYear: return "a month written MM/YY, MM/YYYY or YYYY-MM (\"12/27\")"
    }
  }
}
