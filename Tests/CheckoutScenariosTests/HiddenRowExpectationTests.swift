import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutScenarios

/// `expect focus` and `expect error` are about what the shopper sees: on a row its
/// `visibleWhen` hides they fail, saying the row is hidden and by what, even where
/// the engine's route focused it (as `expect title` already did).
@Suite struct HiddenRowExpectationTests {
  /// PLNDR: the API says the billing ZIP is wrong while billing is the shipping
  /// address, so the billing rows are hidden: the engine offers the error on their
  /// step, where the shopper can see it.
  static let billingZipRefused = [
    "tap checkout", "tap shippingAddress", #"set name "Grace Hopper""#, #"set street "1 Main Street""#,
    "set city Portland", "set state OR", "set zip 94105", "tap done", "tap creditCard", #"set name "Ada Lovelace""#,
    "set number 4242424242424242", "set expiry 11/27", "set cvv 4416", "tap done", "tap continue",
    #"api placeOrder fail invalid field=billing.zip "Billing ZIP is wrong""#, "tap placeOrder", "accept",
    "expect stack cart>stepOne|address",
  ]

  @Test func focusAndErrorOnAHiddenRowFailSayingItIsHiddenAndWhy() throws {
    let outcomes = try ExpectTitleTests.run(
      Self.billingZipRefused + ["expect focus billingZip", #"expect error billingZip "wrong""#])
    #expect(outcomes.allSatisfy { $0.problem == nil }, "\(outcomes.compactMap(\.problem))")
    #expect(outcomes[outcomes.count - 3].passed, "the route arrived at address")
    let hidden = "billingZip is not shown on address: it shows when Billing address same as shipping is off"
    #expect(outcomes[outcomes.count - 2].failure?.expected == "focus billingZip")
    #expect(outcomes[outcomes.count - 2].failure?.actual == hidden)
    #expect(outcomes[outcomes.count - 1].failure?.expected == #"error on billingZip containing "wrong""#)
    #expect(outcomes[outcomes.count - 1].failure?.actual == hidden)
  }

  @Test func theErrorOfTheHiddenRowIsOfferedAndFocusedOnItsStep() throws {
    var lines = Self.billingZipRefused
    lines.insert("expect offer address", at: lines.firstIndex(of: "accept") ?? lines.endIndex)
    let outcomes = try ExpectTitleTests.run(lines + ["expect effect focus address"])
    #expect(outcomes.allSatisfy { $0.problem == nil && $0.failure == nil }, "\(outcomes.compactMap(\.failure))")
  }
}
