import Foundation
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// A session as versioned JSON: what a store keeps and a server restores.
///
/// `secret` values are never in a snapshot; `sensitive` values are masked unless
/// the host opts in. It names the flow, its version and a fingerprint of the flow's
/// shape, so restoring on another version of the flow is detected and migrated
/// (``SnapshotMigrator``): renames applied, what was removed cut away, with a report.
///
/// ```swift
/// let json = session.snapshotJSON()              // or session.snapshot().jsonData()
/// let restored = try CheckoutSession(restoringJSON: json, flow: compiled)
/// ```
///
/// Its `Codable` conformance is the one definition of the JSON; ``jsonData()`` and
/// ``init(json:)`` use it, and say where a document is wrong.
public struct SessionSnapshot: Hashable, Sendable, Codable {
  /// The snapshot format this version writes (it reads this one and format 1, see
  /// ``readableFormats``).
  package static let currentFormat = 3
  /// The formats this version reads: format 1 kept the mode as separate fields
  /// (`offer`, `queued`, `driver`, `pending`, `focus`), read into ``mode``;
  /// format 2 had no call digests, actions or `finished` (read as none).
  package static let readableFormats = 1...currentFormat

  /// The snapshot format.
  public var format: Int
  /// The flow's id.
  public var flow: FlowID
  /// A fingerprint of the flow's steps, rows and keys when the snapshot was made.
  public var fingerprint: String
  /// The flow's `version` when the snapshot was made, if the flow declares one.
  public var flowVersion: Int?
  /// Where the shopper is.
  public var navigation: NavigationState
  /// The session's date.
  public var today: CalendarDate?
  /// The shopper's language, when it is not the flow's default (absent: the
  /// default, as in snapshots written before sessions had a locale).
  package var locale: String?
  /// The data: no secrets; sensitive values masked unless revealed.
  public var data: [String: Value]
  /// The errors shown, by `step.row`.
  package var rowErrors: [String: String]
  /// What the session is doing (``SessionMode``): idle, waiting for a step,
  /// offering an error or driving a route, with what that mode holds.
  package var mode: SessionMode
  /// API calls waiting for answers, each with its idempotency key.
  public var calls: [APICall]
  /// Calls given up unanswered, whose keys the next calls reuse (absent when none).
  public var unanswered: [APICall]?
  /// How many idempotency keys the session has made (absent before the first).
  package var callsMade: Int?
  /// The operation whose success placed the order (absent until then).
  public var finished: OperationName?
  /// For each secret key, its generation: how many times the value changed or was
  /// cleared (never the value itself); absent when no secret was ever set.
  package var secretGenerations: [String: Int]?
}

extension SessionSnapshot {
  /// Reads a snapshot of any format in ``readableFormats``: format 1's separate
  /// fields are read into ``mode`` (a combination no mode holds fails, naming the
  /// field), and the snapshot read is of the current format. Members that are
  /// empty may be left out: `data`, `rowErrors`, `calls`, `mode` (idle), and
  /// inside the mode a correction and its `queued`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try container.decode(Int.self, forKey: .format)
    flow = try container.decode(FlowID.self, forKey: .flow)
    fingerprint = try container.decode(String.self, forKey: .fingerprint)
    flowVersion = try container.decodeIfPresent(Int.self, forKey: .flowVersion)
    navigation = try container.decode(NavigationState.self, forKey: .navigation)
    today = try container.decodeIfPresent(CalendarDate.self, forKey: .today)
    locale = try container.decodeIfPresent(String.self, forKey: .locale)
    // Empty members may be left out (a snapshot written by hand): no data beyond
    // the flow's, no row errors, idle with nothing to correct, no calls.
    data = try container.decodeIfPresent([String: Value].self, forKey: .data) ?? [:]
    rowErrors = try container.decodeIfPresent([String: String].self, forKey: .rowErrors) ?? [:]
    if format == 2 { format = Self.currentFormat }
    if format == 1 {
      do {
        mode = try SessionMode(SessionMode.Fields(from: decoder))
      } catch let conflict as SessionMode.Conflict {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath + [SnapshotKey(conflict.field) as any CodingKey],
            debugDescription: conflict.message))
      }
      format = Self.currentFormat
    } else {
      mode = try container.decodeIfPresent(SessionMode.self, forKey: .mode) ?? .start
    }
    calls = try container.decodeIfPresent([APICall].self, forKey: .calls) ?? []
    unanswered = try container.decodeIfPresent([APICall].self, forKey: .unanswered)
    callsMade = try container.decodeIfPresent(Int.self, forKey: .callsMade)
    finished = try container.decodeIfPresent(OperationName.self, forKey: .finished)
    secretGenerations = try container.decodeIfPresent([String: Int].self, forKey: .secretGenerations)
  }

  /// `unsupported snapshot format N; this version reads formats 1, 2 and 3`.
  static func unsupported(_ format: Int) -> SnapshotError {
    let names = readableFormats.map(String.init)
    let readable = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + (names.last ?? "")
    return SnapshotError(message: "unsupported snapshot format \(format); this version reads formats \(readable)")
  }

  /// A member of a snapshot named in an error.
  private struct SnapshotKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// Why a snapshot cannot be restored.
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the flow, steps or rows concerned.
  public var message: String
  public var description: String { message }

  /// An error saying `message`.
  package init(message: String) {
    self.message = message
  }
}

extension CheckoutSession {
  /// The session as a snapshot; sensitive values are masked unless `revealSensitive`.
  public func snapshot(revealSensitive: Bool = false) -> SessionSnapshot {
    var errors = [String: String](minimumCapacity: rowErrors.count)
    for (ref, message) in rowErrors { errors[ref.description] = message }
    return SessionSnapshot(
      format: SessionSnapshot.currentFormat, flow: flow.id, fingerprint: compiled.fingerprint,
      flowVersion: flow.version,
      navigation: navigation, today: today, locale: locale == compiled.defaultLocale ? nil : locale,
      data: snapshotData(revealSensitive: revealSensitive), rowErrors: errors,
      mode: mode,
      calls: calls.isEmpty ? [] : calls.sorted { $0.key < $1.key }.map { snapshotted($0.value, revealSensitive) },
      unanswered: unanswered.isEmpty ? nil : unanswered.sorted { $0.key < $1.key }.map(\.value),
      callsMade: callsMade == 0 ? nil : callsMade, finished: finished,
      secretGenerations: secretGenerations.isEmpty
        ? nil : Dictionary(uniqueKeysWithValues: secretGenerations.map { ($0.key.rawValue, $0.value) }))
  }

  /// A call as the snapshot keeps it: the shopper's values its action replaced
  /// masked as the snapshot's data is (``PendingAction/replaced`` holds no secret).
  private func snapshotted(_ call: APICall, _ revealSensitive: Bool) -> APICall {
    guard let action = call.action, !action.replaced.isEmpty else { return call }
    var copy = call
    copy.action = action.masked(by: compiled.masking, revealSensitive: revealSensitive)
    return copy
  }

  /// ``redactedData(revealSensitive:)`` keyed by text, built in one pass: every
  /// value copied, then the few secret keys removed and the few sensitive ones masked.
  ///
  /// A value still equal to the flow's initial `data` for its key is left out: it
  /// can be derived, and restoring fills it in from the flow. (A session removes
  /// only a key the flow's data does not hold, one an action filled, when the
  /// action is left: a key left out always means "as the flow starts".)
  private func snapshotData(revealSensitive: Bool) -> [String: Value] {
    let masking = compiled.masking
    let initial = compiled.flow.data
    var copy = [String: Value](minimumCapacity: data.count)
    for (key, value) in data where initial[key] != value { copy[key.rawValue] = value }
    for key in masking.secretKeys { copy.removeValue(forKey: key.rawValue) }
    guard !revealSensitive else { return copy }
    for key in masking.sensitiveKeys {
      guard let value = copy[key.rawValue] else { continue }
      copy[key.rawValue] = .string(Masking.maskedQuickly(value.displayText))
    }
    return copy
  }

  /// Restores a snapshot made on this very flow, or migrated to it: every step and
  /// row it names must exist.
  init(restoringExactly snapshot: SessionSnapshot, flow compiled: CompiledFlow) throws(SnapshotError) {
    guard snapshot.format == SessionSnapshot.currentFormat else { throw SessionSnapshot.unsupported(snapshot.format) }
    guard snapshot.flow == compiled.flow.id else {
      throw SnapshotError(message: "the snapshot is of flow \"\(snapshot.flow)\", not \"\(compiled.flow.id)\"")
    }
    var missing: [String] = []
    func need(_ step: StepID, _ row: RowID? = nil) {
      guard let found = compiled.step(step) else {
        missing.append("step \"\(step)\"")
        return
      }
      if let row, found.row(row) == nil { missing.append("row \"\(RowReference(step: step, row: row))\"") }
    }
    snapshot.navigation.steps.forEach { need($0) }
    var errors: [RowRef: String] = [:]
    for (name, message) in snapshot.rowErrors {
      let reference: RowReference
      do {
        reference = try RowReference(parsing: name)
      } catch {
        throw SnapshotError(
          message: "snapshot rowErrors[\(Quoting.quoted(name))]: a row error is keyed by STEP.ROW: \(error)")
      }
      guard let row = reference.row else {
        throw SnapshotError(
          message:
            "snapshot rowErrors[\(Quoting.quoted(name))]: a row error is keyed by STEP.ROW, and \(Quoting.quoted(name)) names no row; write it like creditCard.cvv"
        )
      }
      need(reference.step, row)
      errors[RowRef(step: reference.step, row: row)] = message
    }
    snapshot.mode.namedPlaces.forEach { need($0.step, $0.row) }
    (snapshot.calls + (snapshot.unanswered ?? [])).compactMap(\.then).forEach { need($0) }
    snapshot.calls.compactMap(\.action?.step).forEach { need($0) }
    guard missing.isEmpty else {
      let unique = missing.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      throw SnapshotError(
        message:
          "the flow \"\(compiled.flow.id)\" changed since the snapshot was made: \(unique.joined(separator: ", ")) no longer \(unique.count == 1 ? "exists" : "exist")"
      )
    }
    try snapshot.mode.checkWaiting(on: snapshot.navigation)
    let restoredCalls = try Self.callsByOperation(snapshot.calls, "calls")
    let restoredUnanswered = try Self.callsByOperation(snapshot.unanswered ?? [], "unanswered")
    let callsMade = snapshot.callsMade ?? 0
    guard callsMade >= 0 else {
      throw SnapshotError(message: "the snapshot's callsMade is \(callsMade); it counts keys made, 0 or more")
    }
    var generations: [DataKey: Int] = [:]
    for (key, generation) in snapshot.secretGenerations ?? [:] {
      guard generation >= 1 else {
        throw SnapshotError(
          message:
            "the snapshot's secretGenerations[\"\(key)\"] is \(generation); a generation counts a secret's changes from 1"
        )
      }
      // A key the flow no longer keeps secret needs no generation.
      if compiled.masking.isSecret(DataKey(key)) { generations[DataKey(key)] = generation }
    }
    // A snapshot written without a date (before dates were required) takes the system's.
    self.init(flow: compiled, today: snapshot.today ?? .systemToday())
    // A locale the flow no longer speaks (its own messages in it were removed)
    // leaves the shopper in the flow's default language rather than without a session.
    if let locale = snapshot.locale.flatMap(compiled.sessionLocale(for:)) {
      self.locale = locale
      ruleContext = compiled.ruleContext(for: locale)
    }
    secretGenerations = generations
    navigation = snapshot.navigation
    // The snapshot's values, and the flow's initial data for keys it does not hold.
    var merged = [DataKey: Value](minimumCapacity: snapshot.data.count + compiled.flow.data.count)
    for (key, value) in snapshot.data { merged[DataKey(key)] = value }
    for (key, value) in compiled.flow.data where merged.index(forKey: key) == nil { merged[key] = value }
    data = merged
    rowErrors = errors
    mode = snapshot.mode
    calls = restoredCalls
    unanswered = restoredUnanswered
    self.callsMade = callsMade
    finished = snapshot.finished
  }
}

extension CheckoutSession {
  /// A snapshot's calls by operation. Hand-written JSON can list an operation
  /// twice; that is an error, not a trap.
  private static func callsByOperation(_ calls: [APICall], _ member: String) throws(SnapshotError) -> [OperationName:
    APICall]
  {
    var byOperation: [OperationName: APICall] = [:]
    for call in calls where byOperation.updateValue(call, forKey: call.operation) != nil {
      throw SnapshotError(message: "the snapshot lists the call \"\(call.operation)\" twice in \(member)")
    }
    return byOperation
  }
}

extension Masking {
  /// ``masked(_:)``, fast for printable ASCII text (where one byte is one
  /// character), as every snapshot masks its sensitive values; any other text goes
  /// through ``masked(_:)`` itself.
  static func maskedQuickly(_ text: String) -> String {
    // The last four bytes kept (spaces and dashes dropped), and how many are kept.
    var last: [UInt8] = []
    var kept = 0
    for byte in text.utf8 {
      guard byte >= 0x20 && byte < 0x7F else { return masked(text) }
      guard byte != UInt8(ascii: " ") && byte != UInt8(ascii: "-") else { continue }
      if last.count == 4 { last.removeFirst() }
      last.append(byte)
      kept += 1
    }
    guard kept > 0 else { return "" }
    guard kept > 4 else { return "••••" }
    return "•••• " + String(decoding: last, as: UTF8.self)
  }
}

extension CodingUserInfoKey {
  /// The ``CompiledFlow`` a ``CheckoutSession`` decodes against.
  public static let checkoutFlow = named("CheckoutEngine.flow")
  /// Set to `true` to encode sensitive values unmasked (secrets are never encoded).
  public static let revealSensitive = named("CheckoutEngine.revealSensitive")

  /// A key by name. `init(rawValue:)` accepts any string: it is failable only as
  /// `RawRepresentable` requires.
  private static func named(_ name: String) -> CodingUserInfoKey {
    guard let key = CodingUserInfoKey(rawValue: name) else { preconditionFailure("no CodingUserInfoKey \(name)") }
    return key
  }
}

extension CheckoutSession: Codable {
  /// Encodes the session's snapshot (no secrets; sensitive values masked unless the
  /// encoder's `userInfo[.revealSensitive]` is `true`).
  public func encode(to encoder: any Encoder) throws {
    try snapshot(revealSensitive: encoder.userInfo[.revealSensitive] as? Bool ?? false).encode(to: encoder)
  }

  /// Decodes a snapshot; the decoder's `userInfo[.checkoutFlow]` must hold the ``CompiledFlow``.
  public init(from decoder: any Decoder) throws {
    guard let compiled = decoder.userInfo[.checkoutFlow] as? CompiledFlow else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "set decoder.userInfo[.checkoutFlow] to the CompiledFlow the session runs on"))
    }
    try self.init(restoring: SessionSnapshot(from: decoder), flow: compiled)
  }
}
