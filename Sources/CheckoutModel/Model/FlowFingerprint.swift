/// A short, stable fingerprint of a flow's shape: its steps, rows, kinds and keys.
package enum FlowFingerprint {
  package static func of(_ flow: Flow) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ text: String) {
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      hash ^= 0x1F
      hash = hash &* 0x100_0000_01b3
    }
    mix(flow.id.rawValue)
    for step in flow.steps {
      mix(step.id.rawValue)
      mix(step.presentation.rawValue)
      for row in step.rows {
        mix(row.id.rawValue)
        mix(row.kind.rawValue)
        mix(row.bind?.rawValue ?? "")
      }
    }
    return String(hash, radix: 16)
  }
}
