import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// The REPL's screen shows a detail's plural in the form its number takes: `1 item`,
/// then `5 items` once the shopper sets five; in Polish `1 produkt`, `22 produkty`,
/// `5 produktów`.
@Suite struct ReplPluralTests {
  static let flow = """
    {
      "format": 1, "id": "bag", "title": { "en": "Bag", "pl": "Koszyk" }, "locales": ["en", "pl"], "start": "cart",
      "data": { "cart.count": 1 },
      "steps": [
        { "id": "cart", "title": { "en": "My bag", "pl": "Mój koszyk" }, "rows": [
          { "id": "items", "cell": "info", "title": { "en": "In your bag", "pl": "W koszyku" },
            "detail": {
              "en": "{cart.count, plural, one {# item} other {# items}}",
              "pl": "{cart.count, plural, one {# produkt} few {# produkty} many {# produktów} other {# produktu}}" } },
          { "id": "count", "cell": "number", "title": { "en": "Quantity", "pl": "Ilość" }, "bind": "cart.count",
            "rules": [{ "maxLength": 1 }] } ] }
      ],
      "errors": [{ "code": "*", "step": "cart", "message": { "en": "Try again", "pl": "Spróbuj ponownie" } }]
    }
    """

  private func repl(_ lines: [String], locale: String?) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("plural-\(UUID().uuidString).json")
    try Self.flow.write(to: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: path) }
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: lines)
    var options = ReplCommand.Options.onTheTestDay
    options.flow = path.path
    options.locale = locale
    let status = ReplCommand.run(options, capture.terminal, reader: &reader)
    #expect(status.code == 0, "\(capture.output + capture.error)")
    return capture.output + capture.error
  }

  @Test func theScreenSaysOneItemThenFiveItems() throws {
    let output = try repl(["set count 5", "set count 10"], locale: nil)
    #expect(output.contains("1 item") && !output.contains("1 items"), "\(output)")
    #expect(output.contains("5 items"))
    #expect(output.contains("Quantity must be at most 1 character"), "the engine's message in the singular")
  }

  @Test func aPolishScreenSaysProduktProduktyProduktow() throws {
    let output = try repl(["set count 22", "set count 5"], locale: "pl")
    #expect(output.contains("1 produkt"), "\(output)")
    #expect(output.contains("22 produkty"))
    #expect(output.contains("5 produktów"))
  }
}
