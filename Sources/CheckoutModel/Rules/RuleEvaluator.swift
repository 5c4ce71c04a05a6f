import Foundation

/// Runs a row's rules on a value and says the first one that fails.
///
/// Every rule but `required` passes on an empty value, so optional fields may
/// stay blank. Messages never quote the value (it may be a card number or a CVV).
/// Before any rule, a text holding an invisible control character (a NUL, an
/// escape, a line break, a bidirectional override) fails, whatever the row's
/// rules: a row shows it as its error, keeps what was typed, and the steps that
/// need it wait until it is retyped.
///
/// ```swift
/// let evaluator = RuleEvaluator(today: try CalendarDate.parse("2026-11-21"))
/// evaluator.firstFailure(of: [Rule(.luhn)], value: .string("4242 4242 4242 4241"), title: "Card number")
/// // "Card number is not a valid card number"
/// ```
public struct RuleEvaluator: Sendable {
  /// The session's date, for `expiry`; without one, expiry checks only the format.
  /// A session always gives its date (``CheckoutSession`` has one); only checks
  /// that ask whether a format can pass at all, like lint's, leave it out.
  @usableFromInline package var today: CalendarDate?
  /// Everything else the evaluator checks and speaks with, in one shared reference:
  /// a session builds an evaluator for every event that checks a rule, and copies
  /// the date and this one reference rather than each table and message.
  @usableFromInline package var context: Context

  /// The custom rules available.
  package var registry: RuleRegistry {
    get { context.registry }
    set { context = Context(registry: newValue, patterns: patterns, messages: messages, locale: locale) }
  }
  /// Compiled patterns (a flow's, compiled once).
  package var patterns: PatternCache {
    get { context.patterns }
    set { context = Context(registry: registry, patterns: newValue, messages: messages, locale: locale) }
  }
  /// The words of the default messages: a session's, in its locale.
  package var messages: EngineMessages {
    get { context.messages }
    set { context = Context(registry: registry, patterns: patterns, messages: newValue, locale: locale) }
  }
  /// The language messages are in: a rule's or completion check's message and a
  /// row's title written per locale are shown in it; nil is the flow's default.
  package var locale: String? {
    get { context.locale }
    set { context = Context(registry: registry, patterns: patterns, messages: messages, locale: newValue) }
  }

  /// An evaluator's custom rules, patterns and words: the same for every session of
  /// a flow in one language (a compiled flow keeps its default language's), never
  /// changed once made.
  @usableFromInline package final class Context: Sendable {
    /// The custom rules available.
    package let registry: RuleRegistry
    /// Compiled patterns (a flow's, compiled once).
    package let patterns: PatternCache
    /// The words of the default messages.
    package let messages: EngineMessages
    /// The language messages are in; nil is the flow's default.
    package let locale: String?

    /// A context of these rules, patterns and words.
    package init(registry: RuleRegistry, patterns: PatternCache, messages: EngineMessages, locale: String?) {
      self.registry = registry
      self.patterns = patterns
      self.messages = messages
      self.locale = locale
    }
  }

  /// Creates an evaluator.
  package init(
    today: CalendarDate? = nil, registry: RuleRegistry = RuleRegistry(), patterns: PatternCache = PatternCache(),
    messages: EngineMessages = .english, locale: String? = nil
  ) {
    self.today = today
    self.context = Context(registry: registry, patterns: patterns, messages: messages, locale: locale)
  }

  /// A session's evaluator: its date and its flow's and language's context.
  /// Inlinable, as a session makes one for each event that checks a rule: inlined
  /// it costs a date and one reference.
  @inlinable package init(session today: CalendarDate, context: Context) {
    self.today = today
    self.context = context
  }

  /// The message of the first rule the value fails, or nil when it passes them all.
  ///
  /// `remember` lets pattern answers be remembered across sessions; pass false for
  /// a secret row, whose values must not outlive the session. The message is in
  /// ``locale``, as is the row's `title` in it.
  package func firstFailure(of rules: [Rule], value: Value?, title: LocalizedText, remember: Bool = true) -> String? {
    if case .string(let text)? = value, Self.holdsControlCharacters(text) {
      return messages.text(.ruleControlCharacters, title.text(in: locale))
    }
    for rule in rules where !passes(rule.kind, value, remember: remember) {
      return rule.message?.text(in: locale) ?? defaultMessage(rule.kind, title: title.text(in: locale), value: value)
    }
    return nil
  }

  /// Whether a value passes one rule.
  package func passes(_ kind: RuleKind, _ value: Value?, remember: Bool = true) -> Bool {
    let present = value?.isPresent ?? false
    if case .required = kind { return present }
    guard present, let value else { return true }
    switch kind {
    case .required: return true
    case .email: return Self.isEmail(Self.trimmed(value.displayText))
    case .luhn: return Self.passesLuhn(Self.trimmed(value.displayText))
    case .digits:
      let text = Self.trimmed(value.displayText)
      return !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    case .expiry: return isValidExpiry(Self.trimmed(value.displayText))
    case .pattern(let pattern):
      return patterns.wholeMatch(pattern, value.displayText, remember: remember)
    case .minLength(let minimum): return value.displayText.count >= minimum
    case .maxLength(let maximum): return value.displayText.count <= maximum
    case .oneOf(let values): return values.contains(value.displayText)
    case .custom(let name): return registry.rules[name]?.check(value.displayText) ?? false
    }
  }

  /// The message a rule shows when the flow gives none, in ``messages``' words.
  ///
  /// `value` is the value that failed, when known: `expiry` says only the format
  /// (`rule.expiryFormat`) for a value that is not `MM/YY` with a real month
  /// (`1230`, `12/2030`, `13/27`), and that the month has passed (`rule.expiry`)
  /// only for a well-formed one; without a date it always says the format.
  package func defaultMessage(_ kind: RuleKind, title: String, value: Value? = nil) -> String {
    switch kind {
    case .required: return messages.text(.ruleRequired, title)
    case .email: return messages.text(.ruleEmail, title)
    case .luhn: return messages.text(.ruleLuhn, title)
    case .digits: return messages.text(.ruleDigits, title)
    case .expiry: return messages.text(expiryMessage(for: value), title)
    case .pattern: return messages.text(.rulePattern, title)
    case .minLength(let minimum): return messages.text(.ruleMinLength, title, String(minimum))
    case .maxLength(let maximum): return messages.text(.ruleMaxLength, title, String(maximum))
    case .oneOf(let values): return messages.text(.ruleOneOf, title, messages.list(values))
    case .custom(let name): return registry.rules[name]?.message ?? messages.text(.ruleCustom, title)
    }
  }

  /// Whether a text holds a character no field of a form should: a control
  /// character (U+0000–U+001F but the tab, U+007F–U+009F: a NUL, an escape, a line
  /// break pasted into a one-line field), a line or paragraph separator (U+2028,
  /// U+2029), or a bidirectional embedding, override or isolate (U+202A–U+202E,
  /// U+2066–U+2069), which reorders how the text around it reads on a receipt or
  /// in a log. The marks U+200E and U+200F, which right-to-left text needs, and the
  /// joiners emoji use are allowed. ASCII text is read byte by byte.
  package static func holdsControlCharacters(_ text: String) -> Bool {
    var ascii = true
    for byte in text.utf8 {
      if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
      if byte >= 0x80 { ascii = false }
    }
    if ascii { return false }
    return text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
      default: return false
      }
    }
  }

  /// The text without leading and trailing spaces and tabs (ASCII fast path).
  static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else { return text }
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard isBlank(first) || isBlank(last) else { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  static func isEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
    let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
  }

  /// Whether text passes the Luhn check as the `luhn` rule reads it.
  package static func passesLuhnCheck(_ text: String) -> Bool { passesLuhn(text) }

  /// Luhn over the digits; spaces and dashes are ignored, anything else fails.
  /// Read from the last byte back, so the digits need no array (a byte that is not
  /// ASCII is never a digit, a space or a dash).
  static func passesLuhn(_ text: String) -> Bool {
    var count = 0
    var sum = 0
    for byte in text.utf8.reversed() {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") { continue }
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
      let digit = Int(byte &- UInt8(ascii: "0"))
      if count % 2 == 1 {
        let doubled = digit * 2
        sum += doubled > 9 ? doubled - 9 : doubled
      } else {
        sum += digit
      }
      count += 1
    }
    guard (12...19).contains(count) else { return false }
    return sum % 10 == 0
  }

  /// Which expiry message a failing value gets: the format's for a malformed value
  /// (or without a date), the passed month's for a well-formed one.
  private func expiryMessage(for value: Value?) -> EngineMessageID {
    guard today != nil else { return .ruleExpiryFormat }
    guard let value else { return .ruleExpiry }
    return Self.expiryMonthAndYear(Self.trimmed(value.displayText)) == nil ? .ruleExpiryFormat : .ruleExpiry
  }

  /// `MM/YY` with a real month, and (with a date) not before this month.
  func isValidExpiry(_ text: String) -> Bool {
    guard let (month, year) = Self.expiryMonthAndYear(text) else { return false }
    guard let today else { return true }
    let fullYear = (today.year / 100) * 100 + year
    return (fullYear, month) >= (today.year, today.month)
  }

  /// The month (1–12) and two-digit year of `MM/YY`, or nil for any other text:
  /// exactly five bytes, two ASCII digits, a slash, two ASCII digits, a real month.
  static func expiryMonthAndYear(_ text: String) -> (month: Int, year: Int)? {
    var bytes = (0, 0, 0, 0, 0)
    var count = 0
    for byte in text.utf8 {
      guard count < 5 else { return nil }
      switch count {
      case 0: bytes.0 = Int(byte)
      case 1: bytes.1 = Int(byte)
      case 2: bytes.2 = Int(byte)
      case 3: bytes.3 = Int(byte)
      default: bytes.4 = Int(byte)
      }
      count += 1
    }
    let zero = Int(UInt8(ascii: "0"))
    let isDigit = { (byte: Int) in byte >= zero && byte <= zero + 9 }
    guard count == 5, bytes.2 == Int(UInt8(ascii: "/")),
      isDigit(bytes.0), isDigit(bytes.1), isDigit(bytes.3), isDigit(bytes.4)
    else { return nil }
    let month = (bytes.0 - zero) * 10 + (bytes.1 - zero)
    let year = (bytes.3 - zero) * 10 + (bytes.4 - zero)
    guard (1...12).contains(month) else { return nil }
    return (month, year)
  }
}
