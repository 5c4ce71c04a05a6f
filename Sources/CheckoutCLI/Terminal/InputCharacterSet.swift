import Foundation

/// The character set the line editor reads keys in. libedit takes multibyte
/// characters (`ó`, `ż`, `ß`) only when the process's `LC_CTYPE` is a UTF-8 locale;
/// in the C locale, the default of a program that never calls `setlocale`, it drops
/// them (`set city Kraków` arrives as `set city Krakw`).
///
/// Only `LC_CTYPE` is set: how numbers, dates and messages are written (`LC_NUMERIC`,
/// `LC_TIME`, `LC_MESSAGES`) stays the C locale's, whatever the environment says.
enum InputCharacterSet {
  /// The locales tried for `LC_CTYPE`, in order: the environment's (`LC_ALL`,
  /// `LC_CTYPE`, `LANG`), then UTF-8 locales that need no language installed (CI
  /// machines often set no `LANG`, so the environment's is C).
  static let candidates = ["", "C.UTF-8", "C.utf8", "en_US.UTF-8"]

  /// Sets `LC_CTYPE` to the first of ``candidates`` whose character set is UTF-8
  /// and returns its name; when none is (a system without a UTF-8 locale), leaves the
  /// environment's in effect and returns nil.
  @discardableResult
  static func useUTF8() -> String? {
    for name in candidates {
      guard let set = setlocale(LC_CTYPE, name) else { continue }
      let chosen = String(cString: set)
      if isUTF8 { return chosen }
    }
    setlocale(LC_CTYPE, "")
    return nil
  }

  /// Whether the `LC_CTYPE` in effect reads UTF-8 (`UTF-8`, `utf8`, …).
  static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).lowercased().filter { $0 != "-" && $0 != "_" }
    return name == "utf8"
  }
}
