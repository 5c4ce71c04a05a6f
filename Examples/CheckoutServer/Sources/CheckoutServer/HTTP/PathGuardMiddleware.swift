import Hummingbird

/// Refuses a path the server would otherwise read in a surprising way, before any
/// route or the page's file server sees it: a control character (`%00` above all,
/// which cut `/js/app.js%00.html` to `app.js` while its type was taken from
/// `.html`), or a `.` or `..` segment (the file server answered a bare
/// `400 Bad Request` for `/js/../index.html`). 400 `invalid_path` at the path,
/// saying what is wrong; the path is not echoed beyond what its log line masks.
struct PathGuardMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    if let problem = Self.problem(in: request.uri.path) {
      throw ServerError(
        .badRequest, "invalid_path", "the path \(problem); name a resource or file by its path, as GET / links them",
        at: "path")
    }
    return try await next(request, context)
  }

  /// What is wrong with `path` (percent-decoded first), or nil when nothing is.
  static func problem(in path: String) -> String? {
    // Most paths (every API route) hold no byte that could make one of the
    // problems below: nothing to decode, no dot, no backslash, no control byte.
    guard path.utf8.contains(where: Self.mayMakeAProblem) else { return nil }
    let decoded = path.removingPercentEncoding ?? path
    if let control = decoded.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "holds the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4))"
    }
    // Each segment of the path as sent and as decoded (`%2e%2e`, `..%2f` alike).
    let segments = [path, decoded].flatMap { $0.split(separator: "/") + $0.split(separator: "\\") }
    if segments.contains(where: { $0 == ".." || $0 == "." }) {
      return "holds a \".\" or \"..\" segment, which names no resource here"
    }
    return nil
  }

  /// Whether a byte of a path may start one of ``problem(in:)``'s problems: a `%`
  /// (what it decodes to may), a `.`, a `\\`, or a control byte.
  private static func mayMakeAProblem(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "\\")
  }
}

extension String {
  /// The string with zeros before it, `count` characters at least.
  fileprivate func leftPadded(to count: Int) -> String {
    String(repeating: "0", count: max(0, count - self.count)) + self
  }
}
