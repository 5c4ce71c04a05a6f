import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout repl --locale TAG` and the `locale` line at the prompt: the screen
/// shows again in the new language, completion offers the languages, a recording
/// keeps the locale, and a language the session cannot speak is refused.
@Suite struct ReplLocaleTests {
  private func repl(_ lines: [String], locale: String? = nil, record: String? = nil) -> (status: Int32, output: String)
  {
    var options = ReplCommand.Options.onTheTestDay
    options.locale = locale
    options.record = record
    return runREPL(lines, options)
  }

  @Test func aGermanREPLShowsTheEnginesGermanWords() {
    let result = repl(["tap checkout", "tap continue", "tap creditCard", "set number 1234"], locale: "de")
    #expect(result.status == 0)
    #expect(result.output.contains("ist ein Pflichtfeld"), "the guard's reason on the screen")
    #expect(result.output.contains("Bitte zuerst „Lieferadresse“ vervollständigen."), "the refusal")
    #expect(result.output.contains("Kartennummer ist keine gültige Kartennummer"), "the rule's message")
    #expect(!result.output.contains("is required"))
  }

  @Test func theLocaleLineShowsTheScreenAgainInTheNewLanguage() {
    let result = repl(["tap checkout", "locale de", "locale xx"])
    #expect(result.output.contains("Full name is required"))
    #expect(
      result.output.contains("Bitte zuerst „Lieferadresse“ vervollständigen. „Vollständiger Name“"),
      "the screen shown again in German")
    #expect(result.output.contains(#"error: unknown locale "xx"; the languages are en, de, fr, es, it, nl, pt, ja"#))
  }

  @Test func anUnknownLocaleOptionIsBadUsage() {
    let result = repl([], locale: "xx")
    #expect(result.status == 2)
    #expect(result.output.contains(#"error: --locale: unknown locale "xx"; the languages are en, de"#))
  }

  /// `en_US` (a POSIX locale name) is not a tag: the error says how to write it, as lint does.
  @Test func aLocaleWrittenWithAnUnderscoreSaysHowToWriteIt() {
    let hint = #"unknown locale "en_US" (write "en-US": a tag joins its parts with "-"); the languages are en, de"#
    let option = repl([], locale: "en_US")
    #expect(option.status == 2)
    #expect(option.output.contains("error: --locale: " + hint), "\(option.output)")
    #expect(repl(["locale de_DE"]).output.contains(#"error: unknown locale "de_DE" (write "de-DE": a tag"#))
    #expect(repl([], locale: "en-US").status == 0, "the tag as the hint writes it")
  }

  /// `--locale DE` spoke the engine's German around the flow's English
  /// (`Bitte zuerst „Shipping Address“ vervollständigen. Full name ist erforderlich.`).
  @Test func aLocaleMatchesWhateverItsCase() {
    let option = repl(["tap checkout", "tap continue"], locale: "DE")
    #expect(option.status == 0)
    #expect(
      option.output.contains("Bitte zuerst „Lieferadresse“ vervollständigen. „Vollständiger Name“"), "\(option.output)")
    #expect(!option.output.contains("Shipping Address"))
    let line = repl(["tap checkout", "locale De-at"])
    #expect(line.output.contains("Bitte zuerst „Lieferadresse“ vervollständigen."), "\(line.output)")
  }

  @Test func aMistypedLocaleSaysWhichItMeans() {
    let result = repl([], locale: "dee")
    #expect(result.status == 2)
    #expect(
      result.output.contains(#"error: --locale: unknown locale "dee" (did you mean "de"?); the languages are en, de"#),
      "\(result.output)")
  }

  @Test func completionOffersTheLanguages() throws {
    let session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    #expect(ReplCompletion.candidates(line: "locale ", cursor: 7, session: session).contains("de"))
    #expect(ReplCompletion.candidates(line: "loc", cursor: 3, session: session) == ["locale"])
  }

  @Test func aRecordingKeepsTheLocaleAndReplaysGreen() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("locale-\(UUID().uuidString).scenario")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = repl(["tap checkout", "locale fr", "tap continue"], locale: "de", record: path)
    let recorded = try String(contentsOfFile: path, encoding: .utf8)
    #expect(recorded.contains("\nlocale de\n"))
    #expect(recorded.contains("\nlocale fr\n"))
    let replay = runCheckout(["replay", path])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
  }
}
