import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel

/// `Flows/plndr.json` written with the Swift DSL: the same model both ways.
@Suite struct FlowDSLTests {
  /// The PLNDR flow, in Swift.
  static var plndrInSwift: Flow {
    Flow(
      id: "plndr", title: "PLNDR checkout", start: "cart",
      data: [
        "cart.count": .number(3),
        "cart.quantity": .number(1),
        "cart.subtotal": .string("$84.00"),
        "order.total": .string("$91.95"),
        "shipping.methods": .options([
          PickerOption(value: "standard", label: "Standard (5-7 business days)"),
          PickerOption(value: "express", label: "Express (2 business days)"),
          PickerOption(value: "overnight", label: "Overnight"),
        ]),
        "shipping.method": .string("standard"),
        "shipping.country": .string("US"),
        "billing.sameAsShipping": .bool(true),
      ],
      rules: [
        "zipCode": Rule(.pattern("^[0-9]{5}(-[0-9]{4})?$"), message: "Enter a 5-digit ZIP code, or ZIP+4 (12345-6789).")
      ]
    ) {
      Step("cart", title: "My Cart") {
        Info("items", title: "Items in your bag")
          .detail("{cart.count} items")
        TextField("quantity", title: "Quantity", bind: "cart.quantity", cell: .number)
          .keyboard(.number)
          .rules([Rule(.required), Rule(.pattern("^[1-9][0-9]?$"), message: "Choose a quantity from 1 to 99.")])
        Info("subtotal", title: "Subtotal")
          .detail("{cart.subtotal}")
        Disclosure("discount", title: "Discount code", opens: "discount")
          .detail("{discount.code}")
        Button("checkout", title: "Checkout", opens: "stepOne")
      }
      Step("stepOne", title: "Step One") {
        Disclosure("shippingAddress", title: "Shipping address", opens: "address")
          .detail("{shipping.street}")
        Disclosure("creditCard", title: "Credit card", opens: "creditCard")
          .detail("{payment.card.number}")
        Picker("shippingMethod", title: "Shipping method", bind: "shipping.method", optionsFrom: "shipping.methods")
          .rules(.required)
        Button("continue", title: "Continue", opens: "stepTwo")
          .requires("address", "creditCard")
      }
      Step("stepTwo", title: "Step Two") {
        Info("address", title: "Ship to")
          .detail("{shipping.name}, {shipping.street}, {shipping.city}, {shipping.state} {shipping.zip}")
        Info("card", title: "Pay with")
          .detail("{payment.card.number}")
        Info("method", title: "Shipping method", bind: "shipping.method")
        Info("total", title: "Order total", bind: "order.total")
        Disclosure("discount", title: "Discount code", opens: "discount")
          .detail("{discount.code}")
        Button(
          "placeOrder", title: "Place order", submit: "placeOrder", then: "confirmation",
          validates: ["cart", "stepOne", "creditCard", "address"],
          provides: ["order.number"])
      }
      Step("creditCard", title: "Credit Card", presentation: .modal) {
        TextField("name", title: "Name on card", bind: "payment.card.name")
          .rules(.required, .maxLength(60))
        TextField("number", title: "Card number", bind: "payment.card.number")
          .placeholder("1234 5678 9012 3456")
          .keyboard(.number)
          .rules(.required, .luhn)
          .sensitive()
        TextField("expiry", title: "Expiry date", bind: "payment.card.expiry")
          .placeholder("MM/YY")
          .keyboard(.number)
          .rules(.required, .expiry)
        SecureField("cvv", title: "CVV", bind: "payment.card.cvv")
          .keyboard(.number)
          .rules([
            Rule(.required),
            Rule(.pattern("^[0-9]{3,4}$"), message: "Enter the 3 or 4 digit code printed on your card."),
          ])
          .secret()
        Button.closing("done", title: "Done")
      }
      Step("address", title: "Shipping Address", presentation: .modal) {
        TextField("name", title: "Full name", bind: "shipping.name")
          .rules(.required, .maxLength(60))
        TextField("street", title: "Street address", bind: "shipping.street")
          .rules(.required, .maxLength(100))
        TextField("city", title: "City", bind: "shipping.city")
          .rules(.required, .maxLength(60))
        TextField("state", title: "State", bind: "shipping.state")
          .placeholder("OR")
          .rules([
            Rule(.required), Rule(.pattern("^[A-Za-z]{2}$"), message: "Use the two-letter state code, like OR or NY."),
          ])
        TextField("zip", title: "ZIP code", bind: "shipping.zip")
          .keyboard(.number)
          .rules(.required, .custom("zipCode"))
        Picker(
          "country", title: "Country", bind: "shipping.country",
          options: [
            PickerOption(value: "US", label: "United States"), PickerOption(value: "PR", label: "Puerto Rico"),
            PickerOption(value: "GU", label: "Guam"), PickerOption(value: "VI", label: "U.S. Virgin Islands"),
          ]
        )
        .rules(.required)
        Toggle("billingSame", title: "Billing address same as shipping", bind: "billing.sameAsShipping")
        TextField("billingStreet", title: "Billing street address", bind: "billing.street")
          .rules(.required, .maxLength(100))
          .visible(when: .equals("billing.sameAsShipping", .bool(false)))
        TextField("billingZip", title: "Billing ZIP code", bind: "billing.zip")
          .keyboard(.number)
          .rules(.required, .custom("zipCode"))
          .visible(when: .equals("billing.sameAsShipping", .bool(false)))
        Button.closing("done", title: "Done")
      }
      Step("discount", title: "Discount Code", presentation: .modal) {
        TextField("code", title: "Discount code", bind: "discount.code")
          .placeholder("SAVE10")
          .rules([
            Rule(.required),
            Rule(.pattern("^[A-Za-z0-9-]{3,20}$"), message: "Discount codes are 3 to 20 letters, digits or dashes."),
          ])
        Button("apply", title: "Apply", submit: "applyDiscount", validates: ["discount"])
        Button.closing("cancel", title: "Close")
      }
      Step("confirmation", title: "Thank You", presentation: .reset) {
        Info("thanks", title: "Thanks for your order!")
          .detail("Order number {order.number}")
        Info("shipsTo", title: "Shipping to")
          .detail("{shipping.name}, {shipping.city}")
      }
      ErrorMatcher(code: "card_number_invalid", step: "creditCard", row: "number")
      ErrorMatcher(code: "card_expired", step: "creditCard", row: "expiry")
      ErrorMatcher(code: "cvv_invalid", step: "creditCard", row: "cvv")
      ErrorMatcher(
        code: "card_declined", step: "creditCard", row: "number",
        message: "Your card was declined. Please pay with another card.")
      ErrorMatcher(code: "address_street_invalid", step: "address", row: "street")
      ErrorMatcher(code: "address_zip_invalid", step: "address", row: "zip")
      ErrorMatcher(code: "address_city_invalid", step: "address", row: "city")
      ErrorMatcher(code: "address_country_unsupported", step: "address", row: "country")
      ErrorMatcher(code: "discount_invalid", step: "discount", row: "code")
      ErrorMatcher(code: "discount_expired", step: "discount", row: "code")
      ErrorMatcher(code: "item_sold_out", step: "cart", row: "items")
      ErrorMatcher(code: "quantity_unavailable", step: "cart", row: "quantity")
      ErrorMatcher(code: "shipping_method_unavailable", step: "stepOne", row: "shippingMethod")
      ErrorMatcher(field: "shipping.zip", step: "address", row: "zip")
      ErrorMatcher(field: "billing.zip", step: "address", row: "billingZip")
      ErrorMatcher(field: "payment.card.cvv", step: "creditCard", row: "cvv")
      ErrorMatcher(field: "payment.card.expiry", step: "creditCard", row: "expiry")
      ErrorMatcher(code: "card_*", step: "creditCard", row: "number")
      ErrorMatcher(code: "address_*", step: "address", message: "Please check your shipping address.")
      ErrorMatcher(code: "*", step: "stepTwo", message: "Something went wrong. Please review your order.")
    }
  }

  @Test func theDSLBuildsExactlyTheFlowTheLoaderLoads() {
    let loaded = ShippedFlows.plndr
    let built = Self.plndrInSwift
    #expect(built.steps.count == loaded.steps.count)
    for (left, right) in zip(built.steps, loaded.steps) {
      #expect(left == right, "step \(right.id) differs")
    }
    #expect(built.errors == loaded.errors)
    #expect(built.data == loaded.data)
    #expect(built == loaded)
    #expect(built.validate().isEmpty)
  }

  @Test func aFlowBuiltInSwiftGetsTheLoadersChecks() {
    let flow = Flow(id: "mini", title: "Mini", start: "cart") {
      Step("cart", title: "Cart") {
        Button("pay", title: "Pay", opens: "paymnet")
        TextField("zip", title: "ZIP", bind: "shipping.zip").rules(.custom("postalCode"))
      }
      Step("payment", title: "Payment", presentation: .modal) {
        Button.closing("done", title: "Done")
      }
      ErrorMatcher(code: "*", step: "cart", row: "zipp")
    }
    let problems = flow.validate().map(\.description)
    #expect(
      problems == [
        "<flow>: error: steps[0].rows[0].opens: unknown step \"paymnet\"; did you mean \"payment\"?",
        "<flow>: error: steps[0].rows[1].rules[0]: unknown rule \"postalCode\"; built-in rules are \"required\", \"email\", \"luhn\", \"digits\", \"expiry\", \"pattern\", \"minLength\", \"maxLength\", \"oneOf\" or \"custom\"; custom rules must be named in the flow's \"rules\" or registered by the program that loads the flow",
        "<flow>: error: errors[0].row: step \"cart\" has no row \"zipp\"; did you mean \"zip\"?",
      ])
    #expect(flow.validate(customRules: ["postalCode"]).count == 2)
  }
}
