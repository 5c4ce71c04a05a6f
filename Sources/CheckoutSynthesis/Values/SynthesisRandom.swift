import CheckoutModel

/// A small seeded random number generator (SplitMix64) for the value synthesiser:
/// the same seed gives the same numbers on every machine and run.
struct SynthesisRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Starts from a seed.
  init(seed: UInt64) {
    state = seed
  }

  /// Starts from a seed mixed with a text (a row's id and key), with a hash that
  /// does not change between runs (FNV-1a), unlike `Hasher`.
  init(seed: UInt64, salt: String) {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in salt.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    state = seed ^ hash
  }

  mutating func next() -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0).
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A number in the range.
  mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// The elements in a seeded order.
  mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
    var result = elements
    guard result.count > 1 else { return result }
    for index in stride(from: result.count - 1, to: 0, by: -1) {
      result.swapAt(index, below(index + 1))
    }
    return result
  }
}
