import Foundation

/// Writes a ``SessionSnapshot`` as compact format 1 JSON, byte by byte: the same
/// keys and value shapes as its `Codable` conformance (optional members left out
/// when nil, enums as `{"case": {...}}`), members in declaration order, the data's
/// keys in the dictionary's order (as `JSONEncoder` writes them).
///
/// The bytes go into a `malloc`ed buffer that becomes the `Data` without a copy;
/// ``data()`` must be called once, last (it hands the buffer over).
struct SnapshotJSONWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
  }

  /// The bytes written, as `Data` that owns (and frees) the buffer.
  consuming func data() -> Data {
    let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
    discard self
    return data
  }

  deinit {
    free(base)
  }

  /// Room for `extra` more bytes.
  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    capacity = max(capacity * 2, count + extra)
    base = realloc(base, capacity)!.assumingMemoryBound(to: UInt8.self)
  }

  private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
    guard let address = source.baseAddress, source.count > 0 else { return }
    reserve(source.count)
    (base + count).update(from: address, count: source.count)
    count += source.count
  }

  // MARK: The snapshot

  mutating func write(_ snapshot: SessionSnapshot) {
    writeSnapshot(
      flow: snapshot.flow, format: snapshot.format, fingerprint: snapshot.fingerprint, navigation: snapshot.navigation,
      today: snapshot.today,
      data: { writer in
        var first = true
        for (key, value) in snapshot.data { writer.member(key, value, first: &first) }
      },
      rowErrors: { writer in
        var first = true
        for (name, message) in snapshot.rowErrors {
          if !first { writer.byte(UInt8(ascii: ",")) }
          first = false
          writer.string(name)
          writer.byte(UInt8(ascii: ":"))
          writer.string(message)
        }
      },
      offer: snapshot.offer, queued: snapshot.queued, driver: snapshot.driver, pending: snapshot.pending,
      calls: { writer in
        for (index, call) in snapshot.calls.enumerated() { writer.call(call.operation, then: call.then, first: index == 0) }
      },
      focus: snapshot.focus)
  }

  /// What `write(session.snapshot(revealSensitive:))` writes, read straight from
  /// the session: no snapshot, no re-keyed copy of the data. Secrets left out and
  /// sensitive values masked exactly as ``CheckoutSession/snapshot(revealSensitive:)`` does.
  mutating func write(_ session: CheckoutSession, revealSensitive: Bool) {
    let masking = session.compiled.masking
    writeSnapshot(
      flow: session.flow.id, format: SessionSnapshot.currentFormat, fingerprint: session.compiled.fingerprint,
      navigation: session.navigation, today: session.today,
      data: { writer in
        var first = true
        for (key, value) in session.data {
          if SnapshotJSONWriter.key(key, isIn: masking.secretKeys) { continue }
          if !revealSensitive, SnapshotJSONWriter.key(key, isIn: masking.sensitiveKeys) {
            writer.member(key.rawValue, .string(Masking.maskedQuickly(value.displayText)), first: &first)
          } else {
            writer.member(key.rawValue, value, first: &first)
          }
        }
      },
      rowErrors: { writer in
        var first = true
        for (ref, message) in session.rowErrors {
          if !first { writer.byte(UInt8(ascii: ",")) }
          first = false
          writer.byte(UInt8(ascii: "\""))
          writer.stringContent(ref.step.rawValue)
          writer.byte(UInt8(ascii: "."))
          writer.stringContent(ref.row.rawValue)
          writer.raw("\":")
          writer.string(message)
        }
      },
      offer: session.offer, queued: session.queued, driver: session.driver, pending: session.pending,
      calls: { writer in
        // In operation order, as the snapshot lists them.
        let calls = session.calls.count > 1 ? session.calls.sorted { $0.key < $1.key } : Array(session.calls)
        for (index, call) in calls.enumerated() { writer.call(call.key, then: call.value, first: index == 0) }
      },
      focus: session.focus)
  }

  /// Whether a key is one of a flow's few secret (or sensitive) keys: comparing
  /// lengths, then text, is cheaper than hashing every key of the data.
  private static func key(_ key: DataKey, isIn keys: Set<DataKey>) -> Bool {
    guard !keys.isEmpty else { return false }
    guard keys.count <= 8 else { return keys.contains(key) }
    let length = key.rawValue.utf8.count
    for listed in keys where listed.rawValue.utf8.count == length && listed == key { return true }
    return false
  }

  private mutating func writeSnapshot(
    flow: FlowID, format: Int, fingerprint: String, navigation: NavigationState, today: CalendarDate?,
    data: (inout SnapshotJSONWriter) -> Void, rowErrors: (inout SnapshotJSONWriter) -> Void,
    offer: Offer?, queued: [Resolution], driver: RouteDriver, pending: CheckoutSession.PendingNavigation?,
    calls: (inout SnapshotJSONWriter) -> Void, focus: CheckoutSession.RowRef?
  ) {
    raw("{\"format\":")
    integer(format)
    raw(",\"flow\":")
    string(flow.rawValue)
    raw(",\"fingerprint\":")
    string(fingerprint)
    raw(",\"navigation\":")
    self.navigation(navigation)
    if let today {
      raw(",\"today\":{\"year\":")
      integer(today.year)
      raw(",\"month\":")
      integer(today.month)
      raw(",\"day\":")
      integer(today.day)
      byte(UInt8(ascii: "}"))
    }
    raw(",\"data\":{")
    data(&self)
    raw("},\"rowErrors\":{")
    rowErrors(&self)
    byte(UInt8(ascii: "}"))
    if let offer {
      raw(",\"offer\":{\"resolution\":")
      resolution(offer.resolution)
      raw(",\"from\":")
      string(offer.from.rawValue)
      byte(UInt8(ascii: "}"))
    }
    raw(",\"queued\":[")
    for (index, queued) in queued.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      resolution(queued)
    }
    raw("],\"driver\":")
    self.driver(driver)
    if let pending {
      raw(",\"pending\":{\"command\":")
      command(pending.command)
      raw(",\"expected\":")
      string(pending.expected.rawValue)
      byte(UInt8(ascii: "}"))
    }
    raw(",\"calls\":[")
    calls(&self)
    byte(UInt8(ascii: "]"))
    if let focus {
      raw(",\"focus\":{\"step\":")
      string(focus.step.rawValue)
      raw(",\"row\":")
      string(focus.row.rawValue)
      byte(UInt8(ascii: "}"))
    }
    byte(UInt8(ascii: "}"))
  }

  /// One member of the data. JSON has no NaN or infinity: a non-finite number
  /// (only a host setting one directly can store it) is left out, where
  /// `JSONEncoder` refuses the whole snapshot.
  private mutating func member(_ key: String, _ value: Value, first: inout Bool) {
    if case .number(let number) = value, !number.isFinite { return }
    if !first { byte(UInt8(ascii: ",")) }
    first = false
    string(key)
    byte(UInt8(ascii: ":"))
    self.value(value)
  }

  private mutating func call(_ operation: OperationName, then: StepID?, first: Bool) {
    raw(first ? "{\"operation\":" : ",{\"operation\":")
    string(operation.rawValue)
    if let then {
      raw(",\"then\":")
      string(then.rawValue)
    }
    byte(UInt8(ascii: "}"))
  }

  private mutating func value(_ value: Value) {
    switch value {
    case .string(let text): string(text)
    case .number(let number): self.number(number)
    case .bool(let flag): raw(flag ? "true" : "false")
    case .options(let options):
      byte(UInt8(ascii: "["))
      for (index, option) in options.enumerated() {
        raw(index > 0 ? ",{\"value\":" : "{\"value\":")
        string(option.value)
        raw(",\"label\":")
        string(option.label)
        byte(UInt8(ascii: "}"))
      }
      byte(UInt8(ascii: "]"))
    }
  }

  private mutating func resolution(_ resolution: Resolution) {
    raw("{\"step\":")
    string(resolution.step.rawValue)
    if let row = resolution.row {
      raw(",\"row\":")
      string(row.rawValue)
    }
    raw(",\"message\":")
    string(resolution.message)
    if let error = resolution.error {
      raw(",\"error\":{\"code\":")
      string(error.code)
      if let field = error.field {
        raw(",\"field\":")
        string(field)
      }
      if let message = error.message {
        raw(",\"message\":")
        string(message)
      }
      byte(UInt8(ascii: "}"))
    }
    byte(UInt8(ascii: "}"))
  }

  private mutating func driver(_ driver: RouteDriver) {
    raw("{\"state\":")
    switch driver.state {
    case .idle:
      raw("{\"idle\":{}}")
    case .awaiting(let expected, let pending, let remaining):
      raw("{\"awaiting\":{\"expected\":")
      string(expected.rawValue)
      raw(",\"pending\":")
      command(pending)
      raw(",\"remaining\":")
      commands(remaining)
      raw("}}")
    case .arrived(let step):
      raw("{\"arrived\":{\"_0\":")
      string(step.rawValue)
      raw("}}")
    case .cancelled(let reason):
      raw("{\"cancelled\":{\"reason\":")
      string(reason)
      raw("}}")
    }
    if let resolution = driver.resolution {
      raw(",\"resolution\":")
      self.resolution(resolution)
    }
    if let route = driver.route {
      raw(",\"route\":{\"from\":")
      navigation(route.from)
      raw(",\"target\":")
      string(route.target.rawValue)
      raw(",\"commands\":")
      commands(route.commands)
      byte(UInt8(ascii: "}"))
    }
    raw(",\"replans\":")
    integer(driver.replans)
    byte(UInt8(ascii: "}"))
  }

  private mutating func commands(_ commands: some Collection<NavigationCommand>) {
    byte(UInt8(ascii: "["))
    for (index, command) in commands.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      self.command(command)
    }
    byte(UInt8(ascii: "]"))
  }

  /// `"pop"`, `"present creditCard"`: the command's notation.
  private mutating func command(_ command: NavigationCommand) {
    byte(UInt8(ascii: "\""))
    switch command {
    case .pop: raw("pop")
    case .dismiss: raw("dismiss")
    case .push(let step):
      raw("push ")
      stringContent(step.rawValue)
    case .present(let step):
      raw("present ")
      stringContent(step.rawValue)
    case .reset(let step):
      raw("reset ")
      stringContent(step.rawValue)
    }
    byte(UInt8(ascii: "\""))
  }

  /// `"cart>stepOne|creditCard"`: the state's notation, written from its flat storage.
  private mutating func navigation(_ state: NavigationState) {
    byte(UInt8(ascii: "\""))
    var layer = 0
    for (index, step) in state.steps.enumerated() {
      if index > 0 {
        if layer + 1 < state.layerCount, state.layerStart(layer + 1) == index {
          layer += 1
          byte(UInt8(ascii: "|"))
        } else {
          byte(UInt8(ascii: ">"))
        }
      }
      stringContent(step.rawValue)
    }
    byte(UInt8(ascii: "\""))
  }

  // MARK: Scalars

  /// A JSON number that reads back as the same `Double`: integers (below 2^53) as
  /// digits, anything else in Swift's shortest round-tripping form (`0.1`, `1e+20`).
  private mutating func number(_ number: Double) {
    if number == 0 {
      raw(number.sign == .minus ? "-0" : "0")
    } else if number.rounded(.towardZero) == number, abs(number) < 9_007_199_254_740_992 {
      integer(Int(number))
    } else {
      var text = number.description
      text.withUTF8 { append($0) }
    }
  }

  private mutating func integer(_ value: Int) {
    if value >= 0 && value < 10 {
      byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    // Digits from the end of a 20-byte scratch, then copied in order.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { scratch in
      var magnitude = value.magnitude
      var start = scratch.count
      repeat {
        start -= 1
        scratch[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        start -= 1
        scratch[start] = UInt8(ascii: "-")
      }
      append(UnsafeBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self)[start...]))
    }
  }

  /// A JSON string literal.
  private mutating func string(_ text: String) {
    byte(UInt8(ascii: "\""))
    stringContent(text)
    byte(UInt8(ascii: "\""))
  }

  /// The inside of a string literal: `"` and `\` escaped, control characters as
  /// `\n`, `\t`, `\r`, `\b`, `\f` or `\u00XX`; everything else as its UTF-8 bytes.
  private mutating func stringContent(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      reserve(utf8.count * 6)
      var out = base + count
      var index = 0
      // Eight bytes at a time while none needs an escape.
      if let start = utf8.baseAddress {
        while index + 8 <= utf8.count {
          let word = UInt64(littleEndian: UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self))
          guard SnapshotJSONWriter.needsNoEscape(word) else { break }
          UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt64.self)
          out += 8
          index += 8
        }
      }
      while index < utf8.count {
        let byte = utf8[index]
        index += 1
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          out.pointee = byte
          out += 1
          continue
        }
        out.pointee = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte
        case UInt8(ascii: "\n"): out[1] = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): out[1] = UInt8(ascii: "r")
        case UInt8(ascii: "\t"): out[1] = UInt8(ascii: "t")
        case 0x08: out[1] = UInt8(ascii: "b")
        case 0x0C: out[1] = UInt8(ascii: "f")
        default:
          // \u00XX
          out[1] = UInt8(ascii: "u")
          out[2] = UInt8(ascii: "0")
          out[3] = UInt8(ascii: "0")
          out[4] = SnapshotJSONWriter.hexDigit(byte >> 4)
          out[5] = SnapshotJSONWriter.hexDigit(byte & 0xF)
          out += 4
        }
        out += 2
      }
      count = out - base
    }
  }

  /// Whether none of eight bytes is a control character, `"` or `\` (bytes of
  /// multi-byte UTF-8 characters, 0x80 and up, never need one).
  private static func needsNoEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let low7 = word & ~high
    // A byte's high bit after these is set exactly when the byte is below 0x80 and
    // below 0x20, or equal to the quote or the backslash.
    let control = ~(low7 &+ 0x6060_6060_6060_6060) & ~word & high
    let quote = SnapshotJSONWriter.zeroBytes(word ^ (ones &* 0x22))
    let backslash = SnapshotJSONWriter.zeroBytes(word ^ (ones &* 0x5C))
    return (control | quote | backslash) == 0
  }

  /// The high bit set in each byte that is zero, and only those.
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low) &+ low) | word | low)
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  private mutating func byte(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }
}
