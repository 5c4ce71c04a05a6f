import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// HTTP/1.1's `Host` rule (RFC 9112, section 3.2: none, or more than one, is a
/// 400) on a real socket, and the security headers every answer carries, the
/// page's above all.
@Suite struct HostAndPageHeaderTests {
  func withLiveServer(_ test: @Sendable (Int) async throws -> Void) async throws {
    let app = try await buildApplication(
      TestArguments(),
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, environment: [:]))
    try await app.test(.live) { client in
      try await test(try #require(client.port))
    }
  }

  @Test(arguments: [
    ("GET /health HTTP/1.1\r\n\r\n", "an HTTP/1.1 request needs a Host header"),
    ("GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "2 Host headers"),
    ("GET /health HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n", "2 Host headers"),
    ("POST /sessions HTTP/1.1\r\nContent-Length: 16\r\n\r\n{\"flow\":\"plndr\"}", "needs a Host header"),
  ])
  func anHTTP11RequestWithoutExactlyOneHostIsA400(request: String, detail: String) async throws {
    try await withLiveServer { port in
      let answer = try await RawHTTP.exchange(port: port, [RawHTTP.request(request)])
      #expect(answer.status == 400, "\(answer.text)")
      #expect(answer.body.contains(#""error":"bad_host""#), "\(answer.body)")
      #expect(answer.body.contains(detail), "\(answer.body)")
      #expect(answer.body.contains(#""at":"Host""#))
      #expect(answer.closed)
    }
  }

  @Test func oneHostIsServedAndHTTP10NeedsNone() async throws {
    try await withLiveServer { port in
      let one = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n")])
      #expect(one.status == 200, "\(one.text)")
      let old = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.0\r\nConnection: close\r\n\r\n")])
      #expect(old.text.hasPrefix("HTTP/1.1 200") || old.text.hasPrefix("HTTP/1.0 200"), "\(old.text)")
    }
  }

  @Test func thePageItsFilesAndTheAPISendTheSecurityHeaders() async throws {
    let frameOptions = try #require(HTTPField.Name("X-Frame-Options"))
    let referrerPolicy = try #require(HTTPField.Name("Referrer-Policy"))
    try await withApp { client in
      for path in ["/", "/style.css", "/js/app.js", "/js/graph.js", "/health", "/flows", "/nothing.js"] {
        let reply = try await client.send(.get, path)
        let policy = reply.headers[.contentSecurityPolicy] ?? ""
        #expect(policy.contains("default-src 'none'"), "\(path): \(policy)")
        #expect(policy.contains("script-src 'self'"), "\(path): \(policy)")
        #expect(policy.contains("frame-ancestors 'none'"), "\(path): \(policy)")
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(path): \(policy)")
        #expect(reply.headers[.xContentTypeOptions] == "nosniff", "\(path)")
        #expect(reply.headers[frameOptions] == "DENY", "\(path)")
        #expect(reply.headers[referrerPolicy] == "no-referrer", "\(path)")
        #expect(reply.headers[.cacheControl] == "no-store", "\(path)")
      }
      // The answer that carries a session's secret is never kept either.
      let created = try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#)
      #expect(created.status == .created)
      #expect(created.headers[.cacheControl] == "no-store")
    }
  }

  /// The policy allows no inline script or style: the page must have none.
  @Test func thePageHasNoInlineScriptOrStyle() throws {
    let publicDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Public")
    let page = try String(contentsOf: publicDirectory.appendingPathComponent("index.html"), encoding: .utf8)
    let scripts = page.components(separatedBy: "<script").dropFirst()
    #expect(!scripts.isEmpty)
    for script in scripts {
      #expect(script.prefix(while: { $0 != ">" }).contains("src="), "an inline script: <script\(script.prefix(80))")
    }
    #expect(!page.contains("<style"))
    #expect(!page.contains(" style="))
    #expect(page.range(of: #" on[a-z]+="#, options: .regularExpression) == nil, "an inline event handler")
    for file in try FileManager.default.contentsOfDirectory(atPath: publicDirectory.appendingPathComponent("js").path) {
      let script = try String(contentsOf: publicDirectory.appendingPathComponent("js/\(file)"), encoding: .utf8)
      #expect(!script.contains("eval("), "\(file)")
      #expect(!script.contains("innerHTML"), "\(file)")
      #expect(!script.contains("'style'"), "\(file): a style attribute the policy blocks")
    }
  }
}
