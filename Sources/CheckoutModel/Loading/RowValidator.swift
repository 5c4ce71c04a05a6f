/// Checks that a row's attributes fit its cell kind and that what it names exists.
///
/// The fit is checked on the row's fields as the document wrote them (``CellFields``),
/// since the model's ``Cell`` cannot hold a field its kind does not take; a flow built
/// in code is checked through its cells' own fields.
struct RowValidator {
  let row: Row
  /// The row's kind-specific fields as written.
  let written: CellFields
  let path: JSONPath
  let validator: FlowValidator

  init(row: Row, written: CellFields?, path: JSONPath, validator: FlowValidator) {
    self.row = row
    self.written = written ?? CellFields(row.cell)
    self.path = path
    self.validator = validator
  }

  func validate(kindKnown: Bool) {
    if kindKnown { checkAttributesFitKind() }
    checkReferences()
    checkRules()
    if let detail = written.detail { checkTemplate(detail) }
    if row.sensitive && row.secret {
      validator.error(
        "sensitive-and-secret", "a row is either \"sensitive\" (shown masked) or \"secret\" (never shown), not both",
        at: path.appending("secret"))
    }
  }

  private var kind: String { "\(written.kind.withArticle) row" }

  private func checkAttributesFitKind() {
    let cell = written.kind
    if cell.takesValue && written.bind == nil {
      validator.error(
        "missing-bind", "\(kind) holds a value, so it needs \"bind\": the data key it reads and writes",
        at: path, suggestion: "add \"bind\": \"some.key\"")
    }
    if !cell.mayBind && written.bind != nil { notFor("bind") }
    if !cell.isTextLike {
      if written.placeholder != nil { notFor("placeholder", only: "text-like rows") }
      if written.keyboard != nil { notFor("keyboard", only: "text-like rows") }
    }
    checkOptionsFit()
    if !cell.takesValue && !row.rules.isEmpty { notFor("rules", only: "rows that hold a value") }
    if written.bind == nil {
      if row.sensitive { notFor("sensitive", only: "rows bound to a key") }
      if row.secret { notFor("secret", only: "rows bound to a key") }
    }
    if written.detail != nil && !cell.showsDetail { notFor("detail", only: "disclosure and info rows") }
    if !cell.isTappable && !row.requires.isEmpty { notFor("requires", only: "disclosure and button rows") }
    checkAction()
  }

  private func checkOptionsFit() {
    switch written.kind {
    case .picker:
      if written.options == nil {
        validator.error(
          "missing-options", "a picker row needs \"options\": a list, or { \"from\": key }", at: path)
      }
    case .text, .secure, .number, .email, .phone, .toggle, .disclosure, .button, .info:
      if written.options != nil { notFor("options", only: "picker rows") }
    }
  }

  private func checkAction() {
    switch written.kind {
    case .disclosure:
      switch written.action {
      case .opens?: return
      case nil: validator.error("missing-action", "a disclosure row needs \"opens\": the step it opens", at: path)
      case .close?, .submit?, .resume?:
        validator.error(
          "invalid-action", "a disclosure row opens a step; use a button row to close, resume or submit", at: path)
      }
    case .button:
      if written.action == nil {
        validator.error(
          "missing-action", "a button row needs one of \"opens\", \"action\": \"close\" or \"resume\", or \"submit\"",
          at: path)
      }
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .info:
      if let action = written.action { notFor(actionField(action), only: "disclosure and button rows") }
    }
  }

  private func actionField(_ action: RowAction) -> String {
    switch action {
    case .opens: return "opens"
    case .close, .resume: return "action"
    case .submit: return "submit"
    }
  }

  private func notFor(_ field: String, only: String? = nil) {
    validator.error(
      "field-not-for-cell", "\(Quoting.quoted(field)) does not apply to \(kind)", at: path.appending(field),
      suggestion: only.map { "\(Quoting.quoted(field)) is for \($0)" })
  }

  private func checkReferences() {
    switch written.action {
    case .opens(let step):
      validator.checkStep(step, at: path.appending("opens"))
    case .submit(let submit):
      if let then = submit.then { validator.checkStep(then, at: path.appending("then")) }
      for (index, step) in (submit.validates ?? []).enumerated() {
        validator.checkStep(step, at: element("validates", index))
      }
      for (action, step) in submit.actions.sorted(by: { $0.key < $1.key }) {
        validator.checkStep(step, at: path.appending("actions").appending(action.rawValue))
      }
    case .close, .resume, nil:
      break
    }
    for (index, step) in row.requires.enumerated() {
      validator.checkStep(step, at: element("requires", index))
    }
  }

  /// The document path of the model's element `index` of the row's list `list`.
  private func element(_ list: String, _ index: Int) -> JSONPath {
    validator.positions.elementPath(path.appending(list), index)
  }

  private func checkRules() {
    for (index, rule) in row.rules.enumerated() {
      let rulePath = element("rules", index)
      switch rule.kind {
      case .custom where rule.name != nil:
        break  // a named rule defined as another rule: reported where it is defined
      case .custom(let name) where FlowFields.ruleKinds.contains(name) && !validator.customRules.contains(name):
        validator.error(
          "rule-needs-argument", "rule \(Quoting.quoted(name)) takes an argument", at: rulePath,
          suggestion: "write it as an object, like { \"\(name)\": \(FlowFields.ruleExample(name)) }")
      case .custom(let name) where !validator.customRules.contains(name):
        let named = validator.flow.rules.keys.sorted()
        let known = FlowFields.ruleNamesWithoutArguments + named + validator.customRules.sorted()
        validator.error(
          "unknown-rule", "unknown rule \(Quoting.quoted(name))", at: rulePath,
          suggestion: Suggestions.didYouMean(name, in: known + FlowFields.ruleKinds)
            ?? "built-in rules are \(Suggestions.list(FlowFields.ruleKinds))"
            + (named.isEmpty ? "" : "; the flow's rules are \(Suggestions.list(named))")
            + "; custom rules must be named in the flow's \"rules\" or registered by the program that loads the flow")
      case .pattern where rule.name != nil:
        break  // a named rule's definition is reported where it is defined
      case .oneOf where rule.name != nil:
        break  // reported where the named rule is defined
      case .pattern(let pattern):
        if let problem = PatternCache.problem(with: pattern) {
          validator.error(
            "invalid-pattern", "\(Quoting.quoted(pattern)) is not a valid regular expression: \(problem)",
            at: rulePath.appending("pattern"))
        }
      case .oneOf(let values) where values.isEmpty:
        validator.error("invalid-value", "\"oneOf\" needs at least one value", at: rulePath.appending("oneOf"))
      default:
        break
      }
    }
    if case .list(let options) = written.options {
      checkOptions(options)
    }
  }

  private func checkOptions(_ options: [PickerOption]) {
    // Options the decoder could not read are left out and reported where they stand.
    if options.isEmpty, !validator.reported(within: path.appending("options")) {
      validator.error("empty-options", "a picker needs at least one option", at: path.appending("options"))
    }
    var seen: Set<String> = []
    for (index, option) in options.enumerated() where !seen.insert(option.value).inserted {
      validator.error(
        "duplicate-option", "option value \(Quoting.quoted(option.value)) appears more than once",
        at: element("options", index).appending("value"))
    }
  }

  /// Each template a detail holds must parse: the one plain string, or the one of
  /// each locale (reported at the locale's path), each problem of a malformed
  /// plural on its own.
  private func checkTemplate(_ detail: LocalizedText) {
    for (at, template) in detail.written(at: path.appending("detail")) {
      guard case .failure(let first) = DetailTemplate.parse(template) else { continue }
      for problem in first.all {
        validator.error(
          "invalid-template", "\(problem.message) in template \(Quoting.quoted(template))", at: at,
          suggestion: problem.suggestion
            ?? "write {some.key} to show a value, or {some.key:FORMAT} to write it in the session's language (\(ValueFormat.written)), and nothing else in braces"
        )
      }
    }
  }
}
