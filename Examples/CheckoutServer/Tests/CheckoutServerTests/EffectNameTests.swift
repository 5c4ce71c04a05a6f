import CheckoutEngine
import Foundation
import Testing

@testable import CheckoutServer

/// The names the server answers with are the library's: each effect's `kind` is
/// an `Effect.Kind`, and the README documents every kind and every refusal code.
@Suite struct EffectNameTests {
  static let readme: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// The rows of the README table under `heading` (the first cell of each, unquoted).
  static func tableNames(after heading: String) -> [String] {
    guard let start = readme.range(of: heading) else { return [] }
    let lines = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
    let table = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
    return table.compactMap { line in
      line.split(separator: "|").first.map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      }
    }
  }

  @Test func theReadmeDocumentsEveryEffectKindInOrder() {
    #expect(Self.tableNames(after: "Effects:") == Effect.Kind.allCases.map(\.rawValue))
  }

  @Test func theReadmeDocumentsEveryRefusalCodeInOrder() {
    #expect(Self.tableNames(after: "Refusal codes:") == Refusal.Code.allCases.map(\.rawValue))
  }

  @Test func eachEffectViewIsOfItsEffectsKind() {
    let refusal = Refusal(
      .hiddenRow, event: .set, subject: .row(step: "address", row: "billingStreet"), message: "hidden")
    let effects: [Effect] = [
      .navigate(.pop), .focus("a", "b", "m"), .refused(refusal), .unresolved(APIError(code: "x")), .routeCancelled("r"),
      .notice("n"),
    ]
    for effect in effects { #expect(EffectView(effect).kind == effect.kind) }
  }

  @Test func aRefusedEffectCarriesItsFieldsBesideTheReason() throws {
    let refusal = Refusal(
      .hiddenRow, event: .set, subject: .row(step: "address", row: "billingStreet"), message: "hidden")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(EffectView(.refused(refusal))), as: UTF8.self)
    #expect(
      text
        == #"{"kind":"refused","reason":"hidden","refusal":{"code":"hiddenRow","event":"set","row":"billingStreet","step":"address"}}"#
    )
    let key = Refusal(.invalidValue, event: .set, subject: .key("shipping.zip"), message: "m")
    let keyText = String(decoding: try encoder.encode(RefusalView(key)), as: UTF8.self)
    #expect(keyText == #"{"code":"invalidValue","event":"set","key":"shipping.zip"}"#)
  }
}
