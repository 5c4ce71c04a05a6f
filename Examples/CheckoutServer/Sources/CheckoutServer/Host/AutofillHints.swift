import CheckoutEngine

/// The browser's autofill hint (`autocomplete`) for a row, inferred from what the
/// flow already says, in this one place: the flow format has no field for it.
///
/// In order, the first that applies:
/// - a `luhn` rule: `cc-number`; an `expiry` rule: `cc-exp`;
/// - a secret row of digits (a number keyboard or a `digits` rule): `cc-csc`
///   (the CVV; the page empties the field the moment it is sent); any other
///   secret row: `off`;
/// - an `email` rule, an email cell or keyboard: `email`; a phone cell or keyboard: `tel`;
/// - the bound key's last part, by name: `name` (`cc-name` under a `card` key),
///   `firstName`/`givenName`: `given-name`, `lastName`/`familyName`: `family-name`,
///   `street`/`address1`: `address-line1`, `address2`: `address-line2`, `city`:
///   `address-level2`, `state`/`province`/`region`: `address-level1`,
///   `zip`/`postalCode`/`postcode`: `postal-code`, `country`: `country`,
///   `company`/`organization`: `organization`;
/// - anything else (a quantity, a discount code, a note): no hint.
///
/// An address hint is prefixed `shipping` or `billing` when the key has that part
/// (`billing.zip`: `billing postal-code`), so a browser fills each address apart.
enum AutofillHints {
  /// The hints of a step's value rows, by row id; rows without one are left out.
  static func hints(of step: Step) -> [String: String] {
    var hints: [String: String] = [:]
    for row in step.rows {
      if let hint = hint(for: row) { hints[row.id.rawValue] = hint }
    }
    return hints
  }

  /// The row's hint, or nil when the flow says nothing a browser could fill it from.
  static func hint(for row: Row) -> String? {
    let keyboard: Keyboard?
    let isEmailCell: Bool
    let isPhoneCell: Bool
    switch row.cell {
    case .text(let entry), .secure(let entry), .number(let entry):
      (keyboard, isEmailCell, isPhoneCell) = (entry.keyboard, false, false)
    case .email(let entry): (keyboard, isEmailCell, isPhoneCell) = (entry.keyboard, true, false)
    case .phone(let entry): (keyboard, isEmailCell, isPhoneCell) = (entry.keyboard, false, true)
    case .picker: (keyboard, isEmailCell, isPhoneCell) = (nil, false, false)
    case .toggle, .disclosure, .button, .info: return nil
    }
    let kinds = row.rules.map(\.kind)
    if kinds.contains(.luhn) { return "cc-number" }
    if kinds.contains(.expiry) { return "cc-exp" }
    if row.secret { return keyboard == .number || kinds.contains(.digits) ? "cc-csc" : "off" }
    if kinds.contains(.email) || isEmailCell || keyboard == .email { return "email" }
    let parts = row.bind.map { $0.rawValue.split(separator: ".").map { $0.lowercased() } } ?? []
    let section = parts.contains("billing") ? "billing " : parts.contains("shipping") ? "shipping " : ""
    if isPhoneCell || keyboard == .phone { return section + "tel" }
    guard let last = parts.last else { return nil }
    if last == "name" { return parts.contains("card") ? "cc-name" : section + "name" }
    return byLastPart[last].map { section + $0 }
  }

  /// A key's last part (lowercased) and the hint it names.
  private static let byLastPart: [String: String] = [
    "firstname": "given-name", "givenname": "given-name", "lastname": "family-name", "familyname": "family-name",
    "street": "address-line1", "address1": "address-line1", "address2": "address-line2",
    "city": "address-level2", "state": "address-level1", "province": "address-level1", "region": "address-level1",
    "zip": "postal-code", "postalcode": "postal-code", "postcode": "postal-code", "country": "country",
    "company": "organization", "organization": "organization",
  ]
}
