import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel

/// `Flows/plndr.json` written with the Swift DSL: the same model both ways.
@Suite struct FlowDSLTests {
  /// The PLNDR flow, in Swift.
  static var plndrInSwift: Flow {
    Flow(
      id: "plndr", title: ["en": "PLNDR checkout", "de": "PLNDR-Kasse"], start: "cart",
      data: [
        "cart.count": .number(3),
        "cart.quantity": .number(1),
        "cart.subtotal": .number(84),
        "order.total": .number(91.95),
        "shipping.methods": .options([
          PickerOption(
            value: "standard", label: ["en": "Standard (5-7 business days)", "de": "Standard (5–7 Werktage)"]),
          PickerOption(value: "express", label: ["en": "Express (2 business days)", "de": "Express (2 Werktage)"]),
          PickerOption(value: "overnight", label: ["en": "Overnight", "de": "Zustellung am nächsten Tag"]),
        ]),
        "shipping.method": .string("standard"),
        "shipping.country": .string("US"),
        "billing.sameAsShipping": .bool(true),
      ],
      rules: [
        "zipCode": Rule(
          .pattern("^[0-9]{5}(-[0-9]{4})?$"),
          message: [
            "en": "Enter a 5-digit ZIP code, or ZIP+4 (12345-6789).",
            "de": "Geben Sie eine 5-stellige Postleitzahl ein oder ZIP+4 (12345-6789).",
          ])
      ],
      locales: ["en", "de"]
    ) {
      Step("cart", title: ["en": "My Cart", "de": "Mein Warenkorb"]) {
        Info("items", title: ["en": "Items in your bag", "de": "Artikel im Warenkorb"])
          .detail(["en": "{cart.count} items", "de": "{cart.count} Artikel"])
        TextField("quantity", title: ["en": "Quantity", "de": "Menge"], bind: "cart.quantity", cell: .number)
          .keyboard(.number)
          .rules([
            Rule(.required),
            Rule(
              .pattern("^[1-9][0-9]?$"),
              message: ["en": "Choose a quantity from 1 to 99.", "de": "Wählen Sie eine Menge von 1 bis 99."]),
          ])
        Info("subtotal", title: ["en": "Subtotal", "de": "Zwischensumme"])
          .detail("{cart.subtotal:currency(USD)}")
        Disclosure("discount", title: ["en": "Discount code", "de": "Rabattcode"], opens: "discount")
          .detail("{discount.code}")
        Button("checkout", title: ["en": "Checkout", "de": "Zur Kasse"], opens: "stepOne")
      }
      Step("stepOne", title: ["en": "Step One", "de": "Schritt 1"]) {
        Disclosure("shippingAddress", title: ["en": "Shipping address", "de": "Lieferadresse"], opens: "address")
          .detail("{shipping.street}")
        Disclosure("creditCard", title: ["en": "Credit card", "de": "Kreditkarte"], opens: "creditCard")
          .detail("{payment.card.number}")
        Picker(
          "shippingMethod", title: ["en": "Shipping method", "de": "Versandart"], bind: "shipping.method",
          optionsFrom: "shipping.methods"
        )
        .rules(.required)
        Button("continue", title: ["en": "Continue", "de": "Weiter"], opens: "stepTwo")
          .requires("address", "creditCard")
      }
      Step("stepTwo", title: ["en": "Step Two", "de": "Schritt 2"]) {
        Info("address", title: ["en": "Ship to", "de": "Lieferung an"])
          .detail("{shipping.name}, {shipping.street}, {shipping.city}, {shipping.state} {shipping.zip}")
        Info("card", title: ["en": "Pay with", "de": "Bezahlen mit"])
          .detail([
            "en": "{payment.card.number}, expires {payment.card.expiry:monthYear}",
            "de": "{payment.card.number}, gültig bis {payment.card.expiry:monthYear}",
          ])
        Info("method", title: ["en": "Shipping method", "de": "Versandart"], bind: "shipping.method")
        Info("total", title: ["en": "Order total", "de": "Gesamtbetrag"], bind: "order.total")
          .detail("{order.total:currency(USD)}")
        Disclosure("discount", title: ["en": "Discount code", "de": "Rabattcode"], opens: "discount")
          .detail("{discount.code}")
        Button(
          "placeOrder", title: ["en": "Place order", "de": "Bestellung aufgeben"], submit: "placeOrder",
          then: "confirmation",
          validates: ["cart", "stepOne", "creditCard", "address"],
          provides: ["order.number"])
      }
      Step("creditCard", title: ["en": "Credit Card", "de": "Kreditkarte"], presentation: .modal) {
        TextField("name", title: ["en": "Name on card", "de": "Name auf der Karte"], bind: "payment.card.name")
          .rules(.required, .maxLength(60))
        TextField("number", title: ["en": "Card number", "de": "Kartennummer"], bind: "payment.card.number")
          .placeholder("1234 5678 9012 3456")
          .keyboard(.number)
          .rules(.required, .luhn)
          .sensitive()
        TextField("expiry", title: ["en": "Expiry date", "de": "Ablaufdatum"], bind: "payment.card.expiry")
          .placeholder(["en": "MM/YY", "de": "MM/JJ"])
          .keyboard(.number)
          .rules(.required, .expiry)
        SecureField("cvv", title: ["en": "CVV", "de": "Prüfnummer (CVV)"], bind: "payment.card.cvv")
          .keyboard(.number)
          .rules([
            Rule(.required),
            Rule(
              .pattern("^[0-9]{3,4}$"),
              message: [
                "en": "Enter the 3 or 4 digit code printed on your card.",
                "de": "Geben Sie den 3- oder 4-stelligen Code ein, der auf Ihrer Karte steht.",
              ]),
          ])
          .secret()
        Button.closing("done", title: ["en": "Done", "de": "Fertig"])
      }
      Step("address", title: ["en": "Shipping Address", "de": "Lieferadresse"], presentation: .modal) {
        TextField("name", title: ["en": "Full name", "de": "Vollständiger Name"], bind: "shipping.name")
          .rules(.required, .maxLength(60))
        TextField("street", title: ["en": "Street address", "de": "Straße und Hausnummer"], bind: "shipping.street")
          .rules(.required, .maxLength(100))
        TextField("city", title: ["en": "City", "de": "Ort"], bind: "shipping.city")
          .rules(.required, .maxLength(60))
        TextField("state", title: ["en": "State", "de": "Bundesstaat"], bind: "shipping.state")
          .placeholder(["en": "OR", "de": "OR"])
          .rules([
            Rule(.required),
            Rule(
              .pattern("^[A-Za-z]{2}$"),
              message: [
                "en": "Use the two-letter state code, like OR or NY.",
                "de": "Verwenden Sie das zweistellige Kürzel des Bundesstaats, z. B. OR oder NY.",
              ]),
          ])
        TextField("zip", title: ["en": "ZIP code", "de": "Postleitzahl"], bind: "shipping.zip")
          .keyboard(.number)
          .rules(.required, .custom("zipCode"))
        Picker(
          "country", title: ["en": "Country", "de": "Land"], bind: "shipping.country",
          options: [
            PickerOption(value: "US", label: ["en": "United States", "de": "Vereinigte Staaten"]),
            PickerOption(value: "PR", label: ["en": "Puerto Rico", "de": "Puerto Rico"]),
            PickerOption(value: "GU", label: ["en": "Guam", "de": "Guam"]),
            PickerOption(value: "VI", label: ["en": "U.S. Virgin Islands", "de": "Amerikanische Jungferninseln"]),
          ]
        )
        .rules(.required)
        Toggle(
          "billingSame", title: ["en": "Billing address same as shipping", "de": "Rechnungsadresse wie Lieferadresse"],
          bind: "billing.sameAsShipping")
        TextField(
          "billingStreet", title: ["en": "Billing street address", "de": "Straße und Hausnummer (Rechnung)"],
          bind: "billing.street"
        )
        .rules(.required, .maxLength(100))
        .visible(when: .equals("billing.sameAsShipping", .bool(false)))
        TextField(
          "billingZip", title: ["en": "Billing ZIP code", "de": "Postleitzahl der Rechnungsadresse"],
          bind: "billing.zip"
        )
        .keyboard(.number)
        .rules(.required, .custom("zipCode"))
        .visible(when: .equals("billing.sameAsShipping", .bool(false)))
        Button.closing("done", title: ["en": "Done", "de": "Fertig"])
      }
      Step("discount", title: ["en": "Discount Code", "de": "Rabattcode"], presentation: .modal) {
        TextField("code", title: ["en": "Discount code", "de": "Rabattcode"], bind: "discount.code")
          .placeholder(["en": "SAVE10", "de": "SAVE10"])
          .rules([
            Rule(.required),
            Rule(
              .pattern("^[A-Za-z0-9-]{3,20}$"),
              message: [
                "en": "Discount codes are 3 to 20 letters, digits or dashes.",
                "de": "Rabattcodes bestehen aus 3 bis 20 Buchstaben, Ziffern oder Bindestrichen.",
              ]),
          ])
        Button("apply", title: ["en": "Apply", "de": "Anwenden"], submit: "applyDiscount", validates: ["discount"])
        Button.closing("cancel", title: ["en": "Close", "de": "Schließen"])
      }
      Step("confirmation", title: ["en": "Thank You", "de": "Vielen Dank"], presentation: .reset) {
        Info("thanks", title: ["en": "Thanks for your order!", "de": "Vielen Dank für Ihre Bestellung!"])
          .detail(["en": "Order number {order.number}", "de": "Bestellnummer {order.number}"])
        Info("shipsTo", title: ["en": "Shipping to", "de": "Lieferung an"])
          .detail("{shipping.name}, {shipping.city}")
      }
      ErrorMatcher(
        code: "card_number_invalid", step: "creditCard", row: "number",
        message: [
          "en": "This card number isn't valid. Please check the digits.",
          "de": "Diese Kartennummer ist ungültig. Bitte prüfen Sie die Ziffern.",
        ])
      ErrorMatcher(
        code: "card_expired", step: "creditCard", row: "expiry",
        message: [
          "en": "This card has expired. Please use a card that's still valid.",
          "de": "Diese Karte ist abgelaufen. Bitte verwenden Sie eine Karte, die noch gültig ist.",
        ])
      ErrorMatcher(
        code: "cvv_invalid", step: "creditCard", row: "cvv",
        message: [
          "en": "The security code (CVV) isn't right. Please check the back of your card.",
          "de": "Der Sicherheitscode (CVV) stimmt nicht. Bitte prüfen Sie die Rückseite Ihrer Karte.",
        ])
      ErrorMatcher(
        code: "card_declined", step: "creditCard", row: "number",
        message: [
          "en": "Your card was declined. Please pay with another card.",
          "de": "Ihre Karte wurde abgelehnt. Bitte bezahlen Sie mit einer anderen Karte.",
        ])
      ErrorMatcher(
        code: "address_street_invalid", step: "address", row: "street",
        message: [
          "en": "We couldn't find this street address. Please check it.",
          "de": "Diese Straße konnten wir nicht finden. Bitte prüfen Sie die Angabe.",
        ])
      ErrorMatcher(
        code: "address_zip_invalid", step: "address", row: "zip",
        message: [
          "en": "This ZIP code doesn't match your address. Please check it.",
          "de": "Diese Postleitzahl passt nicht zu Ihrer Adresse. Bitte prüfen Sie sie.",
        ])
      ErrorMatcher(
        code: "address_city_invalid", step: "address", row: "city",
        message: [
          "en": "We couldn't find this city. Please check the spelling.",
          "de": "Diesen Ort konnten wir nicht finden. Bitte prüfen Sie die Schreibweise.",
        ])
      ErrorMatcher(
        code: "address_country_unsupported", step: "address", row: "country",
        message: [
          "en": "We don't ship to this country yet. Please choose another.",
          "de": "In dieses Land liefern wir noch nicht. Bitte wählen Sie ein anderes.",
        ])
      ErrorMatcher(
        code: "discount_invalid", step: "discount", row: "code",
        message: [
          "en": "This discount code isn't valid. Please check it.",
          "de": "Dieser Rabattcode ist ungültig. Bitte prüfen Sie ihn.",
        ])
      ErrorMatcher(
        code: "discount_expired", step: "discount", row: "code",
        message: [
          "en": "This discount code has expired.",
          "de": "Dieser Rabattcode ist abgelaufen.",
        ])
      ErrorMatcher(
        code: "item_sold_out", step: "cart", row: "items",
        message: [
          "en": "An item in your cart has just sold out. Please review your cart.",
          "de": "Ein Artikel in Ihrem Warenkorb ist gerade ausverkauft. Bitte überprüfen Sie Ihren Warenkorb.",
        ])
      ErrorMatcher(
        code: "quantity_unavailable", step: "cart", row: "quantity",
        message: [
          "en": "We don't have that many in stock. Please lower the quantity.",
          "de": "So viele haben wir nicht auf Lager. Bitte verringern Sie die Menge.",
        ])
      ErrorMatcher(
        code: "shipping_method_unavailable", step: "stepOne", row: "shippingMethod",
        message: [
          "en": "This shipping method isn't available for your order. Please choose another.",
          "de": "Diese Versandart ist für Ihre Bestellung nicht verfügbar. Bitte wählen Sie eine andere.",
        ])
      ErrorMatcher(
        field: "shipping.zip", step: "address", row: "zip",
        message: [
          "en": "Please check the ZIP code of your shipping address.",
          "de": "Bitte prüfen Sie die Postleitzahl Ihrer Lieferadresse.",
        ])
      ErrorMatcher(
        field: "billing.zip", step: "address", row: "billingZip",
        message: [
          "en": "Please check the ZIP code of your billing address.",
          "de": "Bitte prüfen Sie die Postleitzahl Ihrer Rechnungsadresse.",
        ])
      ErrorMatcher(
        field: "payment.card.cvv", step: "creditCard", row: "cvv",
        message: [
          "en": "Please check your card's security code (CVV).",
          "de": "Bitte prüfen Sie den Sicherheitscode (CVV) Ihrer Karte.",
        ])
      ErrorMatcher(
        field: "payment.card.expiry", step: "creditCard", row: "expiry",
        message: [
          "en": "Please check your card's expiry date.",
          "de": "Bitte prüfen Sie das Ablaufdatum Ihrer Karte.",
        ])
      ErrorMatcher(
        code: "card_*", step: "creditCard", row: "number",
        message: [
          "en": "There's a problem with this card. Please check its details or pay with another card.",
          "de":
            "Mit dieser Karte gibt es ein Problem. Bitte prüfen Sie die Angaben oder bezahlen Sie mit einer anderen Karte.",
        ])
      ErrorMatcher(
        code: "address_*", step: "address",
        message: [
          "en": "Please check your shipping address.",
          "de": "Bitte prüfen Sie Ihre Lieferadresse.",
        ])
      ErrorMatcher(
        code: "*", step: "stepTwo",
        message: [
          "en": "Something went wrong. Please review your order.",
          "de": "Etwas ist schiefgelaufen. Bitte überprüfen Sie Ihre Bestellung.",
        ])
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
        "<flow>: error: steps[0].rows[1].rules[0]: unknown rule \"postalCode\"; built-in rules are \(Suggestions.list(RuleName.allCases.map(\.rawValue))); custom rules must be named in the flow's \"rules\" or registered by the program that loads the flow",
        "<flow>: error: errors[0].row: step \"cart\" has no row \"zipp\"; did you mean \"zip\"?",
      ])
    #expect(flow.validate(customRules: ["postalCode"]).count == 2)
  }
}
