import CheckoutCLI
import Foundation
import Testing

/// `checkout plan --data FILE` checks the data against the flow as lint checks a
/// flow's own `data`: a key the flow cannot hold (with the nearest one) and a value
/// a row bound to the key refuses are errors at the file's line and column, and
/// the command exits 2 without planning; a secret value is never shown.
@Suite struct PlanDataFileTests {
  static let plndr = ReplayAndReplTests.flowsDirectory + "/plndr.json"

  static func plan(data: String) throws -> RunResult {
    try withFlowDirectory(["data.json": data]) { directory in
      runCheckout(["plan", Self.plndr, "--from", "cart", "--to", "creditCard", "--data", "data.json"], in: directory)
    }
  }

  @Test func anUnknownKeyIsAnErrorWithTheNearestKey() throws {
    let result = try Self.plan(data: "{\n  \"billing.sameAsShiping\": true\n}\n")
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "data.json:2:3: error: \"billing.sameAsShiping\": unknown key \"billing.sameAsShiping\": no row binds it, the flow's data does not hold it, and no submit provides it; did you mean \"billing.sameAsShipping\"?\n"
    )
  }

  @Test func aValueOfTheWrongTypeIsAnErrorSayingWhatTheRowHolds() throws {
    let result = try Self.plan(data: #"{"billing.sameAsShipping": "yes"}"#)
    #expect(result.status == 2)
    #expect(
      result.error
        == "data.json:1:2: error: \"billing.sameAsShipping\": the data holds \"yes\", but toggle \"billingSame\" on step \"address\" holds only true or false; write true or false (without quotes)\n"
    )
  }

  @Test func aSecretValueARowRefusesIsNeverShown() throws {
    let result = try Self.plan(data: #"{"payment.card.cvv": "12345"}"#)
    #expect(result.status == 2)
    #expect(!result.error.contains("12345"), "\(result.error)")
    #expect(result.error.contains("the data holds \"•••\""), "\(result.error)")
  }

  @Test func dataTheFlowCanHoldIsPlannedOn() throws {
    let result = try Self.plan(data: #"{"billing.sameAsShipping": true, "shipping.zip": "97201"}"#)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty)
  }
}
