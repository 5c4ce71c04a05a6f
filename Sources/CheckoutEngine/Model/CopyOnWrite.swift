/// A value kept in one shared heap box and copied only when written while shared.
///
/// ``Flow``, ``Step`` and ``Row`` keep their fields in one, so that copying them
/// (a session looking up a step or a row, a step check walking its rows) costs one
/// reference count instead of one per field. Equality and hashing are the value's.
struct CopyOnWrite<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The box: never written while another copy holds it, so its value needs no
  /// run-time exclusivity checks (which cost more than the read itself).
  private final class Box: @unchecked Sendable {
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box

  init(_ value: Value) { box = Box(value) }

  /// The value; writing it first copies the box if another copy shares it.
  var value: Value {
    get { box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.box.value == rhs.box.value
  }

  func hash(into hasher: inout Hasher) {
    box.value.hash(into: &hasher)
  }
}
