import Foundation

/// Text a client chose (a path, a row id, a field name) made safe for a log line:
/// digit runs that could be a card number or a code are masked, the text is
/// truncated, and control and non-ASCII characters and `=` are escaped so that a
/// line cannot be forged or hidden (no client text reads as a `key=value` field).
///
/// ```swift
/// LogText.safe("/sessions/4242 4242 4242 4242")   // "/sessions/[16 digits]"
/// ```
enum LogText {
  /// The longest text kept (in characters, before escaping).
  static let maximumLength = 80
  /// Runs of this many digits or more are masked (a CVV has 3).
  static let maskedDigitRun = 3

  /// `text` with digit runs masked, truncated and escaped.
  static func safe(_ text: String) -> String {
    written(text, maskingDigits: true)
  }

  /// A value the checkout API answered (an order number), as a log line shows it:
  /// its digits kept, since an operator searches the log for them
  /// (`PLNDR-18528348`), but masked as ``safe(_:)`` masks a client's text when it
  /// holds a card number (``CardNumberText``: an API that answers one the flow
  /// does not mark `sensitive`); truncated and escaped alike.
  static func answered(_ text: String) -> String {
    written(text, maskingDigits: CardNumberText.containsCardNumber(text))
  }

  /// `text` truncated and escaped, its digit runs masked when `maskingDigits`.
  private static func written(_ text: String, maskingDigits: Bool) -> String {
    var output = ""
    var kept = 0
    var characters = Array(text.unicodeScalars)[...]
    while let scalar = characters.first, kept < maximumLength {
      if maskingDigits, isDigit(scalar) {
        let run = digitRun(in: characters)
        if run.digits >= maskedDigitRun {
          output += "[\(run.digits) digits]"
        } else {
          output += String(String.UnicodeScalarView(characters.prefix(run.length)))
        }
        kept += run.length
        characters = characters.dropFirst(run.length)
        continue
      }
      output += escaped(scalar)
      kept += 1
      characters = characters.dropFirst()
    }
    if !characters.isEmpty { output += "…(\(characters.count) more)" }
    return output
  }

  /// A session id as logged: as is when it has the server's UUID form, masked otherwise.
  static func sessionID(_ id: String) -> String {
    isServerID(id) ? id : safe(id)
  }

  /// A request path as logged: segments in the server's id form (a session id)
  /// are kept whole, so a line can be traced to its session; every other segment
  /// is percent-decoded and made safe as a client's text (`/sessions/4242 4242…`
  /// and `/sessions/4242%204242…` are masked alike).
  ///
  /// ```swift
  /// LogText.path("/sessions/1bb07f3c-5e2a-4d6b-9c1e-08f1d2c3b4a5/events")   // unchanged
  /// ```
  static func path(_ path: String) -> String {
    guard path.utf8.count <= 2 * maximumLength else { return safe(path) }
    var output: [String] = []
    var kept = 0
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    for (index, segment) in segments.enumerated() {
      let text = String(segment)
      if kept > maximumLength {
        output.append("…(\(segments.dropFirst(index).joined(separator: "/").count) more)")
        break
      }
      // Percent-decoded first: `4242%204242…` is what a card number looks like in a URL.
      output.append(isServerID(text) ? text : safe(text.removingPercentEncoding ?? text))
      kept += text.count + 1
    }
    return output.joined(separator: "/")
  }

  /// Whether `text` has the form of the server's ids (a lowercase UUID).
  private static func isServerID(_ text: String) -> Bool {
    text.utf8.count == 36
      && text.unicodeScalars.enumerated().allSatisfy { index, scalar in
        [8, 13, 18, 23].contains(index) ? scalar == "-" : ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar)
      }
  }

  /// The digits at the start of `scalars`, with single spaces, dashes or dots
  /// between groups (`4242 4242`, `4242-4242`): how many digits, over how many scalars.
  private static func digitRun(in scalars: ArraySlice<Unicode.Scalar>) -> (digits: Int, length: Int) {
    var digits = 0
    var length = 0
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if isDigit(scalar) {
        digits += 1
        length = index - scalars.startIndex + 1
      } else if scalar == " " || scalar == "-" || scalar == ".",
        index + 1 < scalars.endIndex, isDigit(scalars[index + 1])
      {
        // A separator inside the run; counted only if a digit follows.
      } else {
        break
      }
      index += 1
    }
    return (digits, length)
  }

  /// A decimal digit of any script (Arabic-Indic digits are a card number too).
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.numericType == .decimal
  }

  /// A scalar as logged: printable ASCII as is but `=`, which a client could use to
  /// write a field of its own into the line (`/x status=200 session=…`); anything
  /// else as `\u{…}`.
  private static func escaped(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x3D: return "\\u{3d}"
    case 0x20...0x7E: return String(Character(scalar))
    default: return "\\u{\(String(scalar.value, radix: 16))}"
    }
  }
}
