/// How values are shown where they could be seen: `sensitive` values masked to
/// their last four characters, `secret` values never.
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
  public let secretKeys: Set<DataKey>
  /// Keys whose values are shown masked.
  public let sensitiveKeys: Set<DataKey>

  /// The policy of a flow's rows.
  public init(_ flow: Flow) {
    var secret: Set<DataKey> = []
    var sensitive: Set<DataKey> = []
    for row in flow.steps.flatMap(\.rows) {
      guard let key = row.bind else { continue }
      if row.secret { secret.insert(key) }
      if row.sensitive { sensitive.insert(key) }
    }
    secretKeys = secret
    sensitiveKeys = sensitive.subtracting(secret)
  }

  /// What stands in for a secret value that is present.
  public static let secretPlaceholder = "•••"

  /// Whether the key's value may never be shown.
  public func isSecret(_ key: DataKey) -> Bool { secretKeys.contains(key) }

  /// The value of `key` as it may be shown: masked, hidden, or as is.
  public func display(_ value: Value?, of key: DataKey?) -> String {
    guard let value else { return "" }
    guard let key else { return value.displayText }
    if secretKeys.contains(key) { return value.isPresent ? Masking.secretPlaceholder : "" }
    if sensitiveKeys.contains(key) { return Masking.masked(value.displayText) }
    return value.displayText
  }

  /// `•••• 4242`: the last four characters (spaces and dashes dropped), or fully
  /// masked when there are four or fewer.
  public static func masked(_ text: String) -> String {
    let characters = text.filter { $0 != " " && $0 != "-" }
    guard !characters.isEmpty else { return "" }
    guard characters.count > 4 else { return "••••" }
    return "•••• " + String(characters.suffix(4))
  }

  /// The data with secret keys removed and sensitive ones masked (unless `revealSensitive`).
  public func redacted(_ data: [DataKey: Value], revealSensitive: Bool = false) -> [DataKey: Value] {
    var copy: [DataKey: Value] = [:]
    for (key, value) in data where !secretKeys.contains(key) {
      copy[key] = sensitiveKeys.contains(key) && !revealSensitive ? .string(Masking.masked(value.displayText)) : value
    }
    return copy
  }
}
