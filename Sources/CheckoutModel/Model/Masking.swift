/// How values are shown where they could be seen: `sensitive` values masked to
/// their last four characters, `secret` values never, and a picker's value as the
/// label of its option (`Standard (5-7 business days)`, not `standard`).
///
/// The policy is per key: a key is secret (or sensitive) when any row bound to it
/// says so, so a review row can never show what the entry row hides.
///
/// ```swift
/// Masking.masked("4242 4242 4242 4242")  // "•••• 4242"
/// Masking.masked("12")                   // "••••"
/// ```
public struct Masking: Hashable, Sendable {
  /// Keys whose values are never shown, logged or persisted.
  package let secretKeys: Set<DataKey>
  /// Keys whose values are shown masked.
  public let sensitiveKeys: Set<DataKey>
  /// Keys bound by picker rows, with where their options come from (the first
  /// picker row bound to a key gives them).
  package let pickerOptions: [DataKey: PickerOptions]

  /// The policy of a flow's rows.
  package init(_ flow: Flow) {
    var secret: Set<DataKey> = []
    var sensitive: Set<DataKey> = []
    var pickers: [DataKey: PickerOptions] = [:]
    for row in flow.steps.flatMap(\.rows) {
      guard let key = row.bind else { continue }
      if row.secret { secret.insert(key) }
      if row.sensitive { sensitive.insert(key) }
      // Only a picker's cell carries options.
      if let options = row.options, pickers[key] == nil { pickers[key] = options }
    }
    secretKeys = secret
    sensitiveKeys = sensitive.subtracting(secret)
    pickerOptions = pickers
  }

  /// What stands in for a secret value that is present.
  package static let secretPlaceholder = "•••"

  /// Whether the key's value may never be shown.
  package func isSecret(_ key: DataKey) -> Bool { secretKeys.contains(key) }

  /// Whether the key's value is never shown as it is (secret or sensitive).
  package func isMasked(_ key: DataKey) -> Bool { secretKeys.contains(key) || sensitiveKeys.contains(key) }

  /// The value of `key` as it may be shown: masked, hidden, a picker option's
  /// label, or as is. `data` holds the options of pickers whose options come
  /// `from` a key (a value no option has is shown as it is). A label is shown in
  /// `locale` (nil: the flow's default language).
  ///
  /// ```swift
  /// masking.display(.string("standard"), of: "shipping.method", in: data)  // "Standard (5-7 business days)"
  /// ```
  package func display(
    _ value: Value?, of key: DataKey?, in data: [DataKey: Value] = [:], locale: String? = nil
  ) -> String {
    guard let value else { return "" }
    guard let key else { return value.displayText }
    if secretKeys.contains(key) { return value.isPresent ? Masking.secretPlaceholder : "" }
    if sensitiveKeys.contains(key) { return Masking.masked(value.displayText) }
    let text = value.displayText
    return options(of: key, in: data)?.first { $0.value == text }?.label.text(in: locale) ?? text
  }

  /// The options of the picker bound to `key`, or nil when no picker row binds it.
  package func options(of key: DataKey, in data: [DataKey: Value]) -> [PickerOption]? {
    pickerOptions[key]?.options(in: data)
  }

  /// A value as a message about the flow shows it: hidden for a secret key, masked
  /// for a sensitive one, else as the flow file writes it (``Value/asWritten``).
  ///
  /// ```swift
  /// masking.shown(.string("123"), of: "payment.card.cvv")  // "\"•••\""
  /// masking.shown(.bool(true), of: "gift.enabled")         // "true"
  /// ```
  package func shown(_ value: Value, of key: DataKey) -> String {
    let text: String
    if isSecret(key) {
      text = Masking.secretPlaceholder
    } else if sensitiveKeys.contains(key) {
      text = Masking.masked(value.displayText)
    } else {
      return value.asWritten
    }
    if case .string = value { return Quoting.quoted(text) }
    return text
  }

  /// `•••• 4242`: the last four characters (spaces and dashes dropped), or fully
  /// masked when there are four or fewer.
  public static func masked(_ text: String) -> String {
    if let masked = maskedASCII(text) { return masked }
    let characters = text.filter { $0 != " " && $0 != "-" }
    guard !characters.isEmpty else { return "" }
    guard characters.count > 4 else { return "••••" }
    return "•••• " + String(characters.suffix(4))
  }

  /// ``masked(_:)`` of ASCII text without a carriage return (each byte is then one
  /// character: only `\r\n` joins two ASCII bytes), read byte by byte instead of
  /// character by character; nil for any other text.
  private static func maskedASCII(_ text: String) -> String? {
    var kept = 0
    var last: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    for byte in text.utf8 {
      if byte >= 0x80 || byte == UInt8(ascii: "\r") { return nil }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") { continue }
      kept += 1
      last = (last.1, last.2, last.3, byte)
    }
    guard kept > 0 else { return "" }
    guard kept > 4 else { return "••••" }
    return "•••• " + String(decoding: [last.0, last.1, last.2, last.3], as: UTF8.self)
  }

  /// The data with secret keys removed and sensitive ones masked (unless `revealSensitive`).
  package func redacted(_ data: [DataKey: Value], revealSensitive: Bool = false) -> [DataKey: Value] {
    var copy: [DataKey: Value] = [:]
    for (key, value) in data where !secretKeys.contains(key) {
      copy[key] = sensitiveKeys.contains(key) && !revealSensitive ? .string(Masking.masked(value.displayText)) : value
    }
    return copy
  }
}

extension PickerOptions {
  /// The options offered on this data: the list, or the options held in the `from`
  /// key (none when that key holds no options).
  package func options(in data: [DataKey: Value]) -> [PickerOption] {
    switch self {
    case .list(let options): return options
    case .from(let source):
      if case .options(let options)? = data[source] { return options }
      return []
    }
  }
}
