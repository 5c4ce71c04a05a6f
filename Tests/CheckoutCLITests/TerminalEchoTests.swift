import CheckoutCLI
import Testing

/// The pure parts of what the terminal shows of typing: the escapes that mask a
/// line just typed, and the keys of a line read with echo off.
@Suite struct TerminalEchoTests {
  @Test func theRewriteGoesUpAsManyRowsAsTheLineTook() {
    #expect(
      TerminalEcho.rewriteSequence("checkout> set cvv 555", as: "checkout> set cvv •••", width: 80)
        == "\u{1B}[1A\r\u{1B}[Jcheckout> set cvv •••\n")
    // 25 characters on a 20-column terminal took two rows; exactly 20 took one.
    #expect(TerminalEcho.rewriteSequence(String(repeating: "x", count: 25), as: "m", width: 20).hasPrefix("\u{1B}[2A"))
    #expect(TerminalEcho.rewriteSequence(String(repeating: "x", count: 20), as: "m", width: 20).hasPrefix("\u{1B}[1A"))
  }

  func type(_ keys: [UInt8]) -> HiddenLine.Step {
    var line = HiddenLine()
    var rest = keys[...]
    while let key = rest.popFirst() {
      let step = line.take(key, next: { rest.popFirst() })
      if step != .more { return step }
    }
    return .more
  }

  @Test func enterEndsTheLineAndBackspaceAndCtrlUEdit() {
    #expect(type(Array("555\r".utf8)) == .done("555"))
    #expect(type(Array("5556".utf8) + [0x7F, 0x0A]) == .done("555"))
    #expect(type(Array("12".utf8) + [0x15] + Array("34\n".utf8)) == .done("34"))
    #expect(type(Array("é".utf8) + [0x7F] + Array("e\n".utf8)) == .done("e"), "backspace takes a whole character")
  }

  @Test func ctrlCAndCtrlDOnAnEmptyLineCancel() {
    #expect(type(Array("55".utf8) + [0x03]) == .cancelled)
    #expect(type([0x04]) == .cancelled)
    #expect(type(Array("5".utf8) + [0x04] + Array("5\n".utf8)) == .done("55"), "Ctrl-D after typing is ignored")
  }

  @Test func arrowKeysAndOtherControlsAreIgnored() {
    #expect(type(Array("5".utf8) + [0x1B] + Array("[A".utf8) + [0x09] + Array("5\n".utf8)) == .done("55"))
  }
}
