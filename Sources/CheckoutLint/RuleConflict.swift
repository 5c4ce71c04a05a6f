import CheckoutModel
import CheckoutSynthesis

/// Rules of a text-like row that the story generator finds no value for together,
/// for lint's `contradictory-rules` check: what ``RuleSatisfiability`` does not
/// prove (a pattern the `digits` rule excludes, a rule it does not know yet) is
/// judged as `checkout generate` judges it, so lint never says `ok` for a row
/// generate cannot fill.
///
/// Only a conflict of two rules or more is reported, each of which some value
/// passes alone (a rule the synthesiser cannot serve alone, such as a pattern it
/// only approximates, is not a contradiction), and never one involving a custom
/// rule (lint does not run the host's code).
///
/// ```swift
/// RuleConflict(flow: flow).problem(row)
/// // "no value satisfies pattern ^x.*$ and digits together"
/// ```
struct RuleConflict {
  /// The generator's synthesiser, on the host's date and `generate`'s default seed.
  let synthesizer: ValueSynthesizer

  /// Prepares the check for the rows of `flow`.
  init(flow: Flow) {
    synthesizer = ValueSynthesizer(flow: flow, today: CalendarDate.systemToday(), seed: 1)
  }

  /// Why no present value passes the row's rules together, naming the rules that
  /// exclude each other; nil when the synthesiser finds a value, or cannot judge.
  func problem(_ row: Row) -> String? {
    guard row.kind.isTextLike, row.bind != nil, row.rules.count > 1 else { return nil }
    guard !row.rules.contains(where: { if case .custom = $0.kind { true } else { false } }) else { return nil }
    guard case .failure(let failure) = synthesizer.validValue(for: row), failure.rules.count > 1 else { return nil }
    return failure.reason
  }
}
