import Foundation

/// The snapshot's own JSON codec: format 1, the same keys and value shapes as its
/// `Codable` conformance (so `JSONEncoder` output reads here and this output reads
/// with `JSONDecoder`), about ten times faster, and with errors that say where.
extension SessionSnapshot {
  /// The snapshot as compact format 1 JSON: what a ``SessionStore`` keeps.
  ///
  /// Members are written in declaration order and the data keys sorted, so one
  /// snapshot always gives the same bytes. Secrets are never in a snapshot, so
  /// never in these bytes. JSON has no NaN or infinity: a non-finite number in the
  /// data (only a host setting one directly can store it) is left out, where
  /// `JSONEncoder` refuses the whole snapshot.
  ///
  /// ```swift
  /// let json = session.snapshot().jsonData()
  /// // {"format":1,"flow":"plndr","fingerprint":"b74ffa1454939f34","navigation":"cart>stepOne",...}
  /// ```
  public func jsonData() -> Data {
    var writer = SnapshotJSONWriter(capacity: 1024 + 64 * data.count)
    writer.write(self)
    return writer.data()
  }

  /// Reads a snapshot from JSON written by ``jsonData()`` or by `JSONEncoder`.
  ///
  /// Any input is safe: truncated, malformed, wrongly typed, invalid UTF-8 or
  /// deeply nested, the error says where (the JSON path, and for syntax errors the
  /// line and column) and what would be valid there:
  ///
  /// ```swift
  /// let snapshot = try SessionSnapshot(json: stored)
  /// // snapshot JSON: driver.state: expected one of "idle", "awaiting", "arrived", "cancelled", found "waiting"
  /// // snapshot JSON: 1:412: driver.route.commands: unexpected end of input; expected ',' or ']' in an array
  /// ```
  ///
  /// Members this version does not know are skipped; a member given twice is an
  /// error. A document of another `format` that cannot be read fails with
  /// `unsupported snapshot format N; this version reads format 1`. Whether the
  /// snapshot fits a flow is checked when it is restored
  /// (``CheckoutSession/init(restoring:flow:)``).
  public init(json: Data) throws(SnapshotError) {
    self = try SessionSnapshot.read(json, keyedData: false).snapshot
  }

  /// Reads snapshot JSON. With `keyedData`, the data is read into `[DataKey: Value]`
  /// (what a session holds) and the snapshot's own `data` is left empty.
  static func read(_ json: Data, keyedData: Bool) throws(SnapshotError) -> (snapshot: SessionSnapshot, data: [DataKey: Value]?) {
    let result: Result<(snapshot: SessionSnapshot, data: [DataKey: Value]?), SnapshotError> = json.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var reader = SnapshotJSONReader(bytes)
      do throws(SnapshotJSONReader.Failure) {
        let read = try reader.readSnapshot(keyedData: keyedData)
        try reader.expectEnd()
        return .success(read)
      } catch {
        if let format = SnapshotJSONReader.declaredFormat(bytes), format != SessionSnapshot.currentFormat {
          return .failure(SnapshotError(
            message: "unsupported snapshot format \(format); this version reads format \(SessionSnapshot.currentFormat)"))
        }
        var message = "snapshot JSON: "
        if let offset = error.offset { message += "\(reader.location(ofOffset: offset)): " }
        message += "\(reader.jsonPath(error.path)): \(error.message)"
        return .failure(SnapshotError(message: message))
      }
    }
    return try result.get()
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
    // The same bytes as `snapshot(revealSensitive:).jsonData()`, written straight
    // from the session.
    var writer = SnapshotJSONWriter(capacity: 1024 + 64 * data.count)
    writer.write(self, revealSensitive: revealSensitive)
    return writer.data()
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
    let read = try SessionSnapshot.read(json, keyedData: true)
    try self.init(restoring: read.snapshot, keyedData: read.data, flow: compiled)
  }
}
