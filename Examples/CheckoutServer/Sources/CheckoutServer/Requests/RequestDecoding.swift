import CheckoutEngine
import Foundation
import Hummingbird
import NIOCore

/// Reads request bodies for ``CheckoutRequestContext``: JSON as sent (``BodyMediaType``:
/// 415 for another `Content-Type` or a `Content-Encoding`), at most
/// ``CheckoutRequestContext/maximumBodySize`` bytes (413 beyond), strict JSON checked
/// by the engine's reader so that a malformed body is a 400 naming its line and
/// column (Foundation's decoder accepts trailing commas and repeated names and says
/// neither where nor why), then decoded by a `JSONDecoder`.
///
/// Decoding errors become 400s naming the body field at fault
/// (``ServerError/init(decoding:)``); the request types add what would be valid.
struct CheckoutRequestDecoder: RequestDecoder {
  /// How deep arrays and objects may nest in a body.
  static let maximumDepth = 32

  let decoder = JSONDecoder()

  func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
    try BodyMediaType.check(request.headers)
    let bytes = try await request.collectBody(limit: context.maxUploadSize)
    let top: JSONSyntax.TopLevel
    do {
      top = try JSONSyntax.check(bytes, maximumDepth: Self.maximumDepth, documentName: "body")
    } catch {
      throw ServerError.malformedJSON(
        error, contentType: Self.otherThanJSON(request.headers[.contentType], body: bytes))
    }
    guard top == .object else {
      throw ServerError.badField("not_an_object", "the body must be a JSON object, not \(top.phrase)", at: "body")
    }
    do {
      return try decoder.decode(T.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw ServerError(decoding: error)
    }
  }
}

extension CheckoutRequestDecoder {
  /// The media type of a `Content-Type` that names something other than JSON
  /// (`application/x-www-form-urlencoded`, the one other type ``BodyMediaType``
  /// lets through) on a body that does not even start as JSON does (`flow=plndr`),
  /// or nil: for JSON (`application/json`, a `+json` type), no header, or a body
  /// that starts with `{` or `[` (`curl -d '{…}'` sends JSON as a form, and the
  /// server reads it). Only ever named in a malformed body's detail.
  static func otherThanJSON(_ contentType: String?, body: [UInt8]) -> String? {
    let start = body.first {
      ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0)
    }
    guard let contentType, start != UInt8(ascii: "{"), start != UInt8(ascii: "[") else { return nil }
    let media = BodyMediaType.mediaType(of: contentType)
    guard !media.isEmpty, !BodyMediaType.isJSON(media) else { return nil }
    return BodyMediaType.nameable(media) ?? "not JSON"
  }
}

extension Request {
  /// The whole body, at most `limit` bytes (413 otherwise). A `Content-Length` over
  /// the limit is refused before a byte is read (``BodyLimitHandler`` normally
  /// answers those before they reach a route).
  func collectBody(limit: Int) async throws -> [UInt8] {
    if let length = headers[.contentLength].flatMap(Int.init), length > limit {
      throw ServerError.bodyTooLarge(limit: limit)
    }
    do {
      return Array(try await body.collect(upTo: limit).readableBytesView)
    } catch is NIOTooManyBytesError {
      throw ServerError.bodyTooLarge(limit: limit)
    }
  }
}

extension ServerError {
  /// A 400 for what `JSONDecoder` could not decode, at the body field's JSON path
  /// (`value`, `items[2].code`). Request types catch the common cases themselves
  /// and say what would be valid; this is the general mapping. Never echoes a value.
  init(decoding error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      let path = BodyPath(context.codingPath + [key])
      self = .badField("missing_field", "the body needs \"\(path)\"", at: path.description)
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let path = BodyPath(context.codingPath)
      self = .badField("invalid_field", "\"\(path)\" must be \(BodyPath.phrase(for: type))", at: path.description)
    case .dataCorrupted(let context):
      let path = BodyPath(context.codingPath)
      self = .badField("invalid_field", "\"\(path)\" does not hold a value of the expected form", at: path.description)
    @unknown default:
      self = .badField("invalid_field", "the body could not be decoded", at: "body")
    }
  }
}

/// A coding path as the JSON path clients read in `at`: `value`, `items[2].code`;
/// `body` for the top level.
struct BodyPath: CustomStringConvertible {
  var keys: [any CodingKey]

  init(_ keys: [any CodingKey]) { self.keys = keys }

  var description: String {
    guard !keys.isEmpty else { return "body" }
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// `a string`, `a number`, … for the type a decoder expected.
  static func phrase(for type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "a boolean"
    case is Int.Type, is Int32.Type, is Int64.Type, is UInt.Type: return "a whole number"
    case is Double.Type, is Float.Type: return "a number"
    default:
      let name = "\(type)"
      if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
      return "an object"
    }
  }
}
