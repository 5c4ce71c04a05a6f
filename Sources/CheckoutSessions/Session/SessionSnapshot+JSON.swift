import Foundation
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// Snapshot JSON through the snapshot's one definition, its `Codable` conformance:
/// `JSONEncoder` with sorted keys writes it, `JSONDecoder` reads it, and a
/// `DecodingError` becomes a ``SnapshotError`` that names the JSON path.
extension SessionSnapshot {
  /// The snapshot as compact JSON with sorted keys: what a ``SessionStore`` keeps.
  ///
  /// One snapshot always gives the same bytes. Secrets are never in a snapshot, so
  /// never in these bytes. JSON has no NaN or infinity: a non-finite number in the
  /// data (only a host setting one directly can store it) is left out.
  ///
  /// ```swift
  /// let json = session.snapshot().jsonData()
  /// // {"calls":[],"data":{...},"fingerprint":"b74ffa1454939f34","flow":"plndr","format":3,"mode":{"idle":{...}},...}
  /// ```
  public func jsonData() -> Data {
    var finite = self
    if data.values.contains(where: \.isNonFiniteNumber) { finite.data = data.filter { !$0.value.isNonFiniteNumber } }
    do {
      return try Self.encoder.encode(finite)
    } catch {
      // Every member is a string, a finite number, a boolean, or built of them.
      preconditionFailure("a snapshot with only finite numbers always encodes: \(error)")
    }
  }

  /// Reads a snapshot from JSON written by ``jsonData()`` or by any `JSONEncoder`.
  ///
  /// A document that does not read fails with the JSON path and what was
  /// expected there:
  ///
  /// ```swift
  /// let snapshot = try SessionSnapshot(json: stored)
  /// // snapshot JSON: queued[0].message: expected a String, found a number
  /// ```
  ///
  /// Members this version does not know are skipped. A document of another
  /// `format` that cannot be read fails with `unsupported snapshot format N; this
  /// version reads formats 1, 2 and 3`; a format 1 or 2 document is read into the current
  /// format (its mode fields into `mode`). Whether the snapshot fits a flow is checked when it
  /// is restored (``CheckoutSession/init(restoring:flow:)``).
  public init(json: Data) throws(SnapshotError) {
    do {
      self = try Self.decoder.decode(SessionSnapshot.self, from: json)
    } catch let error as DecodingError {
      if let declared = try? JSONDecoder().decode(DeclaredFormat.self, from: json),
        !Self.readableFormats.contains(declared.format)
      {
        throw Self.unsupported(declared.format)
      }
      throw SnapshotError(message: "snapshot JSON: " + Self.describe(error, in: json))
    } catch {
      throw SnapshotError(message: "snapshot JSON: \(error)")
    }
  }

  /// The snapshot in a stored row around one, as a store that keeps a snapshot
  /// beside its own columns exports it (`{"id": …, "version": …, "snapshot":
  /// {…}}`, what PostgreSQL's `row_to_json` gives; the member may also be JSON
  /// text). Nil when the document is no object with a `snapshot` member; throws
  /// when that member is no snapshot, naming the path (`snapshot.navigation`).
  package static func inStoredRow(_ json: Data) throws(SnapshotError) -> SessionSnapshot? {
    let row: StoredRow
    do {
      row = try decoder.decode(StoredRow.self, from: json)
    } catch let error as DecodingError {
      switch error {
      case .keyNotFound(_, let context) where context.codingPath.isEmpty: return nil
      case .typeMismatch(_, let context) where context.codingPath.isEmpty: return nil
      case .dataCorrupted(let context) where context.codingPath.isEmpty: return nil
      default: throw SnapshotError(message: "snapshot JSON: " + describe(error, in: json))
      }
    } catch {
      return nil
    }
    switch row.snapshot {
    case .object(let snapshot): return snapshot
    case .text(let text): return try SessionSnapshot(json: Data(text.utf8))
    }
  }

  /// A stored row: only its `snapshot` member is read.
  private struct StoredRow: Decodable {
    enum Member: Decodable {
      case object(SessionSnapshot)
      case text(String)

      init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
          self = .text(text)
        } else {
          self = .object(try SessionSnapshot(from: decoder))
        }
      }
    }
    var snapshot: Member
  }

  /// The one encoder snapshots are written with: compact, sorted keys. Configured
  /// once and never changed, so it is shared (Foundation's coders are `Sendable`).
  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// The one decoder snapshots are read with, shared like ``encoder``.
  private static let decoder = JSONDecoder()

  /// Only the `format` member, to tell another format from a broken document.
  private struct DeclaredFormat: Decodable {
    var format: Int
  }

  /// A decoding error as "path: what is wrong". `JSONDecoder` does not say where
  /// a syntax error is; `JSONSerialization` gives the character, so it is asked then.
  static func describe(_ error: DecodingError, in json: Data) -> String {
    switch error {
    case .typeMismatch(let type, let context):
      guard let found = found(context) else {
        return "\(path(context.codingPath)): expected \(article(type)): \(context.debugDescription)"
      }
      return "\(path(context.codingPath)): expected \(article(type)), found \(found)"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)): expected \(article(type)), found null"
    case .keyNotFound(let key, let context):
      let missing = "\(path(context.codingPath)): missing required key \"\(key.stringValue)\""
      guard let misspelt = misspelling(of: key.stringValue, at: context.codingPath, in: json) else { return missing }
      return missing + "; the snapshot has \"\(misspelt)\" there: a misspelling of it?"
    case .dataCorrupted(let context):
      guard context.codingPath.isEmpty, context.underlyingError == nil else {
        return "\(path(context.codingPath)): \(context.debugDescription)"
      }
      do {
        _ = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        return
          "(top level): \(context.debugDescription) (the syntax is valid: a number does not fit its type, like 1.5 for an integer)"
      } catch {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return "(top level): not valid JSON: \(detail)"
      }
    @unknown default:
      return "\(error)"
    }
  }

  /// A member of the object at `codingPath` whose name is close to a missing key's
  /// (`navigaton` for `navigation`), read from the document itself.
  private static func misspelling(of key: String, at codingPath: [any CodingKey], in json: Data) -> String? {
    var node = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
    for step in codingPath {
      if let index = step.intValue {
        guard let array = node as? [Any], array.indices.contains(index) else { return nil }
        node = array[index]
      } else {
        node = (node as? [String: Any])?[step.stringValue]
      }
    }
    guard let object = node as? [String: Any] else { return nil }
    return Suggestions.nearest(to: key, in: object.keys.sorted().filter { $0 != key })
  }

  /// A coding path as a JSON path: `route.remaining[2]`, `data["payment.card.name"]`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "(top level)" }
    var text = ""
    for key in codingPath {
      if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
        text += "[\(index)]"
      } else if !key.stringValue.isEmpty, key.stringValue.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      } else {
        text += "[\"\(key.stringValue)\"]"
      }
    }
    return text
  }

  /// "a String", "an Int", "an object", "a RouteDriver.State", from a type.
  private static func article(_ type: Any.Type) -> String {
    switch "\(type)" {
    case "Dictionary<String, Any>": return "an object"
    case "Array<Any>": return "an array"
    default:
      var name = String(reflecting: type)
      // The engine's own layers and the standard library go without a module name.
      let modules = [
        "CheckoutEngine.", "CheckoutModel.", "CheckoutPlanning.", "CheckoutCompiledFlow.", "CheckoutSessions.",
        "Swift.",
      ]
      for module in modules where name.hasPrefix(module) { name.removeFirst(module.count) }
      return ("AEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
    }
  }

  /// What Foundation says it found ("Expected to decode String but found a number instead.").
  private static func found(_ context: DecodingError.Context) -> String? {
    let text = context.debugDescription
    guard let start = text.range(of: "but found ") else { return nil }
    var rest = text[start.upperBound...]
    if rest.hasSuffix(" instead.") { rest = rest.dropLast(" instead.".count) }
    return String(rest)
  }
}

extension Value {
  /// A number JSON cannot hold: NaN or an infinity.
  fileprivate var isNonFiniteNumber: Bool {
    if case .number(let number) = self { return !number.isFinite }
    return false
  }
}

extension CheckoutSession {
  /// The session's snapshot as JSON (``SessionSnapshot/jsonData()``): no secrets,
  /// sensitive values masked unless `revealSensitive`.
  ///
  /// ```swift
  /// try await database.save(session.snapshotJSON(revealSensitive: true), id: id)
  /// ```
  public func snapshotJSON(revealSensitive: Bool = false) -> Data {
    snapshot(revealSensitive: revealSensitive).jsonData()
  }

  /// Restores a session from snapshot JSON against a compiled flow: reads it
  /// (``SessionSnapshot/init(json:)``), then restores it
  /// (``CheckoutSession/init(restoring:flow:)``); either error is a ``SnapshotError``.
  ///
  /// ```swift
  /// var session = try CheckoutSession(restoringJSON: stored, flow: compiled)
  /// session.send(.appeared("creditCard"))
  /// ```
  public init(restoringJSON json: Data, flow compiled: CompiledFlow) throws(SnapshotError) {
    try self.init(restoring: SessionSnapshot(json: json), flow: compiled)
  }
}
