import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// A body is JSON, as sent: another `Content-Type` is a 415 naming the type to
/// send, a `Content-Encoding` other than identity a 415 too, before a byte of the
/// body is read; JSON with no type, a JSON type, or the form type `curl -d` sends
/// is read.
@Suite struct BodyMediaTypeTests {
  let errors = ErrorTests()
  static let body = #"{"flow":"plndr"}"#

  @Test func aBodyThatIsNotSentAsJSONIsA415NamingTheTypeToSend() async throws {
    try await withApp { client in
      for type in ["text/plain", "text/plain; charset=utf-8", "multipart/form-data; boundary=x", "application/xml"] {
        let reply = errors.expectError(
          try await client.send(.post, "/sessions", body: Self.body, headers: [.contentType: type]),
          .unsupportedMediaType, "unsupported_media_type", at: "Content-Type")
        let media = BodyMediaType.mediaType(of: type)
        #expect(
          reply["detail"]?.string
            == #"the body is sent as \#(media), but every body is JSON: send it with "Content-Type: application/json""#,
          "\(reply.text)")
      }
      // The client's own text is named only when it is a plain media type.
      let odd = try await client.send(.post, "/sessions", body: Self.body, headers: [.contentType: "text/<b>hi</b>"])
      errors.expectError(odd, .unsupportedMediaType, "unsupported_media_type", at: "Content-Type")
      #expect(odd["detail"]?.string?.hasPrefix("the body is sent with a Content-Type that is not JSON") == true)
      #expect(!odd.text.contains("<b>"))
      let id = try await client.createSession()
      let event = try await client.send(
        .post, "/sessions/\(id)/events", body: #"{"event":"tap","row":"checkout"}"#,
        headers: [.contentType: "text/plain;charset=UTF-8"])
      errors.expectError(event, .unsupportedMediaType, "unsupported_media_type", at: "Content-Type")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1, "nothing was applied")
    }
  }

  /// A JSON body in another charset than UTF-8 is not read as UTF-8 all the same
  /// (was: `application/json; charset=utf-16` was answered as if it were UTF-8).
  @Test func aJSONBodyInAnotherCharsetIsA415() async throws {
    try await withApp { client in
      for (type, named) in [
        ("application/json; charset=utf-16", "utf-16"), ("application/json;charset=\"ISO-8859-1\"", "iso-8859-1"),
      ] {
        let reply = errors.expectError(
          try await client.send(.post, "/sessions", body: Self.body, headers: [.contentType: type]),
          .unsupportedMediaType, "unsupported_media_type", at: "Content-Type")
        #expect(
          reply["detail"]?.string?.hasPrefix("the body is sent in charset \(named), but") == true, "\(reply.text)")
      }
      for type in ["application/json; charset=UTF-8", "application/json; charset=\"utf8\""] {
        let reply = try await client.send(.post, "/sessions", body: Self.body, headers: [.contentType: type])
        #expect(reply.status == .created, "\(type): \(reply.text)")
      }
    }
  }

  @Test func aCompressedBodyIsA415() async throws {
    try await withApp { client in
      for encoding in ["gzip", "br", "deflate, gzip", "GZIP"] {
        let reply = errors.expectError(
          try await client.send(
            .post, "/sessions", body: Self.body,
            headers: [.contentType: "application/json", .contentEncoding: encoding]),
          .unsupportedMediaType, "unsupported_encoding", at: "Content-Encoding")
        #expect(reply["detail"]?.string?.contains("send it uncompressed") == true, "\(reply.text)")
      }
      let identity = try await client.send(
        .post, "/sessions", body: Self.body, headers: [.contentType: "application/json", .contentEncoding: "identity"])
      #expect(identity.status == .created, "\(identity.text)")
    }
  }

  @Test func jsonWithAJSONTypeNoTypeOrCurlsFormTypeIsRead() async throws {
    try await withApp { client in
      for type in [
        "application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json",
        "application/x-www-form-urlencoded",
      ] {
        let reply = try await client.send(.post, "/sessions", body: Self.body, headers: [.contentType: type])
        #expect(reply.status == .created, "\(type): \(reply.text)")
      }
      let untyped = try await client.execute(
        uri: "/sessions", method: .post, headers: [:], body: ByteBuffer(string: Self.body))
      #expect(untyped.status == .created, "\(String(buffer: untyped.body))")
    }
  }
}
