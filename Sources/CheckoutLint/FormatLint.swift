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
        for (at, text) in detail.written(at: positions.rowPath(stepIndex, rowIndex).appending("detail")) {
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
        "{\(key.rawValue):\(format.written)} writes \(Quoting.quoted(key)) as \(format.shows), but the flow's data holds \(Quoting.quoted(value.displayText))",
        at: path, suggestion: "write it in \"data\" as \(format.takes), or show the key without a format")
    }
  }
}
