import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// `checkout generate --out DIR` overwrites and removes only the stories an
/// earlier `generate` wrote (their first line says so): a hand-written
/// `.scenario` in DIR is left alone, and one a generated story's name needs is
/// refused before anything is written.
@Suite struct GenerateOutTargetTests {
  static let arguments = ["generate", "mini.json", "--out", "stories", "--today", "2026-11-21"]
  static let handWritten = "# mine\nflow ../mini.json\ntap card\nexpect stack cart|creditCard\n"

  @Test func everyStoryStartsWithTheGeneratorsLine() throws {
    try withFlowDirectory(["mini.json": GenerateCommandTests.mini]) { directory throws in
      #expect(runCheckout(Self.arguments, in: directory).status == 0)
      let stories = try GenerateCommandTests.contents(of: directory + "/stories")
      #expect(!stories.isEmpty)
      for (name, text) in stories {
        #expect(text.hasPrefix(Story.generatedLine + "\n"), "\(name)")
      }
    }
  }

  @Test func aRerunRemovesTheStoriesItNoLongerHasAndLeavesHandWrittenOnes() throws {
    try withFlowDirectory(["mini.json": GenerateCommandTests.mini]) { directory throws in
      let out = directory + "/stories"
      #expect(runCheckout(Self.arguments, in: directory).status == 0)
      let first = try GenerateCommandTests.contents(of: out)
      // A story an earlier run wrote that this suite no longer has.
      let gone = try #require(first["cart--cvv_invalid.scenario"])
      try gone.write(toFile: out + "/dropped--story.scenario", atomically: true, encoding: .utf8)
      try Self.handWritten.write(toFile: out + "/mine.scenario", atomically: true, encoding: .utf8)
      try "".write(toFile: out + "/blank.scenario", atomically: true, encoding: .utf8)
      let rerun = runCheckout(Self.arguments, in: directory)
      #expect(rerun.status == 0, "\(rerun.error)")
      var expected = first
      expected["mine.scenario"] = Self.handWritten
      expected["blank.scenario"] = ""
      #expect(try GenerateCommandTests.contents(of: out) == expected)
    }
  }

  @Test func aHandWrittenStoryWithAGeneratedNameIsRefusedAndNothingIsWritten() throws {
    try withFlowDirectory(["mini.json": GenerateCommandTests.mini]) { directory throws in
      let out = directory + "/stories"
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      try Self.handWritten.write(toFile: out + "/cart--cvv_invalid.scenario", atomically: true, encoding: .utf8)
      try Self.handWritten.write(toFile: out + "/mine.scenario", atomically: true, encoding: .utf8)
      let before = try GenerateCommandTests.contents(of: out)
      let run = runCheckout(Self.arguments, in: directory)
      #expect(run.status == 2)
      #expect(
        run.error
          == "error: stories/cart--cvv_invalid.scenario was not written by checkout generate (its first line is not \"\(Story.generatedLine)\"), so it is not overwritten; move or rename it, or generate into another directory with --out\n"
      )
      #expect(try GenerateCommandTests.contents(of: out) == before, "nothing written, nothing removed")
    }
  }

  @Test func anEmptyFileWithAGeneratedNameIsOverwritten() throws {
    try withFlowDirectory(["mini.json": GenerateCommandTests.mini]) { directory throws in
      let out = directory + "/stories"
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      try "".write(toFile: out + "/cart--cvv_invalid.scenario", atomically: true, encoding: .utf8)
      #expect(runCheckout(Self.arguments, in: directory).status == 0)
      let story = try String(contentsOfFile: out + "/cart--cvv_invalid.scenario", encoding: .utf8)
      #expect(story.hasPrefix(Story.generatedLine + "\n"))
    }
  }
}
