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

  /// A `format.number` whose group separator is a plain space (U+0020) lets a
  /// number or an amount break across two lines (`1 234` / `,50 zł`): the
  /// languages that group with a space write a no-break one.
  func checkNumberGrouping() {
    guard let text = flow.messages[EngineMessageID.formatNumber.id] else { return }
    let path = JSONPath.root.appending("messages").appending(EngineMessageID.formatNumber.id)
    let written: [(at: JSONPath, sample: String)]
    switch text {
    case .text(let sample): written = [(path, sample)]
    case .localized(let samples):
      written = samples.sorted { $0.key < $1.key }.map { (path.appending($0.key), $0.value) }
    }
    for (at, sample) in written where LocaleFormatting.groupSeparator(of: sample) == " " {
      sink.warning(
        "number-group-space",
        "\(Quoting.quoted(sample)) groups digits with a plain space, so a number or an amount may break across two lines",
        at: at,
        suggestion:
          "write a narrow no-break space (U+202F, as the engine's French does) or a no-break space (U+00A0) between the groups"
      )
    }
  }
}
