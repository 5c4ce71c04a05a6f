import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A line typed at the prompt or written in a scenario, and which of its values
/// might be a secret: the one place that decides what of a line may be echoed,
/// kept in the REPL's history, printed (by `checkout replay`, normal and
/// `--verbose`, in its errors and JUnit report, and by `checkout mutate`), quoted in
/// an error and written to a recording. Which names are secret is
/// ``SecretNames``' rule.
///
/// A value is hidden when the name it is given to is a secret or sensitive row or
/// key, or might be meant as one:
/// - `set NAME VALUE`: NAME is such a row (by id or by number) or key, or names
///   nothing the session knows (no row of the step on screen, no key of the flow):
///   `set cvvv 5432`, `set Cvv 5432`, `set payment.card.cv 5432` fail anyway;
/// - `expect value KEY VALUE`: KEY is such a key, or no key the flow knows (such a
///   line fails anyway);
/// - `expect detail|error|title ROW TEXT`: ROW might be such a row (by id, by
///   number, or a near-miss name) and TEXT holds such a value or looks like one (a
///   code or a card number, ``SecretNames/hidesText(_:aboutRow:)``): `expect detail
///   cvv •••`, but `expect error number "declined"`;
/// - `api OP ok|action … KEY=VALUE`: KEY is such a key, or a key the flow does not
///   know within the distance of "did you mean" of one (`payment.card.cv=5432`; API
///   data may carry keys of its own, shown as typed);
/// - a line that does not parse (`cvv 5432`, `tap cvv 5432`, `tap 4 5432` where row
///   4 is the CVV): every word after such a name. With no flow known, every word
///   after the command's first argument, except the words an `api` line gives its
///   answer by (`ok`, `fail`, `action NAME`, or whatever stands there instead, as in
///   `api placeOrder expired`): keywords, never values.
///
/// A value a host was given for such a row or key (``ScenarioHost/enteredSecrets``),
/// or one the session holds, is hidden wherever it stands in the line (`expect
/// effect callAPI "payment.card.cvv: •••"`) and in a message about it.
///
/// A comment (a `#` that begins a word, to the end of the line) is not part of the line.
///
/// ```swift
/// TypedLine("set cvvv 5432", in: session).shown  // "set cvvv •••"
/// TypedLine("api placeOrder ok payment.card.cvv=9876 order.number=1", in: session).shown
/// // "api placeOrder ok payment.card.cvv=••• order.number=1"
/// ```
package struct TypedLine {
  /// The line as typed.
  package let text: String
  private let words: [Word]
  /// Which names and values are hidden.
  private let names: SecretNames

  /// One word of the line (see ``words(of:)``).
  private enum Word {
    /// Shown as typed.
    case plain(String)
    /// A word of a hidden value (consecutive ones are one value).
    case hidden(String)
    /// `KEY=VALUE` whose value is hidden.
    case hiddenValue(key: String, value: String)
    /// A word that holds a secret or sensitive value among others (`"payment.card.cvv:
    /// 8642"`), and how it is shown (``SecretNames/masking(_:)``).
    case masked(String, shown: String)
  }

  /// Reads which values of `text` are hidden on this session's screen (a row
  /// number names a row of it). With no session, every name might be a secret one.
  package init(_ text: String, in session: CheckoutSession?) {
    self.init(text, names: SecretNames(session))
  }

  /// Reads which values of `text` are hidden on the screen of the host's session,
  /// each secret or sensitive value the host's lines gave (``ScenarioHost/enteredSecrets``)
  /// hidden too, wherever it stands in the line.
  package init(_ text: String, in host: ScenarioHost) {
    self.init(text, names: SecretNames(host.session, entered: host.enteredSecrets))
  }

  /// Reads which values of `text` are hidden in a flow, with no screen (a line read
  /// before it runs, or one that does not parse): a row number might name any row.
  package init(_ text: String, flow: CompiledFlow?) {
    self.init(text, names: SecretNames(flow: flow))
  }

  private init(_ text: String, names: SecretNames) {
    self.text = text
    self.names = names
    let raw = TypedLine.words(of: text)
    var words = raw.map(Word.plain)
    func hide(from start: Int) {
      for index in words.indices where index >= start { words[index] = .hidden(raw[index]) }
    }
    switch raw.first {
    case "set" where raw.count > 2:
      if names.hidesSet(to: raw[1]) { hide(from: 2) }
    case "expect" where raw.count > 3 && raw[1] == "value":
      if names.hidesValue(ofKey: DataKey(raw[2])) { hide(from: 3) }
    case "expect" where raw.count > 3 && ["detail", "error", "title"].contains(raw[1]):
      if names.hidesText(raw[3...].joined(separator: " "), aboutRow: raw[2]) { hide(from: 3) }
    case "api" where raw.count > 3 && ["ok", "action"].contains(raw[2]):
      TypedLine.hideData(in: &words, from: raw[2] == "ok" ? 3 : 4, names)
    default: break
    }
    var parses = true
    do {
      _ = try ScenarioParser.parse(text)
    } catch {
      parses = false
    }
    if !parses {
      if names.knowsNoFlow {
        hide(from: TypedLine.firstValueWord(of: raw))
      } else {
        TypedLine.hideData(in: &words, from: 0, names)
      }
    }
    // A value known to be secret or sensitive, wherever it stands (`expect effect
    // callAPI "payment.card.cvv: 8642"`).
    for index in words.indices {
      guard case .plain(let word) = words[index] else { continue }
      let shown = names.masking(word)
      if shown != word { words[index] = .masked(word, shown: shown) }
    }
    self.words = words
  }

  /// The words of a line: split at blanks outside double quotes (`\"` inside does not
  /// end them), so that `set cvv "5 55"` and `KEY="5 55"` keep their value in one
  /// word; an unterminated quote runs to the end of the line, and a `#` that begins
  /// a word starts a comment, which is no word.
  static func words(of line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quoted = false
    var escaped = false
    for character in line {
      if quoted {
        word.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          quoted = false
        }
      } else if character == "#" && word.isEmpty {
        // A `#` that begins a word starts a comment (`1#Main` is a value).
        break
      } else if character == " " || character == "\t" {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(character)
        quoted = character == "\""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// Where the values of a line that does not parse may start, with no flow to
  /// tell which names are secret: after an `api` line's answer word (`ok`, `fail`,
  /// a misspelt one) or `action NAME`, which are keywords; else after the command's
  /// first argument.
  private static func firstValueWord(of words: [String]) -> Int {
    guard words.first == "api" else { return 2 }
    return words.count > 2 && words[2] == "action" ? 4 : 3
  }

  /// In data words (`KEY=VALUE`), the values of keys that might be secret; after a
  /// bare word that might be a secret name (`payment.card.cvv 9876`), every word.
  private static func hideData(in words: inout [Word], from start: Int, _ names: SecretNames) {
    var index = start
    while index < words.count {
      guard case .plain(let word) = words[index] else {
        index += 1
        continue
      }
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      if parts.count == 2, names.mightBeSecret(parts[0]) {
        words[index] = .hiddenValue(key: parts[0], value: parts[1])
      } else if parts.count == 1, names.mightBeSecretRow(word) {
        for later in words.indices where later > index {
          if case .plain(let text) = words[later] { words[later] = .hidden(text) }
        }
        return
      }
      index += 1
    }
  }

  /// Whether any value of the line is hidden: then it is echoed as ``shown``, never
  /// kept in the history, and recorded with stand-ins.
  package var hidesValue: Bool {
    words.contains {
      if case .plain = $0 { return false }
      return true
    }
  }

  /// Whether a value is hidden for the name it is given to (`set cvvv 5432`, `api
  /// placeOrder ok payment.card.cvv=9876`), not only because it is a value known
  /// here or a card number (``maskedValues``).
  package var hidesNamedValue: Bool {
    words.contains {
      switch $0 {
      case .hidden, .hiddenValue: return true
      case .plain, .masked: return false
      }
    }
  }

  /// The secret and sensitive values known here, and the card numbers, that the
  /// line's other words hold (``SecretNames/masking(_:)``).
  package var maskedValues: [SecretNames.HiddenValue] {
    words.flatMap { word -> [SecretNames.HiddenValue] in
      guard case .masked(let text, _) = word else { return [] }
      var found: [SecretNames.HiddenValue] = []
      _ = names.replacingValues(in: text) { hidden in
        found.append(hidden)
        return hidden.shown
      }
      return found
    }
  }

  /// The line as the screen, the history and a recording's comments may hold it:
  /// each hidden value written `•••` (`set cvvv •••`).
  package var shown: String { rewritten { _ in Masking.secretPlaceholder } }

  /// The line with each hidden value replaced by `replacement(value)`: consecutive
  /// hidden words are one value, `KEY=VALUE` keeps its key. A value known here or a
  /// card number within a word (``maskedValues``) is replaced by `known(value)`, by
  /// how it may be shown when that is nil (`•••• 4242`). Words are joined by one blank.
  package func rewritten(
    _ replacement: (String) -> String, known: ((SecretNames.HiddenValue) -> String)? = nil
  ) -> String {
    var out: [String] = []
    var run: [String] = []
    func endRun() {
      if !run.isEmpty { out.append(replacement(run.joined(separator: " "))) }
      run = []
    }
    for word in words {
      switch word {
      case .plain(let text):
        endRun()
        out.append(text)
      case .hidden(let text): run.append(text)
      case .hiddenValue(let key, let value):
        endRun()
        out.append("\(key)=\(replacement(value))")
      case .masked(let text, let shown):
        endRun()
        out.append(known.map { names.replacingValues(in: text, by: $0) } ?? shown)
      }
    }
    endRun()
    return out.joined(separator: " ")
  }

  /// A message about the line (a syntax error quotes the word at fault) with every
  /// hidden value it quotes written `"•••"`.
  package func redacting(_ message: String) -> String {
    var hidden: [String] = []
    var run: [String] = []
    for word in words + [.plain("")] {
      if case .hidden(let text) = word {
        run.append(text)
        hidden.append(text)
        continue
      }
      if run.count > 1 { hidden.append(run.joined(separator: " ")) }
      run = []
      if case .hiddenValue(_, let value) = word { hidden.append(value) }
    }
    var redacted = names.masking(message)
    // Longest first: a whole quoted value before the words in it.
    for value in hidden.sorted(by: { $0.count > $1.count }) {
      // A value in curly quotes is quoted straight by the error that says so.
      for form in [value, value.trimmingCharacters(in: ["\""]), value.trimmingCharacters(in: CurlyQuotes.marks)]
      where !form.isEmpty {
        redacted = redacted.replacingOccurrences(
          of: Quoting.quoted(form), with: Quoting.quoted(Masking.secretPlaceholder))
      }
    }
    return redacted
  }
}

extension ScenarioSyntaxError {
  /// The error with each value its line hides (``TypedLine``, read in `flow` with no
  /// screen) written `"•••"` where the message quotes it: `unexpected "•••" after
  /// 'tap'` for `tap cvv 7381`.
  package func redacted(line source: String, flow: CompiledFlow?) -> ScenarioSyntaxError {
    ScenarioSyntaxError(line: line, column: column, message: TypedLine(source, flow: flow).redacting(message))
  }
}
