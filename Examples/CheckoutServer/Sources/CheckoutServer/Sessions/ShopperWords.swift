import CheckoutEngine

/// The session's own words (``CheckoutSession/hostWords``, `host.problem.*`) for
/// what a shopper typed or did that the server refuses itself: a value too long, a
/// control character pasted, a card number in a name, a second window. Said in the
/// session's language with a row by its title, never an id or the value sent.
struct ShopperWords: Sendable {
  /// The words by id, in the session's language (empty: the session could not be restored).
  let words: [String: String]

  /// The words of `session`; none when there is no session.
  init(_ session: CheckoutSession?) {
    words = session?.hostWords ?? [:]
  }

  /// The words of the session `served` holds, restored only for this (an error's
  /// answer), or of its stand-in when it does not restore (``ShopperSpeaker/of(_:)``).
  init(_ served: ServedSession) {
    self.init(ShopperSpeaker.of(served)?.session)
  }

  /// The word `id` with each `{name}` filled in from `values`; `otherwise` (the
  /// developer's English) when the session has no such word.
  func text(_ id: String, _ values: [String: String] = [:], otherwise: @autoclosure () -> String) -> String {
    guard var text = words[id] else { return otherwise() }
    for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
    return text
  }

  /// The title, in `session`'s language, of the row a `set` writes (`target`):
  /// the row named (on its step, or the step on screen), else the first row
  /// binding the key; the target itself when the flow has none.
  /// A row named without its step is looked for on `top` (the session's own step
  /// on screen when nil).
  static func rowTitle(of target: SetTarget, in session: CheckoutSession, top: StepID? = nil) -> String {
    rows(of: target, in: session, top: top).first?.title.text(in: session.locale) ?? target.description
  }

  /// The rows a `set` of `target` may write; a row named without its step, on
  /// `top` (the session's step on screen when nil).
  static func rows(of target: SetTarget, in session: CheckoutSession, top: StepID? = nil) -> [Row] {
    switch target {
    case .row(let row, let step):
      let stepID = step ?? top ?? session.navigation.top
      return session.flow.steps.first { $0.id == stepID }?.rows.filter { $0.id == row } ?? []
    case .key(let key):
      return session.flow.steps.flatMap(\.rows).filter { $0.bind == key }
    }
  }
}
