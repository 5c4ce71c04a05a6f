import CheckoutEngine

/// Draws where the shopper is for a terminal: the breadcrumb with modal layers
/// marked, the step's rows numbered with their (masked) values, states and errors,
/// any offer waiting and any route in progress.
struct ScreenPrinter {
  let terminal: Terminal

  func render(_ session: CheckoutSession) -> String {
    var lines = [breadcrumb(session)]
    let screen = session.screen
    lines.append(
      terminal.styled("━━ \(screen.title) ", .bold) + String(repeating: "━", count: max(4, 40 - screen.title.count)))
    let width = (screen.rows.map(\.title.count).max() ?? 0) + 2
    let messages = session.compiled.messages(for: session.locale)
    for (index, row) in screen.rows.enumerated() {
      lines += rowLines(row, number: index + 1, width: width, messages: messages)
    }
    if screen.rows.isEmpty { lines.append(terminal.styled("  (no rows)", .dim)) }
    if let offer = session.offer {
      lines.append(terminal.styled("offer: \(offer.resolution.message)", .yellow))
      lines.append(terminal.styled("       fix it at \(offer.resolution.target)? accept | decline", .yellow))
    }
    if session.driver.isDriving {
      lines.append(terminal.styled("route: \(session.driver)", .blue))
    }
    if let pending = session.pending {
      lines.append(terminal.styled("waiting for \(pending.expected) to appear (appear \(pending.expected))", .blue))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `My Cart › Step One › Step Two | modal: Discount Code`.
  func breadcrumb(_ session: CheckoutSession) -> String {
    let layers = session.navigation.layers.enumerated().map { index, layer in
      let titles = layer.map { session.compiled.step($0)?.title.text(in: session.rules.locale) ?? $0.rawValue }.joined(
        separator: " › ")
      return index == 0 ? titles : "modal: \(titles)"
    }
    return terminal.styled(layers.joined(separator: " | "), .dim)
  }

  private func rowLines(_ row: ScreenRow, number: Int, width: Int, messages: EngineMessages) -> [String] {
    let marker = row.isFocused ? terminal.styled("▶", .yellow) : " "
    var text = "\(marker)\(String(number).leftPadded(to: 2)). \(row.title.padded(to: width))"
    switch row.kind {
    case .disclosure: text += (row.detail.map { "\($0) " } ?? "") + "›"
    case .button: text += "[\(row.title)]"
    case .info: text += row.detail ?? row.value
    case .toggle: text += row.value.isEmpty ? "off" : row.value
    // The page's own word for an empty picker, in the shopper's language (`Bitte wählen…`).
    case .picker: text += row.value.isEmpty ? terminal.styled("(\(messages.text(.hostPickerChoose)))", .dim) : row.value
    case .text, .secure, .number, .email, .phone:
      text += row.value.isEmpty ? terminal.styled(row.placeholder.map { "(\($0))" } ?? "", .dim) : row.value
    }
    var lines = [row.isEnabled ? text : terminal.styled(text, .dim)]
    lines += disabledLines(row, messages: messages).map { terminal.styled($0, .dim) }
    if let error = row.error { lines.append(terminal.styled("      ! \(error)", .red)) }
    return lines
  }
}

extension ScreenPrinter {
  /// Why a row is disabled, wrapped to the terminal's width: for a guard, one line
  /// (or more, wrapped) per incomplete step, in the session's language: that the
  /// step comes first, then what is missing there.
  ///
  /// ```
  ///       disabled: Continue
  ///         Complete "Shipping Address" first. Full name is required. Street
  ///           address is required. City is required.
  ///         Complete "Credit Card" first. Card number is required.
  /// ```
  func disabledLines(_ row: ScreenRow, messages: EngineMessages) -> [String] {
    guard let reason = row.disabledReason else { return [] }
    let width = terminal.width
    guard let steps = row.incompleteSteps, !steps.isEmpty else {
      return Terminal.wrap("      disabled: \(reason)", width: width, indent: "        ")
    }
    var lines = Terminal.wrap("      disabled: \(row.title)", width: width, indent: "        ")
    for step in steps {
      lines += Terminal.wrap(
        "        \(Sentences.join(step.sentences(messages), messages))", width: width, indent: "          ")
    }
    return lines
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
