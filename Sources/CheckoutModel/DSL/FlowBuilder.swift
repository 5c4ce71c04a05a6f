/// Builds flows in Swift, producing exactly the model the JSON loader produces.
///
/// ```swift
/// let flow = Flow(id: "mini", title: "Mini checkout", start: "cart") {
///   Step("cart", title: "My Cart") {
///     Disclosure("discount", title: "Discount code", opens: "discount")
///     Button("checkout", title: "Checkout", opens: "review")
///   }
///   Step("discount", title: "Discount", presentation: .modal) {
///     TextField("code", title: "Code", bind: "discount.code").rules(.required)
///     Button("apply", title: "Apply", submit: "applyDiscount")
///   }
///   Step("review", title: "Review") {}
///   ErrorMatcher(code: "discount_*", step: "discount", row: "code")
/// }
/// let problems = flow.validate()  // the loader's checks
/// ```
@resultBuilder
public enum FlowBuilder {
  public static func buildExpression(_ step: Step) -> [FlowPart] { [.step(step)] }
  public static func buildExpression(_ matcher: ErrorMatcher) -> [FlowPart] { [.error(matcher)] }
  public static func buildBlock(_ parts: [FlowPart]...) -> [FlowPart] { parts.flatMap { $0 } }
  public static func buildArray(_ parts: [[FlowPart]]) -> [FlowPart] { parts.flatMap { $0 } }
  public static func buildOptional(_ parts: [FlowPart]?) -> [FlowPart] { parts ?? [] }
  public static func buildEither(first parts: [FlowPart]) -> [FlowPart] { parts }
  public static func buildEither(second parts: [FlowPart]) -> [FlowPart] { parts }
}

/// A piece of a flow built in Swift: a step or an error matcher.
public enum FlowPart: Sendable {
  case step(Step)
  case error(ErrorMatcher)
}

/// Builds a step's rows.
@resultBuilder
public enum RowBuilder {
  public static func buildExpression(_ row: some RowConvertible) -> [Row] { [row.row] }
  public static func buildBlock(_ rows: [Row]...) -> [Row] { rows.flatMap { $0 } }
  public static func buildArray(_ rows: [[Row]]) -> [Row] { rows.flatMap { $0 } }
  public static func buildOptional(_ rows: [Row]?) -> [Row] { rows ?? [] }
  public static func buildEither(first rows: [Row]) -> [Row] { rows }
  public static func buildEither(second rows: [Row]) -> [Row] { rows }
}

extension Flow {
  /// A flow built from steps and error matchers, in order; `rules` are the flow's
  /// named rules, used in rows as `.custom("postalCode")`; `locales` the languages
  /// it ships, the default first (any title or message may then be written per
  /// locale: `title: ["en": "Card number", "de": "Kartennummer"]`).
  public init(
    id: FlowID, title: LocalizedText, start: StepID, data: [DataKey: Value] = [:], rules: [String: Rule] = [:],
    locales: [String] = [], @FlowBuilder _ content: () -> [FlowPart]
  ) {
    var steps: [Step] = []
    var errors: [ErrorMatcher] = []
    for part in content() {
      switch part {
      case .step(let step): steps.append(step)
      case .error(let matcher): errors.append(matcher)
      }
    }
    self.init(
      id: id, title: title, start: start, data: data, rules: rules, steps: steps, errors: errors, locales: locales)
  }
}

extension Step {
  /// A step built from rows.
  public init(
    _ id: StepID, title: LocalizedText, presentation: Presentation = .push, complete: [CompletionCheck] = [],
    @RowBuilder _ rows: () -> [Row]
  ) {
    self.init(id: id, title: title, presentation: presentation, rows: rows(), complete: complete)
  }
}
