import CheckoutTestSupport
import Testing
import CheckoutModel

/// A flow's `messages`: its own words for engine messages, checked when it loads
/// (an unknown id with "did you mean", a placeholder the message does not have or
/// leaves out, a locale that is no language tag) and written back as read.
@Suite struct FlowMessagesLoadingTests {
  static func flow(messages: String) -> String {
    """
    {
      "format": 1, "id": "m", "title": "M", "start": "a",
      "steps": [ { "id": "a", "title": "A", "rows": [
        { "id": "name", "cell": "text", "title": "Name", "bind": "name", "rules": ["required"] } ] } ],
      "messages": \(messages)
    }
    """
  }

  static func problems(_ messages: String) -> [String] {
    do {
      _ = try FlowLoader().load(json: flow(messages: messages))
      return []
    } catch {
      return error.diagnostics.map {
        "\($0.path?.description ?? ""): \($0.message)\($0.suggestion.map { "; \($0)" } ?? "")"
      }
    }
  }

  @Test func validMessagesLoadAndAreWrittenBack() throws {
    let json = Self.flow(
      messages:
        #"{ "rule.required": { "en": "Please enter {title}", "de": "Bitte {title} angeben" }, "refusal.cannotChange": "{row} is locked" }"#
    )
    let flow = try FlowLoader().load(json: json)
    #expect(
      flow.messages["rule.required"] == .localized(["en": "Please enter {title}", "de": "Bitte {title} angeben"]))
    #expect(flow.messages["refusal.cannotChange"] == .text("{row} is locked"))
    #expect(try FlowLoader().load(json: FlowWriter.json(flow)) == flow)
  }

  @Test func anUnknownMessageIDIsAnErrorWithTheNearestID() {
    #expect(
      Self.problems(#"{ "rule.requird": "{title} needed" }"#) == [
        #"messages["rule.requird"]: unknown engine message "rule.requird"; did you mean "rule.required"?"#
      ])
  }

  @Test func aPlaceholderTheMessageDoesNotHaveOrLeavesOutIsAnError() {
    #expect(
      Self.problems(#"{ "rule.required": { "de": "{titel} fehlt" } }"#) == [
        #"messages["rule.required"].de: {titel} is not a placeholder of rule.required; did you mean "title"? its placeholders are {title}"#
      ])
    #expect(
      Self.problems(#"{ "rule.minLength": "{title} is too short" }"#) == [
        #"messages["rule.minLength"]: the text of rule.minLength leaves out {count}; its placeholders are {title}, {count}"#
      ])
  }

  /// The API's code is an id, never words for the shopper: the error messages
  /// take none, and a flow's text that still writes `{code}` is told what is valid.
  @Test func anErrorMessageWritingTheAPICodeIsAnError() {
    #expect(
      Self.problems(#"{ "error.checkRow": { "de": "{title}: Bitte prüfen ({code})" } }"#) == [
        #"messages["error.checkRow"].de: {code} is not a placeholder of error.checkRow; its placeholders are {title}"#
      ])
    #expect(
      Self.problems(#"{ "error.checkStep": "Please check this step ({code})" }"#) == [
        #"messages["error.checkStep"]: {code} is not a placeholder of error.checkStep; it takes no placeholder: write it without {…}"#
      ])
  }

  @Test func aLocaleThatIsNoLanguageTagIsAnError() {
    #expect(
      Self.problems(#"{ "rule.required": { "german": "{title} fehlt" } }"#) == [
        #"messages["rule.required"].german: "german" is not a language tag; write a BCP 47 tag like en, de or pt-BR"#
      ])
    #expect(
      LanguageTag.isWellFormed("pt-BR") && LanguageTag.isWellFormed("zh-Hant-TW") && !LanguageTag.isWellFormed("d"))
  }
}

extension FlowMessagesLoadingTests {
  /// A flow may write numbers and dates its own way for a locale (`1'234.50` in
  /// Swiss German), but only in the shape the engine reads.
  @Test func formatsNotOfTheirShapeAreErrors() throws {
    let swiss = try FlowLoader().load(
      json: Self.flow(messages: #"{ "format.number": { "de-CH": "1’234’567.89" } }"#))
    #expect(swiss.messages["format.number"] == .localized(["de-CH": "1’234’567.89"]))
    #expect(
      Self.problems(#"{ "format.number": "1234567", "format.months": { "de": "Jan, Feb" } }"#) == [
        #"messages["format.number"]: "1234567" is not how format.number is written; write 1234567.89 as the language writes it, like 1,234,567.89, 1.234.567,89, 1234567,89 (no grouping) or ١٬٢٣٤٬٥٦٧٫٨٩ (digits of one script)"#,
        #"messages["format.months"].de: "Jan, Feb" is not how format.months is written; write the twelve months' names, January first, separated by ", ""#,
      ])
  }
}
