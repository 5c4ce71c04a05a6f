import CheckoutModel

/// A regular expression as a tree, parsed from the syntax `pattern` rules use
/// (ICU's, as `NSRegularExpression` runs it), so that ``PatternSynthesizer`` can
/// build strings it matches.
indirect enum RegexNode: Sendable {
  /// The fewest and most characters a node matches (`maximum` nil: no bound).
  typealias Lengths = (minimum: Int, maximum: Int?)

  /// Matches the empty string.
  case empty
  /// One character from the set.
  case character(CharacterChoice)
  /// The parts one after another; their lengths, worked out once.
  case sequence([RegexNode], Lengths)
  /// One of the alternatives.
  case alternation([RegexNode], Lengths)
  /// A group; `capture` is its number when it captures.
  case group(RegexNode, capture: Int?)
  /// The node repeated `minimum...maximum` times (`nil`: no upper bound).
  case repetition(RegexNode, minimum: Int, maximum: Int?, Lengths)
  /// The text a capturing group matched.
  case backreference(Int)
  /// A zero-width assertion (`^`, `$`, `\b`, lookarounds): generated as nothing,
  /// and the result checked against the real engine.
  case assertion(String)

  /// One character from the set, its common members worked out once.
  static func one(_ set: CharacterSet) -> RegexNode { .character(CharacterChoice(set)) }

  /// The parts one after another.
  static func sequence(_ parts: [RegexNode]) -> RegexNode {
    var minimum = 0
    var maximum: Int? = 0
    for part in parts {
      let lengths = part.lengths
      minimum = add(minimum, lengths.minimum) ?? unbounded
      maximum = add(maximum, lengths.maximum)
    }
    return .sequence(parts, (minimum, maximum))
  }

  /// One of the alternatives.
  static func alternation(_ alternatives: [RegexNode]) -> RegexNode {
    let all = alternatives.map(\.lengths)
    let minimum = all.map(\.minimum).min() ?? 0
    let maximum = all.contains { $0.maximum == nil } ? nil : all.compactMap(\.maximum).max() ?? 0
    return .alternation(alternatives, (minimum, maximum))
  }

  /// The node repeated.
  static func repetition(_ inner: RegexNode, minimum: Int, maximum: Int?) -> RegexNode {
    let lengths = inner.lengths
    let most: Int?
    if lengths.maximum == 0 || maximum == 0 {
      most = 0
    } else if let maximum, let innerMaximum = lengths.maximum {
      most = multiply(innerMaximum, maximum)
    } else {
      most = nil
    }
    return .repetition(
      inner, minimum: minimum, maximum: maximum, (multiply(lengths.minimum, minimum) ?? unbounded, most))
  }

  /// The fewest and most characters the node can match (`nil`: no bound).
  var lengths: Lengths {
    switch self {
    case .empty, .assertion: return (0, 0)
    case .character: return (1, 1)
    case .sequence(_, let lengths), .alternation(_, let lengths), .repetition(_, _, _, let lengths): return lengths
    case .group(let inner, _): return inner.lengths
    case .backreference: return (0, nil)
    }
  }

  /// A length past any the synthesiser builds, for "too long to count".
  static let unbounded = Int.max / 4

  private static func add(_ lhs: Int?, _ rhs: Int?) -> Int? {
    guard let lhs, let rhs else { return nil }
    let (sum, overflow) = lhs.addingReportingOverflow(rhs)
    return overflow || sum > unbounded ? nil : sum
  }

  private static func multiply(_ lhs: Int, _ rhs: Int) -> Int? {
    let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
    return overflow || product > unbounded ? nil : product
  }
}

/// A set of characters, as a regular-expression class describes it: decided
/// character by character, so negation and set operations are exact.
indirect enum CharacterSet: Sendable {
  /// These scalars and ranges.
  case ranges([ClosedRange<UInt32>])
  /// A named class: `\d`, `\w`, `\s`, `.`, `\p{L}`...
  case named(NamedClass)
  /// Every character the set does not hold.
  case not(CharacterSet)
  /// Characters in any of the sets.
  case union([CharacterSet])
  /// Characters in both sets (`[a-z&&[^aeiou]]`).
  case intersection(CharacterSet, CharacterSet)
  /// Characters in the first set but not the second (`[a-z--[aeiou]]`).
  case subtraction(CharacterSet, CharacterSet)

  /// One scalar.
  static func scalar(_ scalar: Unicode.Scalar) -> CharacterSet { .ranges([scalar.value...scalar.value]) }

  /// Whether the set holds the scalar.
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch self {
    case .ranges(let ranges): return ranges.contains { $0.contains(scalar.value) }
    case .named(let named): return named.contains(scalar)
    case .not(let inner): return !inner.contains(scalar)
    case .union(let sets): return sets.contains { $0.contains(scalar) }
    case .intersection(let lhs, let rhs): return lhs.contains(scalar) && rhs.contains(scalar)
    case .subtraction(let lhs, let rhs): return lhs.contains(scalar) && !rhs.contains(scalar)
    }
  }

  /// Scalars the class names explicitly (literals, the ends of ranges), tried when
  /// no common character is in the set.
  var hints: [Unicode.Scalar] {
    switch self {
    case .ranges(let ranges):
      return ranges.flatMap { range in
        [range.lowerBound, range.upperBound, range.lowerBound + (range.upperBound - range.lowerBound) / 2]
          .compactMap(Unicode.Scalar.init)
      }
    case .named(let named): return named.hints
    case .not(let inner):
      return inner.hints.flatMap { scalar in
        [scalar.value &+ 1, scalar.value &- 1].compactMap(Unicode.Scalar.init)
      }
    case .union(let sets): return sets.flatMap(\.hints)
    case .intersection(let lhs, let rhs), .subtraction(let lhs, let rhs): return lhs.hints + rhs.hints
    }
  }
}

/// The named classes of the pattern syntax.
enum NamedClass: Sendable {
  case digit, word, space, horizontalSpace, any, anyIncludingNewline
  case letter, uppercase, lowercase, number, punctuation, symbol, separator
  case posix(String)

  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch self {
    case .digit: return properties.generalCategory == .decimalNumber
    case .word:
      return properties.isAlphabetic || properties.generalCategory == .decimalNumber
        || properties.generalCategory == .connectorPunctuation || properties.generalCategory == .nonspacingMark
        || properties.generalCategory == .spacingMark || properties.isJoinControl
    case .space: return properties.isWhitespace
    case .horizontalSpace: return scalar == "\t" || properties.generalCategory == .spaceSeparator
    case .any: return !["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    case .anyIncludingNewline: return true
    case .letter:
      return [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(
        properties.generalCategory)
    case .uppercase: return properties.generalCategory == .uppercaseLetter
    case .lowercase: return properties.generalCategory == .lowercaseLetter
    case .number: return [.decimalNumber, .letterNumber, .otherNumber].contains(properties.generalCategory)
    case .punctuation:
      return [
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation,
      ].contains(properties.generalCategory)
    case .symbol:
      return [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol].contains(properties.generalCategory)
    case .separator: return [.spaceSeparator, .lineSeparator, .paragraphSeparator].contains(properties.generalCategory)
    case .posix(let name):
      guard scalar.isASCII else { return false }
      let byte = UInt8(scalar.value)
      let isUpper = (65...90).contains(byte)
      let isLower = (97...122).contains(byte)
      let isDigit = (48...57).contains(byte)
      switch name {
      case "alpha": return isUpper || isLower
      case "digit": return isDigit
      case "alnum": return isUpper || isLower || isDigit
      case "upper": return isUpper
      case "lower": return isLower
      case "space": return byte == 32 || (9...13).contains(byte)
      case "blank": return byte == 32 || byte == 9
      case "punct":
        return (33...47).contains(byte) || (58...64).contains(byte) || (91...96).contains(byte)
          || (123...126).contains(byte)
      case "xdigit": return isDigit || (65...70).contains(byte) || (97...102).contains(byte)
      case "word": return isUpper || isLower || isDigit || byte == 95
      case "print": return (32...126).contains(byte)
      case "graph": return (33...126).contains(byte)
      case "cntrl": return byte < 32 || byte == 127
      default: return false
      }
    }
  }

  var hints: [Unicode.Scalar] {
    switch self {
    case .letter, .lowercase: return ["é", "ß", "а"]
    case .uppercase: return ["É", "Ж"]
    case .number, .digit: return ["٣"]
    case .punctuation: return ["¡", "—"]
    case .symbol: return ["€", "©"]
    case .space, .separator, .horizontalSpace: return ["\u{A0}", "\t"]
    default: return []
    }
  }

  /// The class of a `\p{NAME}` escape, or nil when the synthesiser does not know it.
  init?(property name: String) {
    switch name.replacingOccurrences(of: "_", with: "").lowercased() {
    case "l", "letter", "alphabetic", "alpha", "isalpha": self = .letter
    case "lu", "uppercaseletter", "upper", "uppercase": self = .uppercase
    case "ll", "lowercaseletter", "lower", "lowercase": self = .lowercase
    case "n", "number": self = .number
    case "nd", "decimalnumber", "digit": self = .digit
    case "p", "punctuation", "punct": self = .punctuation
    case "s", "symbol": self = .symbol
    case "z", "separator": self = .separator
    case "zs", "spaceseparator": self = .horizontalSpace
    case "whitespace", "space": self = .space
    default: return nil
    }
  }
}

/// Why a pattern could not be read as a tree.
struct RegexSyntaxError: Error, Hashable, Sendable {
  /// What was not understood, in words.
  var message: String
  /// The scalar offset in the pattern.
  var offset: Int
}

/// Parses the pattern syntax into a ``RegexNode``.
///
/// Covered: literals and escapes (`\.`, `\t`, `\x41`, `\x{1F600}`, `\u0041`,
/// `\Q...\E`), `.`, `\d \D \w \W \s \S \h \H \p{..} \P{..}`, bracket classes with
/// ranges, negation, nested classes, POSIX names and `&&`/`--`, groups (capturing,
/// named, non-capturing, atomic, flag groups such as `(?i)` and `(?x)`), alternation,
/// the quantifiers `? * + {n} {n,} {n,m}` with lazy and possessive forms,
/// backreferences (`\1`, `\k<name>`) and the zero-width `^ $ \b \B \A \z \Z \G`
/// and lookarounds. What the generator only approximates is listed in
/// ``RegexParser/approximations``; its strings are checked against the real engine.
struct RegexParser {
  private let scalars: [Unicode.Scalar]
  private var position = 0
  private var groupCount = 0
  private var groupNames: [String: Int] = [:]
  private var extended = false
  /// Constructs the generator cannot model exactly (lookarounds, possessive
  /// quantifiers...): strings built for them are only candidates.
  private(set) var approximations: [String] = []

  init(_ pattern: String) {
    scalars = Array(pattern.unicodeScalars)
  }

  /// Parses the whole pattern.
  mutating func parse() throws(RegexSyntaxError) -> RegexNode {
    let node = try parseAlternation()
    if position < scalars.count {
      throw RegexSyntaxError(message: "unbalanced ')'", offset: position)
    }
    return node
  }

  private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  private func peek(_ offset: Int) -> Unicode.Scalar? {
    position + offset < scalars.count ? scalars[position + offset] : nil
  }

  private mutating func approximate(_ what: String) {
    if !approximations.contains(what) { approximations.append(what) }
  }

  private mutating func parseAlternation() throws(RegexSyntaxError) -> RegexNode {
    var alternatives = [try parseSequence()]
    while current == "|" {
      position += 1
      alternatives.append(try parseSequence())
    }
    return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
  }

  private mutating func skipExtendedSpace() {
    guard extended else { return }
    while let scalar = current {
      if scalar.properties.isWhitespace {
        position += 1
      } else if scalar == "#" {
        while let next = current, next != "\n" { position += 1 }
      } else {
        return
      }
    }
  }

  private mutating func parseSequence() throws(RegexSyntaxError) -> RegexNode {
    var parts: [RegexNode] = []
    while true {
      skipExtendedSpace()
      guard let scalar = current, scalar != "|", scalar != ")" else { break }
      guard var atom = try parseAtom() else { continue }
      while true {
        skipExtendedSpace()
        guard let quantified = try parseQuantifier(atom) else { break }
        atom = quantified
      }
      parts.append(atom)
    }
    return parts.count == 1 ? parts[0] : parts.isEmpty ? .empty : .sequence(parts)
  }

  /// A quantifier applied to the atom, or nil when none follows.
  private mutating func parseQuantifier(_ atom: RegexNode) throws(RegexSyntaxError) -> RegexNode? {
    let start = position
    var minimum: Int
    var maximum: Int?
    switch current {
    case "?": (minimum, maximum) = (0, 1); position += 1
    case "*": (minimum, maximum) = (0, nil); position += 1
    case "+": (minimum, maximum) = (1, nil); position += 1
    case "{":
      position += 1
      guard let low = readNumber() else { position = start; return nil }
      minimum = low
      maximum = low
      if current == "," {
        position += 1
        maximum = readNumber()
      }
      guard current == "}" else {
        throw RegexSyntaxError(message: "a '{' quantifier is not closed with '}'", offset: start)
      }
      position += 1
      if let maximum, maximum < minimum {
        throw RegexSyntaxError(
          message: "the quantifier {\(minimum),\(maximum)} has its bounds the wrong way round", offset: start)
      }
    default: return nil
    }
    if current == "?" {
      position += 1
    } else if current == "+" {
      position += 1
      approximate("possessive quantifiers")
    }
    if case .assertion = atom { return atom }
    return .repetition(atom, minimum: minimum, maximum: maximum)
  }

  private mutating func readNumber() -> Int? {
    var digits = ""
    while let scalar = current, ("0"..."9").contains(scalar), digits.count < 9 {
      digits.unicodeScalars.append(scalar)
      position += 1
    }
    return Int(digits)
  }

  /// One atom, or nil for something that matches nothing and is skipped (a comment or flag group).
  private mutating func parseAtom() throws(RegexSyntaxError) -> RegexNode? {
    guard let scalar = current else { return .empty }
    let start = position
    position += 1
    switch scalar {
    case "(": return try parseGroup(start: start)
    case "[": return .one(try parseClass(start: start))
    case ".": return .one(.named(.any))
    case "^": return .assertion("^")
    case "$": return .assertion("$")
    case "\\": return try parseEscape(start: start)
    case "*", "+", "?":
      throw RegexSyntaxError(message: "'\(scalar)' has nothing to repeat", offset: start)
    case "{":
      position = start
      if (try? parseQuantifier(.empty)) != nil {
        throw RegexSyntaxError(message: "'{' has nothing to repeat", offset: start)
      }
      position = start + 1
      return .one(.scalar(scalar))
    default: return .one(.scalar(scalar))
    }
  }

  private mutating func parseGroup(start: Int) throws(RegexSyntaxError) -> RegexNode? {
    var capture: Int?
    var zeroWidth: String?
    var restoreExtended: Bool?
    if current == "?" {
      position += 1
      switch current {
      case ":": position += 1
      case ">": position += 1; approximate("atomic groups")
      case "=": position += 1; zeroWidth = "lookahead"
      case "!": position += 1; zeroWidth = "negative lookahead"
      case "#":
        while let next = current, next != ")" { position += 1 }
        guard current == ")" else { throw RegexSyntaxError(message: "a comment group is not closed", offset: start) }
        position += 1
        return nil
      case "<" where peek(1) == "=": position += 2; zeroWidth = "lookbehind"
      case "<" where peek(1) == "!": position += 2; zeroWidth = "negative lookbehind"
      case "<", "P":
        if current == "P" { position += 1 }
        position += 1
        var name = ""
        while let next = current, next != ">" {
          name.unicodeScalars.append(next)
          position += 1
        }
        guard current == ">", !name.isEmpty else {
          throw RegexSyntaxError(message: "a named group has no closing '>'", offset: start)
        }
        position += 1
        groupCount += 1
        capture = groupCount
        groupNames[name] = groupCount
      default:
        // Flags: (?i) (?x-i) (?i:...)
        var turnOn = true
        var extendedFlag: Bool?
        while let flag = current, flag != ")" && flag != ":" {
          switch flag {
          case "-": turnOn = false
          case "x": extendedFlag = turnOn
          case "i", "m", "s", "w", "u", "U": break
          default: throw RegexSyntaxError(message: "unknown group flag '\(flag)'", offset: position)
          }
          position += 1
        }
        if current == ")" {
          position += 1
          if let extendedFlag { extended = extendedFlag }
          return nil
        }
        guard current == ":" else { throw RegexSyntaxError(message: "a flag group is not closed", offset: start) }
        position += 1
        if let extendedFlag {
          restoreExtended = extended
          extended = extendedFlag
        }
      }
    } else {
      groupCount += 1
      capture = groupCount
    }
    let inner = try parseAlternation()
    guard current == ")" else {
      throw RegexSyntaxError(message: "a group opened here is not closed with ')'", offset: start)
    }
    position += 1
    if let restoreExtended { extended = restoreExtended }
    if let zeroWidth {
      approximate(zeroWidth + "s")
      return .assertion(zeroWidth)
    }
    return .group(inner, capture: capture)
  }

  private mutating func parseEscape(start: Int) throws(RegexSyntaxError) -> RegexNode {
    guard let scalar = current else {
      throw RegexSyntaxError(message: "the pattern ends with a lone '\\'", offset: start)
    }
    position += 1
    switch scalar {
    case "b", "B", "A", "z", "Z", "G": return .assertion("\\" + String(scalar))
    case "Q":
      var literal: [RegexNode] = []
      while let next = current {
        if next == "\\" && peek(1) == "E" {
          position += 2
          break
        }
        literal.append(.one(.scalar(next)))
        position += 1
      }
      return literal.count == 1 ? literal[0] : .sequence(literal)
    case "E": return .empty
    case "k":
      guard current == "<" else { throw RegexSyntaxError(message: "\\k must be followed by <name>", offset: start) }
      position += 1
      var name = ""
      while let next = current, next != ">" {
        name.unicodeScalars.append(next)
        position += 1
      }
      guard current == ">", let group = groupNames[name] else {
        throw RegexSyntaxError(message: "\\k<\(name)> names no group", offset: start)
      }
      position += 1
      return .backreference(group)
    case "1"..."9":
      var number = Int(scalar.value) - 48
      while let next = current, ("0"..."9").contains(next), number * 10 + Int(next.value) - 48 <= groupCount {
        number = number * 10 + Int(next.value) - 48
        position += 1
      }
      guard number <= groupCount else {
        throw RegexSyntaxError(message: "\\\(number) refers to a group that does not exist yet", offset: start)
      }
      return .backreference(number)
    case "X":
      approximate("grapheme clusters (\\X)")
      return .one(.named(.anyIncludingNewline))
    case "R":
      approximate("line breaks (\\R)")
      return .one(.ranges([10...13, 0x85...0x85, 0x2028...0x2029]))
    default:
      position -= 1
      return .one(try parseClassEscape(start: start))
    }
  }

  /// An escape that stands for one character or a class (after the `\`).
  private mutating func parseClassEscape(start: Int) throws(RegexSyntaxError) -> CharacterSet {
    guard let scalar = current else {
      throw RegexSyntaxError(message: "the pattern ends with a lone '\\'", offset: start)
    }
    position += 1
    switch scalar {
    case "d": return .named(.digit)
    case "D": return .not(.named(.digit))
    case "w": return .named(.word)
    case "W": return .not(.named(.word))
    case "s": return .named(.space)
    case "S": return .not(.named(.space))
    case "h": return .named(.horizontalSpace)
    case "H": return .not(.named(.horizontalSpace))
    case "p", "P":
      var name = ""
      if current == "{" {
        position += 1
        while let next = current, next != "}" {
          name.unicodeScalars.append(next)
          position += 1
        }
        guard current == "}" else { throw RegexSyntaxError(message: "\\p{ is not closed with '}'", offset: start) }
        position += 1
      } else if let next = current {
        name.unicodeScalars.append(next)
        position += 1
      }
      let bare = name.split(separator: "=").last.map(String.init) ?? name
      guard let named = NamedClass(property: bare) else {
        throw RegexSyntaxError(message: "the property \\p{\(name)} is not one the synthesiser knows", offset: start)
      }
      return scalar == "p" ? .named(named) : .not(.named(named))
    case "t": return .scalar("\t")
    case "n": return .scalar("\n")
    case "r": return .scalar("\r")
    case "f": return .scalar("\u{0C}")
    case "a": return .scalar("\u{07}")
    case "e": return .scalar("\u{1B}")
    case "v": return .ranges([10...13, 0x85...0x85, 0x2028...0x2029])
    case "c":
      guard let next = current else { throw RegexSyntaxError(message: "\\c needs a letter", offset: start) }
      position += 1
      return .ranges([(next.value & 0x1F)...(next.value & 0x1F)])
    case "x":
      if current == "{" {
        position += 1
        let value = readHex(maximumDigits: 8)
        guard current == "}", let value, let code = Unicode.Scalar(value) else {
          throw RegexSyntaxError(message: "\\x{...} is not a valid code point", offset: start)
        }
        position += 1
        return .scalar(code)
      }
      guard let value = readHex(maximumDigits: 2), let code = Unicode.Scalar(value) else {
        throw RegexSyntaxError(message: "\\x needs two hex digits", offset: start)
      }
      return .scalar(code)
    case "u", "U":
      let count = scalar == "u" ? 4 : 8
      guard let value = readHex(maximumDigits: count, exactly: true), let code = Unicode.Scalar(value) else {
        throw RegexSyntaxError(message: "\\\(scalar) needs \(count) hex digits", offset: start)
      }
      return .scalar(code)
    case "0":
      var value: UInt32 = 0
      var count = 0
      while let next = current, ("0"..."7").contains(next), count < 3 {
        value = value * 8 + next.value - 48
        position += 1
        count += 1
      }
      return .ranges([value...value])
    case "N":
      throw RegexSyntaxError(message: "named characters (\\N{...}) are not supported", offset: start)
    default:
      if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        throw RegexSyntaxError(message: "the escape \\\(scalar) is not one the synthesiser knows", offset: start)
      }
      return .scalar(scalar)
    }
  }

  private mutating func readHex(maximumDigits: Int, exactly: Bool = false) -> UInt32? {
    var value: UInt32 = 0
    var count = 0
    while count < maximumDigits, let next = current, let digit = Int(String(next), radix: 16) {
      value = value * 16 + UInt32(digit)
      position += 1
      count += 1
    }
    guard count > 0, !exactly || count == maximumDigits else { return nil }
    return value
  }

  /// A bracket class, after its `[`.
  private mutating func parseClass(start: Int) throws(RegexSyntaxError) -> CharacterSet {
    var negated = false
    if current == "^" {
      negated = true
      position += 1
    }
    var items: [CharacterSet] = []
    var result: CharacterSet?
    while true {
      guard let scalar = current else {
        throw RegexSyntaxError(message: "a '[' class is not closed with ']'", offset: start)
      }
      if scalar == "]" {
        position += 1
        break
      }
      if (scalar == "&" && peek(1) == "&") || (scalar == "-" && peek(1) == "-") {
        position += 2
        let left = CharacterSet.union(items)
        let combined = result.map { CharacterSet.union([$0, left]) } ?? left
        let right = try parseClassOperand(start: start)
        result = scalar == "&" ? .intersection(combined, right) : .subtraction(combined, right)
        items = []
        continue
      }
      items.append(try parseClassItem(start: start))
    }
    var set: CharacterSet = .union(items)
    if let result { set = items.isEmpty ? result : .union([result, set]) }
    return negated ? .not(set) : set
  }

  /// The right side of `&&` or `--`: a nested class, or the items up to the class's end.
  private mutating func parseClassOperand(start: Int) throws(RegexSyntaxError) -> CharacterSet {
    if current == "[" {
      position += 1
      if current == ":" {
        position -= 1
        return try parseClassItem(start: start)
      }
      return try parseClass(start: position - 1)
    }
    var items: [CharacterSet] = []
    while let scalar = current, scalar != "]", !(scalar == "&" && peek(1) == "&"), !(scalar == "-" && peek(1) == "-") {
      items.append(try parseClassItem(start: start))
    }
    return .union(items)
  }

  /// One member of a bracket class: a nested class, an escape, a range or a literal.
  private mutating func parseClassItem(start: Int) throws(RegexSyntaxError) -> CharacterSet {
    guard let scalar = current else {
      throw RegexSyntaxError(message: "a '[' class is not closed with ']'", offset: start)
    }
    if scalar == "[" {
      if peek(1) == ":" {
        let nameStart = position + 2
        var end = nameStart
        while end + 1 < scalars.count, !(scalars[end] == ":" && scalars[end + 1] == "]") { end += 1 }
        guard end + 1 < scalars.count else {
          throw RegexSyntaxError(message: "a [: class is not closed with :]", offset: position)
        }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[nameStart..<end])
        position = end + 2
        let negated = name.hasPrefix("^")
        let named = CharacterSet.named(.posix(negated ? String(name.dropFirst()) : name))
        return negated ? .not(named) : named
      }
      position += 1
      return try parseClass(start: position - 1)
    }
    let low: Unicode.Scalar
    if scalar == "\\" {
      position += 1
      let escaped = try parseClassEscape(start: position - 1)
      guard case .ranges(let ranges) = escaped, ranges.count == 1, ranges[0].count == 1,
        let single = Unicode.Scalar(ranges[0].lowerBound)
      else { return escaped }
      low = single
    } else {
      position += 1
      low = scalar
    }
    guard current == "-", let next = peek(1), next != "]" else { return .scalar(low) }
    if next == "-" { return .scalar(low) }
    position += 1
    let high: Unicode.Scalar
    if next == "\\" {
      position += 1
      let escaped = try parseClassEscape(start: position - 1)
      guard case .ranges(let ranges) = escaped, ranges.count == 1, ranges[0].count == 1,
        let single = Unicode.Scalar(ranges[0].lowerBound)
      else { throw RegexSyntaxError(message: "a range in a class ends with a class escape", offset: position) }
      high = single
    } else {
      position += 1
      high = next
    }
    guard low.value <= high.value else {
      throw RegexSyntaxError(message: "the range \(low)-\(high) runs backwards", offset: position)
    }
    return .ranges([low.value...high.value])
  }
}
