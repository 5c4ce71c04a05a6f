import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// The shopper's language: chosen when the session starts, changed at any time.
/// The engine's messages follow it; the navigation, the data and every API call
/// stay as they are.
extension CheckoutSession {
  /// The locales the session may be in: the engine's languages, and any other the
  /// flow's `messages` write.
  package var supportedLocales: [String] { compiled.locales }

  /// A host's own words around the screen in the session's ``locale``, by id
  /// (`host.offer.accept`: "Fix it", in German "Korrigieren"): its dialogs'
  /// titles and buttons, its banners and problem lines. Each is written once per
  /// language in the engine's tables, and a flow's `messages` may replace it like
  /// any engine message; a `{name}` in a text is left for the host to fill.
  ///
  /// The templates of the notices a shopper may see (`notice.actionCancelled`) are
  /// here too, so a host can tell a notice for the shopper, which fills one in,
  /// from a notice for developers (in English, naming ids), which it only logs.
  ///
  /// ```swift
  /// let words = try CheckoutSession(flow: compiled, today: today, locale: "de").hostWords
  /// let decline = words["host.offer.decline"]  // "Nicht jetzt"
  /// let banner = words["host.route.banner"]  // "Weiter zu „{title}“: {current} von {total}"
  /// ```
  public var hostWords: [String: String] {
    Dictionary(
      uniqueKeysWithValues: (EngineMessageID.hostWords + EngineMessageID.shopperNotices).map {
        ($0.id, messages.template($0))
      })
  }

  /// Changes the shopper's language. The screen renders in it at once; a message
  /// already shown on a row, waiting in an offer or queued is said again in it
  /// when the engine or the flow wrote it: a rule's message, a matcher's `message`
  /// (in its locales), the engine's words for an error the flow leaves without
  /// one, a secret's "enter it again". An API's own message stays as it came.
  /// A tag matches whatever its case, as BCP 47 says (`DE` is `de`, `de-at` is
  /// `de-AT`), and ``locale`` is then the tag as the flow writes it. Throws ``UnsupportedLocale`` for a locale the session cannot
  /// speak, and then changes nothing.
  ///
  /// ```swift
  /// try session.setLocale("de")
  /// session.screen.row("number")?.error  // "„Kartennummer“ ist ein Pflichtfeld"
  /// ```
  public mutating func setLocale(_ tag: String) throws(UnsupportedLocale) {
    guard let locale = compiled.sessionLocale(for: tag) else {
      throw UnsupportedLocale(locale: tag, supported: compiled.locales)
    }
    guard locale != self.locale else { return }
    let before = rules
    self.locale = locale
    ruleContext = compiled.ruleContext(for: locale)
    // Kept step checks hold their problems in the old words.
    sessionData.rulesChanged()
    let after = rules
    for (ref, message) in rowErrors {
      if let said = sayAgain(message, at: RowReference(step: ref.step, row: ref.row), before, after) {
        rowErrors[ref] = said
      }
    }
    var mode = self.mode
    mode.relocalize { resolution in
      var resolution = resolution
      if let said = sayAgain(
        resolution.message, at: RowReference(step: resolution.step, row: resolution.row), before, after)
      {
        resolution.message = said
      }
      return resolution
    }
    self.mode = mode
  }

  /// A message shown at `place` in the new words when the old words gave it there:
  /// a secret's "enter it again" (`error.enterAgain`), the rule message for the
  /// row's value now, or the flow's or the engine's words
  /// for an API error fixed there (``ErrorResolver/sayAgain(_:on:row:from:to:)``);
  /// nil for any other (an API's own).
  private func sayAgain(
    _ message: String, at place: RowReference, _ before: RuleEvaluator, _ after: RuleEvaluator
  ) -> String? {
    if let rowID = place.row, let row = compiled.step(place.step)?.row(rowID) {
      if row.secret, message == CheckoutSession.enterAgainMessage(for: row, in: before) {
        return CheckoutSession.enterAgainMessage(for: row, in: after)
      }
      let value = row.bind.flatMap { data[$0] }
      if before.firstFailure(of: row.rules, value: value, title: row.title, remember: false) == message {
        return after.firstFailure(of: row.rules, value: value, title: row.title, remember: false)
      }
    }
    return compiled.resolver.sayAgain(
      message, on: place.step, row: place.row,
      from: ErrorResolver.Words(messages: before.messages, locale: before.locale),
      to: ErrorResolver.Words(messages: after.messages, locale: after.locale))
  }
}

extension SessionMode {
  /// The offer waiting, the errors queued and the route's error, each passed through `change`.
  mutating func relocalize(_ change: (Resolution) -> Resolution) {
    switch self {
    case .idle(var correction):
      correction.queued = correction.queued.map(change)
      self = .idle(correction: correction)
    case .awaitingStep(let pending, var correction):
      correction.queued = correction.queued.map(change)
      self = .awaitingStep(pending: pending, correction: correction)
    case .offering(let offer, var correction, var waiting):
      correction.queued = correction.queued.map(change)
      if case .route(var driver)? = waiting {
        driver.changeResolution(change)
        waiting = .route(driver)
      }
      let changed = Offer(resolution: change(offer.resolution), from: offer.from)
      self = .offering(offer: changed, correction: correction, waiting: waiting)
    case .routing(var driver, let queued):
      driver.changeResolution(change)
      self = .routing(driver: driver, queued: queued.map(change))
    }
  }
}
