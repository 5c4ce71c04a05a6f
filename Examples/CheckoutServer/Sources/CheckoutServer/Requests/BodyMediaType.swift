import Foundation
import HTTPTypes

/// What a request body may be sent as: JSON, as sent.
///
/// - `Content-Type`: `application/json` or a `+json` type (any parameters but a
///   `charset` other than UTF-8, which is 415 `unsupported_media_type`), none
///   at all, or `application/x-www-form-urlencoded`, which is what `curl -d` sends
///   when told no type: the body is read as JSON all the same, as every curl walk
///   in the docs relies on (a form's `flow=plndr` is then a 400 `malformed_json`
///   that says to send JSON). Any other type (`text/plain`, `multipart/form-data`)
///   is 415 `unsupported_media_type` at `Content-Type`, naming the type to send.
/// - `Content-Encoding`: none, or `identity`. A compressed body (`gzip`) is 415
///   `unsupported_encoding` at `Content-Encoding`: the server does not decompress,
///   and reading compressed bytes as JSON would only confuse.
///
/// Checked before a byte of the body is read.
enum BodyMediaType {
  /// The form type `curl -d` sends by default, read as JSON.
  static let curlForm = "application/x-www-form-urlencoded"

  /// Passes a body the server reads; else the 415 that says what to send.
  static func check(_ headers: HTTPFields) throws(ServerError) {
    for coding in headers[values: .contentEncoding].flatMap({ $0.split(separator: ",") }) {
      let name = coding.trimmingCharacters(in: .whitespaces).lowercased()
      guard name.isEmpty || name == "identity" else {
        let named = nameable(name).map { " \($0)" } ?? " that is not identity"
        throw ServerError(
          .unsupportedMediaType, "unsupported_encoding",
          "the body is sent with Content-Encoding\(named); the server reads bodies only as sent (identity): send it "
            + "uncompressed, without a Content-Encoding header",
          at: "Content-Encoding")
      }
    }
    guard let type = headers[.contentType] else { return }
    let media = mediaType(of: type)
    if let charset = charset(of: type), !["utf-8", "utf8"].contains(charset) {
      let named = nameable(charset).map { " \($0)" } ?? " that is not UTF-8"
      throw ServerError(
        .unsupportedMediaType, "unsupported_media_type",
        "the body is sent in charset\(named), but every body is read as UTF-8: send it in UTF-8 "
          + "(\"Content-Type: application/json\", or with \"; charset=utf-8\")",
        at: "Content-Type")
    }
    guard !isJSON(media), media != curlForm else { return }
    let named = nameable(media).map { "as \($0)" } ?? "with a Content-Type that is not JSON"
    throw ServerError(
      .unsupportedMediaType, "unsupported_media_type",
      "the body is sent \(named), but every body is JSON: send it with \"Content-Type: application/json\"",
      at: "Content-Type")
  }

  /// The media type of a `Content-Type` value, lowercased, without parameters.
  static func mediaType(of contentType: String) -> String {
    contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    } ?? ""
  }

  /// The `charset` parameter of a `Content-Type` value, lowercased and unquoted;
  /// nil when it has none.
  static func charset(of contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
      return pair[1].trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"")))
        .lowercased()
    }
    return nil
  }

  /// Whether a media type is JSON: `application/json` or a `+json` type.
  static func isJSON(_ media: String) -> Bool {
    media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
  }

  /// The client's own header text, when it is a plain token (`text/plain`, `gzip`)
  /// that may be repeated in a detail; nil for anything else.
  static func nameable(_ text: String) -> String? {
    guard !text.isEmpty, text.count <= 100,
      text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/.+-_".contains($0)) })
    else { return nil }
    return text
  }
}
