/// The name of each kind of rule as a flow file writes it (`"luhn"`, `{ "minLength":
/// 2 }`, `{ "custom": "postalCode" }`): the one list of the format's rules, which
/// the decoder, suggestions and the schema's test read.
///
/// A new ``RuleKind`` case does not compile until ``RuleKind/ruleName`` gives it a
/// name here, and a new name not until each switch over the names decides about it
/// (``kindWithoutArgument``, the decoder's reading of its argument).
///
/// ```swift
/// RuleName.luhn.kindWithoutArgument  // .luhn: written "luhn" or { "luhn": true }
/// RuleName.minLength.kindWithoutArgument  // nil: written { "minLength": 2 }
/// ```
package enum RuleName: String, CaseIterable, Hashable, Sendable {
  case required, email, luhn, digits, expiry, pattern, minLength, maxLength, oneOf, custom

  /// The rule, for one that takes no argument (written as a bare name, or as
  /// `{ "luhn": true }`); nil for one that does.
  package var kindWithoutArgument: RuleKind? {
    switch self {
    case .required: return .required
    case .email: return .email
    case .luhn: return .luhn
    case .digits: return .digits
    case .expiry: return .expiry
    case .pattern, .minLength, .maxLength, .oneOf, .custom: return nil
    }
  }

  /// An example of its argument, for suggestions (`{ "minLength": 2 }`); nil for a
  /// rule that takes none.
  package var exampleArgument: String? {
    switch self {
    case .pattern: return "\"^[0-9]{5}$\""
    case .minLength: return "2"
    case .maxLength: return "40"
    case .oneOf: return "[\"US\", \"CA\"]"
    case .custom: return "\"ruleName\""
    case .required, .email, .luhn, .digits, .expiry: return nil
    }
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
