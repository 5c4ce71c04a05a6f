import CheckoutModel

extension ErrorResolver {
  /// The words an error is shown in, in one language: the engine's messages and
  /// the locale a flow's text is read in (nil: the flow's default).
  package struct Words: Sendable {
    /// The engine's messages, with the flow's own in their place.
    package var messages: EngineMessages
    /// The locale a flow's text is read in; nil is the flow's default.
    package var locale: String?

    /// Words of `messages`, reading a flow's text in `locale`.
    package init(messages: EngineMessages, locale: String?) {
      self.messages = messages
      self.locale = locale
    }
  }

  /// `message`, shown for an API error fixed on `step` (on `row`, or anywhere on
  /// the step when nil), said again in `after`'s words when it is what the flow or
  /// the engine wrote there in `before`'s: a matcher's `message` (in the locale
  /// it is read in, `de` falling back to the flow's default), the engine's
  /// `error.checkRow` or `error.checkStep` for a matcher without one, or the
  /// engine's own errors (`error.unanswered`, `error.actionUnsupported`). Nil for
  /// any other message: the API's own, which stays as it came.
  package func sayAgain(_ message: String, on step: StepID, row: RowID?, from before: Words, to after: Words)
    -> String?
  {
    for matcher in flow.errors where matcher.step == step && (row == nil || matcher.row == row) {
      if let text = matcher.message {
        if text.text(in: before.locale) == message { return text.text(in: after.locale) }
      } else if defaultMessage(for: matcher, messages: before.messages, locale: before.locale) == message {
        return defaultMessage(for: matcher, messages: after.messages, locale: after.locale)
      }
    }
    if before.messages.text(.errorUnanswered) == message { return after.messages.text(.errorUnanswered) }
    for title in submitTitles {
      if before.messages.text(.errorActionUnsupported, title.text(in: before.locale)) == message {
        return after.messages.text(.errorActionUnsupported, title.text(in: after.locale))
      }
    }
    return nil
  }

  /// The titles of the flow's submit rows, which name a call in the engine's errors.
  private var submitTitles: [LocalizedText] {
    flow.steps.flatMap(\.rows).compactMap { row in
      if case .submit? = row.action { return row.title }
      return nil
    }
  }
}
