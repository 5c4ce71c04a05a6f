/// The name of each kind of rule as a flow file writes it (`"luhn"`, `{ "minLength":
/// 2 }`, `{ "custom": "postalCode" }`): the one list of the format's rules, which
/// the decoder, suggestions and the schema's test read.
///
/// A new ``RuleKind`` case does not compile until ``RuleKind/ruleName`` gives it a
/// name here, and a new name not until each switch over the names decides about it
/// (``form``, the decoder's reading of it).
///
/// ```swift
/// RuleName.luhn.kindWithoutArgument  // .luhn: written "luhn" or { "luhn": true }
/// RuleName.minLength.kindWithoutArgument  // nil: written { "minLength": 2 }
/// ```
package enum RuleName: String, CaseIterable, Hashable, Sendable {
  case required, email, luhn, digits, expiry, pattern, minLength, maxLength, oneOf, custom

  /// How a flow writes the rule: bare, or with an argument.
  package enum Form: Hashable, Sendable {
    /// A rule without an argument, written as a bare name (`"luhn"`) or as
    /// `{ "luhn": true }`: the rule itself.
    case bare(RuleKind)
    /// A rule with an argument (`{ "minLength": 2 }`): an example of the
    /// argument, for suggestions.
    case argument(example: String)
  }

  /// How a flow writes the rule.
  package var form: Form {
    switch self {
    case .required: return .bare(.required)
    case .email: return .bare(.email)
    case .luhn: return .bare(.luhn)
    case .digits: return .bare(.digits)
    case .expiry: return .bare(.expiry)
    case .pattern: return .argument(example: "\"^[0-9]{5}$\"")
    case .minLength: return .argument(example: "2")
    case .maxLength: return .argument(example: "40")
    case .oneOf: return .argument(example: "[\"US\", \"CA\"]")
    case .custom: return .argument(example: "\"ruleName\"")
    }
  }

  /// The rule, for one that takes no argument; nil for one that does.
  package var kindWithoutArgument: RuleKind? {
    if case .bare(let kind) = form { return kind }
    return nil
  }

  /// An example of its argument, for suggestions (`2` for `minLength`); nil for a
  /// rule that takes none.
  package var exampleArgument: String? {
    if case .argument(let example) = form { return example }
    return nil
  }
}

extension RuleKind {
  /// The rule's field in a flow file: its own name, or `custom` for a rule the
  /// embedding program registered.
  package var ruleName: RuleName {
    switch self {
    case .required: return .required
    case .email: return .email
    case .luhn: return .luhn
    case .digits: return .digits
    case .expiry: return .expiry
    case .pattern: return .pattern
    case .minLength: return .minLength
    case .maxLength: return .maxLength
    case .oneOf: return .oneOf
    case .custom: return .custom
    }
  }
}
