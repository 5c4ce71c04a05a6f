import Testing
import CheckoutScenarios

/// Every command's traits (``ScenarioCommand/Traits``), read on each example of the
/// language's table: the rules the REPL and its recorder rely on.
@Suite struct ScenarioCommandTraitsTests {
  /// Each example line of every command and expectation the table lists, parsed.
  static func examples() -> [(line: String, command: ScenarioCommand)] {
    (ScenarioLanguage.commands + ScenarioLanguage.expectations).flatMap(\.forms).compactMap { form in
      // `set cvv` (the REPL asks for the value) is no scenario line.
      (try? ScenarioParser.parse(form.example, line: 1))?.map { (form.example, $0) }
    }
  }

  @Test func everyCommandOfTheTableHasAnExampleThatParses() throws {
    let parsed = Set(Self.examples().compactMap { $0.line.split(separator: " ").first.map(String.init) })
    #expect(Set(ScenarioLanguage.commands.map(\.name)).subtracting(parsed).isEmpty)
  }

  /// A recording that left out an event would not replay to where the shopper
  /// was, and the screen an event changed is the one the person needs to see.
  @Test func anEventIsRecordedAndShowsTheScreen() throws {
    for (line, command) in Self.examples() where command.traits.sendsEvent {
      #expect(command.traits.isRecorded, "\(line)")
      #expect(command.traits.showsScreen, "\(line)")
    }
  }

  /// What changes how the next line runs is recorded, so that the recording
  /// replays it; what only prints, or leaves, is not.
  @Test func settingsAreRecordedAndPrintingIsNot() throws {
    let examples = Self.examples()
    func traits(_ word: String) throws -> ScenarioCommand.Traits {
      try #require(examples.first { $0.line.hasPrefix(word + " ") || $0.line == word }).command.traits
    }
    for word in ["today", "locale", "manual", "auto", "expect", "api"] {
      #expect(try traits(word).isRecorded, "\(word)")
    }
    for word in ["help", "show", "stack", "plan", "snapshot", "quit"] {
      #expect(try !traits(word).isRecorded, "\(word)")
      #expect(try !traits(word).sendsEvent, "\(word)")
    }
    #expect(try !traits("expect").sendsEvent)
    #expect(try traits("locale").showsScreen)
  }
}
