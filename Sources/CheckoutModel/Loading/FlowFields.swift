/// The fields of each object of the flow format, in one place.
///
/// The decoder accepts exactly these (anything else is an "unknown field" error
/// with a suggestion), and a test checks that `Flows/flow.schema.json` declares
/// the same ones.
package enum FlowFields {
  /// The top-level object.
  package static let flow = [
    "$schema", "format", "id", "title", "locales", "version", "renamed", "start", "data", "rules", "steps", "errors",
    "messages",
  ]
  /// The renames since the previous version.
  package static let renamed = ["steps", "rows", "keys"]
  /// A step.
  package static let step = ["id", "title", "presentation", "rows", "complete"]
  /// A row.
  package static let row = [
    "id", "cell", "title", "bind", "placeholder", "keyboard", "options", "rules", "visibleWhen",
    "enabledWhen", "sensitive", "secret", "detail", "opens", "requires", "action", "submit", "then",
    "validates", "provides", "actions",
  ]
  /// Names other form and checkout formats give fields of ours, with ours: an
  /// unknown field of one of these names is answered with ours, not with the
  /// field nearest in spelling (`kind` is one edit from `bind`, but means `cell`).
  package static let synonyms = [
    "kind": "cell", "type": "cell", "binding": "bind", "key": "bind", "label": "title", "name": "title",
    "validation": "rules", "validations": "rules", "hidden": "visibleWhen", "visibleIf": "visibleWhen",
    "enabledIf": "enabledWhen", "disabled": "enabledWhen", "onTap": "action", "presents": "opens",
  ]
  /// A picker option.
  package static let option = ["value", "label"]
  /// Picker options held in the data.
  package static let optionSource = ["from"]
  /// A completion check of a step.
  package static let completionCheck = ["when", "message"]
  /// An error matcher.
  package static let errorMatcher = ["code", "field", "operation", "step", "row", "message", "priority"]
  /// The rule fields of a rule object (one of them, plus `message`).
  package static let ruleKinds = RuleName.allCases.map(\.rawValue)
  /// An example argument of a rule that takes one, for suggestions.
  static func ruleExample(_ rule: String) -> String {
    RuleName(rawValue: rule)?.exampleArgument ?? "\"ruleName\""
  }
  /// Rules that take no argument and may be written as a bare string.
  package static let ruleNamesWithoutArguments = RuleName.allCases.filter { $0.kindWithoutArgument != nil }.map(
    \.rawValue)
  /// The fields of condition objects (`key` with `equals` or `present`, or `all`, `any`, `not`).
  package static let condition = ["key", "equals", "present", "all", "any", "not"]
}
