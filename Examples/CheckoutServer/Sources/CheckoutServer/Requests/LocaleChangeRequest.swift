/// `{"locale": "de", "expectedVersion": 3}`: the language a session is to speak
/// from now on (`POST /sessions/{id}/locale`), and, optionally, the version the
/// client last saw. Every problem is a 400 naming the field (``BodyFields``).
struct LocaleChangeRequest: Decodable, Sendable, Equatable {
  /// The shopper's language: a BCP 47 tag such as `de`, in any case.
  var locale: String
  /// The version the client last saw, if the change must apply only on it.
  var expectedVersion: Int?

  init(locale: String, expectedVersion: Int? = nil) {
    self.locale = locale
    self.expectedVersion = expectedVersion
  }

  init(from decoder: any Decoder) throws {
    let fields = try BodyFields(decoder, context: "a locale change")
    try fields.rejectUnknown(allowed: ["locale", "expectedVersion"])
    locale = try fields.string("locale", expected: "a language tag such as \"de\"")
    let version = try fields.optional(Int.self, "expectedVersion", expected: Self.versionExpected)
    if let version, version < 1 {
      throw ServerError.badField(
        "invalid_field", "\"expectedVersion\" must be \(Self.versionExpected)", at: "expectedVersion")
    }
    expectedVersion = version
  }

  private static let versionExpected = "a whole number of 1 or more (the version the client last saw)"
}
