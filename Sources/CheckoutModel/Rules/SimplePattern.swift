/// A matcher for the simple patterns checkout forms use (`^[0-9]{3,4}$`,
/// `^[0-9]{5}(-[0-9]{4})?$`, `^[A-Za-z]{2}$`), running on the text's UTF-8 bytes
/// in nanoseconds where the regular-expression engine takes microseconds.
///
/// It accepts only a subset whose answers are the engine's answers: the pattern
/// ends with `$`; atoms are ASCII literals, escaped punctuation and bracket classes
/// of ASCII ranges and literals (no negation, no set operations); quantifiers are
/// `?`, `*`, `+` and `{n}`, `{n,}`, `{n,m}`; a group is a sequence of atoms with
/// an optional `?`. Any other pattern returns nil from ``init(_:)`` and goes to
/// `NSRegularExpression`. With the trailing `$` and ASCII-only atoms, "the engine's
/// first anchored match covers the whole text" is the same as "some way of matching
/// consumes every byte", which is what ``wholeMatch(_:)`` decides by backtracking.
///
/// ```swift
/// SimplePattern("^[0-9]{3,4}$")?.wholeMatch("123")   // true
/// SimplePattern("^(a|b)$")                           // nil: alternation is not in the subset
/// ```
struct SimplePattern: Sendable {
  /// One atom repeated `minimum...maximum` times, or an optional group.
  enum Item: Sendable {
    case atom(bytes: [Bool], minimum: Int, maximum: Int)
    case optionalGroup([Item])
  }

  let items: [Item]

  /// Parses the pattern, or nil when it is outside the subset.
  init?(_ pattern: String) {
    var bytes = Array(pattern.utf8)
    guard bytes.last == UInt8(ascii: "$") else { return nil }
    bytes.removeLast()
    if bytes.last == UInt8(ascii: "\\") { return nil }  // an escaped `$`, not an anchor
    var index = bytes.first == UInt8(ascii: "^") ? 1 : 0
    guard let items = SimplePattern.sequence(bytes, &index, inGroup: false), index == bytes.count else { return nil }
    self.items = items
  }

  /// Whether the whole text matches.
  func wholeMatch(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return SimplePattern.match(items[...], bytes, 0) { $0 == bytes.count }
  }

  // MARK: Matching

  /// Whether `items` match from `position` in some way after which `rest` accepts
  /// the end position; greedy counts first, then fewer (backtracking).
  private static func match(
    _ items: ArraySlice<Item>, _ text: [UInt8], _ position: Int, _ rest: (Int) -> Bool
  ) -> Bool {
    guard let first = items.first else { return rest(position) }
    let remaining = items.dropFirst()
    switch first {
    case .atom(let set, let minimum, let maximum):
      var count = 0
      while count < maximum, position + count < text.count {
        let byte = text[position + count]
        guard byte < 128, set[Int(byte)] else { break }
        count += 1
      }
      guard count >= minimum else { return false }
      for taken in stride(from: count, through: minimum, by: -1) where match(remaining, text, position + taken, rest) {
        return true
      }
      return false
    case .optionalGroup(let group):
      return match(group[...], text, position) { after in match(remaining, text, after, rest) }
        || match(remaining, text, position, rest)
    }
  }

  // MARK: Parsing

  private static func sequence(_ bytes: [UInt8], _ index: inout Int, inGroup: Bool) -> [Item]? {
    var items: [Item] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ")") {
        return inGroup ? items : nil
      }
      if byte == UInt8(ascii: "(") {
        guard !inGroup else { return nil }
        index += 1
        guard let group = sequence(bytes, &index, inGroup: true), index < bytes.count, !group.isEmpty else {
          return nil
        }
        index += 1  // `)`
        guard index < bytes.count, bytes[index] == UInt8(ascii: "?") else { return nil }
        index += 1
        // A lazy or possessive `?` is the engine's to match.
        if index < bytes.count, [UInt8(ascii: "?"), UInt8(ascii: "+")].contains(bytes[index]) { return nil }
        items.append(.optionalGroup(group))
        continue
      }
      guard let set = atom(bytes, &index) else { return nil }
      guard let (minimum, maximum) = quantifier(bytes, &index) else { return nil }
      items.append(.atom(bytes: set, minimum: minimum, maximum: maximum))
    }
    return inGroup ? nil : items
  }

  private static let literals = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_@:,/'=!%&<>~\"".utf8)
  private static let escapable = Set(".-+()/\\$^?*{}[]|".utf8)
  private static let classLiterals = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _@:,/'=!%<>~\".+*?(){}$|".utf8)

  /// One atom as the set of ASCII bytes it matches.
  private static func atom(_ bytes: [UInt8], _ index: inout Int) -> [Bool]? {
    var set = [Bool](repeating: false, count: 128)
    let byte = bytes[index]
    if byte == UInt8(ascii: "\\") {
      guard index + 1 < bytes.count, escapable.contains(bytes[index + 1]) else { return nil }
      set[Int(bytes[index + 1])] = true
      index += 2
      return set
    }
    if byte == UInt8(ascii: "[") {
      index += 1
      var members: [UInt8] = []
      while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
        var member = bytes[index]
        if member == UInt8(ascii: "\\") {
          guard index + 1 < bytes.count,
            [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "/")]
              .contains(bytes[index + 1])
          else { return nil }
          member = bytes[index + 1]
          index += 2
        } else if member == UInt8(ascii: "-") {
          // A literal dash only first or last in the class.
          guard members.isEmpty || (index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "]")) else {
            return nil
          }
          index += 1
        } else {
          guard classLiterals.contains(member) else { return nil }
          index += 1
        }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] != UInt8(ascii: "]") {
          let upper = bytes[index + 1]
          guard classLiterals.contains(upper), upper != UInt8(ascii: "\\"), member <= upper,
            isRangeEnd(member), isRangeEnd(upper)
          else { return nil }
          members += Array(member...upper)
          index += 2
        } else {
          members.append(member)
        }
      }
      guard index < bytes.count, !members.isEmpty else { return nil }
      index += 1  // `]`
      for member in members { set[Int(member)] = true }
      return set
    }
    guard literals.contains(byte) else { return nil }
    set[Int(byte)] = true
    index += 1
    return set
  }

  /// Ranges only between two letters or two digits of the same kind.
  private static func isRangeEnd(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` or none; nil for a lazy or possessive
  /// quantifier or a malformed count.
  private static func quantifier(_ bytes: [UInt8], _ index: inout Int) -> (Int, Int)? {
    guard index < bytes.count else { return (1, 1) }
    let counts: (Int, Int)
    switch bytes[index] {
    case UInt8(ascii: "?"): counts = (0, 1); index += 1
    case UInt8(ascii: "*"): counts = (0, Int.max); index += 1
    case UInt8(ascii: "+"): counts = (1, Int.max); index += 1
    case UInt8(ascii: "{"):
      guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
      let inside = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
      let parts = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
      guard let minimum = Int(parts[0]), minimum <= 1_000 else { return nil }
      if parts.count == 1 {
        counts = (minimum, minimum)
      } else if parts[1].isEmpty {
        counts = (minimum, Int.max)
      } else {
        guard let maximum = Int(parts[1]), maximum >= minimum, maximum <= 1_000 else { return nil }
        counts = (minimum, maximum)
      }
      index = close + 1
    default: return (1, 1)
    }
    if index < bytes.count, [UInt8(ascii: "?"), UInt8(ascii: "+")].contains(bytes[index]) { return nil }
    return counts
  }
}
