import CheckoutTestSupport
import Testing
@testable import CheckoutModel

/// "Never holds" is sound: on seeded random conditions, whenever some data from a
/// wide pool of values makes a condition true, the lint's analysis says it can hold.
@Suite struct ConditionSatisfiabilityPropertyTests {
  /// Known keys `k.a` (bound), `k.b` (in the data) and `k.p` (provided); `k.u` is unknown.
  static let flow = Flow(id: "prop", title: "Prop", start: "a", data: ["k.b": .number(3)]) {
    Step("a", title: "A") {
      TextField("a", title: "A", bind: "k.a")
      Button("go", title: "Go", submit: "op", provides: ["k.p"])
    }
  }

  static let constants: [Value] = [
    .string("US"), .string("CA"), .string("3"), .string("3.0"), .string("03"), .string("-3"), .string(""),
    .string("0.5"), .string("true"), .number(3), .number(4), .number(-3), .number(0.5), .bool(true), .bool(false),
  ]
  /// Values a key may hold in a session, for the brute force.
  static let pool: [Value?] =
    [nil, .string(" "), .string("x"), .string("+3"), .string("003"), .string("-03"), .string("00.5"), .string("3.00")]
    + constants.map { $0 }
  static let knownKeys: [DataKey] = ["k.a", "k.b", "k.p"]

  /// Numbers and the texts that read as them: where "a number equals its text" bites.
  static let numeric: [Value] = [.number(3), .string("3"), .number(-3), .string("-3"), .number(0.5), .string("0.5")]

  static func condition(_ random: inout SeededRandom, depth: Int, keys: [DataKey], constants: [Value]) -> Condition {
    let key = keys[random.int(in: 0..<keys.count)]
    let inner = { (random: inout SeededRandom) in condition(&random, depth: depth + 1, keys: keys, constants: constants)
    }
    switch depth > 2 ? random.int(in: 0...1) : random.int(in: 0...4) {
    case 0: return .equals(key, constants[random.int(in: 0..<constants.count)])
    case 1: return .present(key, random.chance(0.5))
    case 2: return .all((0..<random.int(in: 1...3)).map { _ in inner(&random) })
    case 3: return .any((0..<random.int(in: 1...3)).map { _ in inner(&random) })
    default: return .not(inner(&random))
    }
  }

  /// Whether some assignment of pool values to the condition's known keys makes it hold.
  static func bruteForce(_ condition: Condition) -> Bool {
    let read = Array(Set(condition.keys)).filter(knownKeys.contains)
    func search(_ index: Int, _ data: [DataKey: Value]) -> Bool {
      guard index < read.count else { return condition.holds(in: data) }
      return pool.contains { value in
        var data = data
        data[read[index]] = value
        return search(index + 1, data)
      }
    }
    return search(0, [:])
  }

  @Test(arguments: [
    (UInt64(20_261_125), [DataKey("k.a"), "k.b", "k.p", "k.u"], Self.constants),
    (UInt64(7), [DataKey("k.a")], Self.numeric),
  ])
  func neverSaysNeverWhenSomeDataSatisfies(_ seed: UInt64, _ keys: [DataKey], _ constants: [Value]) {
    var random = SeededRandom(seed: seed)
    let analysis = ConditionSatisfiability(keys: FlowKeys(Self.flow))
    var satisfiable = 0
    var unsatisfiable = 0
    for _ in 0..<1_000 {
      let condition = Self.condition(&random, depth: 0, keys: keys, constants: constants)
      let holds = Self.bruteForce(condition)
      if holds {
        satisfiable += 1
        #expect(analysis.canHold(condition), "\(condition)")
      } else {
        unsatisfiable += 1
        #expect(
          !analysis.canHold(condition), "exact: \(condition) has no satisfying data in a pool that covers every class")
      }
    }
    #expect(
      satisfiable > 100 && unsatisfiable > 100, "the generator covers both answers (\(satisfiable), \(unsatisfiable))")
  }
}
