import CheckoutModel
import CheckoutSessions
import Foundation

/// What `checkout migrate` and a `restore FILE` line read from a file: the
/// snapshot JSON the REPL's and a scenario's `snapshot FILE` write and a
/// ``SessionStore`` keeps, or a stored row
/// around it, as the example server's PostgreSQL store keeps one (`{"id": …,
/// "version": …, "flow": …, "snapshot": {…}, …}`, what `row_to_json` gives; the
/// `snapshot` member may also be JSON text). A value sealed by that server
/// (`sealed:v2:KEY:…`, a card number encrypted at rest) cannot be opened here:
/// it is read as a masked value, which a migration keeps and does not check.
package enum StoredSnapshot {
  /// What the example server's sealed values start with (`sealed:v1:`, `sealed:v2:`).
  package static let sealedPrefix = "sealed:v"

  /// The documents in a file: the file itself, or, when it holds several lines
  /// and each is a JSON object of its own (`psql -At -c "SELECT snapshot FROM
  /// sessions"`, JSON Lines), each line, named `FILE:LINE`.
  package static func documents(in bytes: [UInt8], file: String) -> [(name: String, json: Data)] {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
      .map { (number: $0.offset + 1, text: String(decoding: $0.element, as: UTF8.self)) }
      .map { (number: $0.number, text: $0.text.trimmingCharacters(in: .whitespacesAndNewlines)) }
      .filter { !$0.text.isEmpty }
    guard lines.count > 1, lines.allSatisfy({ $0.text.hasPrefix("{") && $0.text.hasSuffix("}") }) else {
      return [(file, Data(bytes))]
    }
    return lines.map { ("\(file):\($0.number)", Data($0.text.utf8)) }
  }

  /// The snapshot in `json`, or in its `snapshot` member (a stored row); throws
  /// the snapshot's own error when the document is neither, and says where a
  /// document that is not strict JSON goes wrong.
  package static func read(_ json: Data) throws(SnapshotError) -> SessionSnapshot {
    // Strict JSON first, so a syntax error says its line and column, and a trailing
    // comma or a member written twice (which Foundation's decoder lets pass) is refused.
    do {
      try JSONSyntax.check(Array(json), documentName: "snapshot")
    } catch {
      throw SnapshotError(message: "not valid JSON: \(error)")
    }
    let snapshot: SessionSnapshot
    do {
      snapshot = try SessionSnapshot(json: json)
    } catch {
      guard let inRow = try SessionSnapshot.inStoredRow(json) else { throw error }
      snapshot = inRow
    }
    return maskingSealedValues(snapshot)
  }

  /// Whether `json` is a session snapshot, what `snapshot FILE` writes (of any
  /// format this version reads), so that a later `snapshot FILE` may overwrite
  /// it: a flow, a store's row or any other document is not one.
  package static func isSnapshot(_ json: Data) -> Bool {
    (try? SessionSnapshot(json: json)) != nil
  }

  /// The snapshot with every sealed value read as masked (`••••`).
  private static func maskingSealedValues(_ snapshot: SessionSnapshot) -> SessionSnapshot {
    var masked = snapshot
    for (key, value) in snapshot.data {
      if case .string(let text) = value, text.hasPrefix(sealedPrefix) { masked.data[key] = .string("••••") }
    }
    return masked
  }

  /// Why a snapshot is not of `--from`'s flow, naming what differs: `made on v1
  /// (fingerprint 1a2b…), not on --from's v1 (fingerprint 9f8e…): the fingerprint
  /// differs`.
  package static func notFrom(
    made: (version: Int?, fingerprint: String), expected: (version: Int?, fingerprint: String)
  ) -> String {
    func name(_ flow: (version: Int?, fingerprint: String)) -> String {
      "\(flow.version.map { "v\($0)" } ?? "no version") (fingerprint \(flow.fingerprint))"
    }
    var differs: [String] = []
    if made.version != expected.version { differs.append("version") }
    if made.fingerprint != expected.fingerprint { differs.append("fingerprint") }
    let what = differs.joined(separator: " and the ")
    let verb = differs.count == 1 ? "differs" : "differ"
    var reason = "made on \(name(made)), not on --from's \(name(expected)): the \(what) \(verb)"
    if differs == ["fingerprint"] {
      reason += " (the flow's steps, rows or keys changed without a new version)"
    }
    return reason
  }
}
