import CheckoutEngine

/// A Stripe test-mode card and the error Stripe answers for it (see the generated
/// table in `StripeTestCards.swift`).
struct StripeTestCard: Sendable, Hashable {
  /// Stripe's `error.code` (`card_declined`, `incorrect_cvc`, `expired_card`, …).
  var code: String
  /// Stripe's `decline_code`, for `card_declined` (`insufficient_funds`, `lost_card`, …).
  var declineCode: String?
  /// The `param` Stripe names (`cvc`, `exp_month`, `number`), when known.
  var param: String?
  /// Whether Stripe's docs list the outcome (rather than an observed response).
  var documented: Bool
  /// What the shopper reads (this project's wording).
  var message: String

  /// The code a flow resolves: the decline code when there is one, else the code.
  var resolvedCode: String { declineCode ?? code }

  /// The card detail the error is about, which the shopper changes to get past it.
  var detail: CardDetail {
    switch code {
    case "incorrect_cvc", "invalid_cvc": return .securityCode
    case "expired_card", "invalid_expiry_month", "invalid_expiry_year": return .expiry
    default: return .number
    }
  }

  /// The test card for a card number as typed (spaces and dashes ignored).
  static func lookUp(_ number: String) -> StripeTestCard? {
    all[number.filter(\.isNumber)]
  }
}

/// The detail of a card that a payment error is about.
enum CardDetail: Sendable, Hashable {
  /// The card number: a declined card, fixed by paying with another card.
  case number
  /// The expiry date.
  case expiry
  /// The security code (CVV, CVC).
  case securityCode
}

/// How a flow names payment errors. The demo API answers each flow in the words
/// its `errors` matchers resolve.
enum ErrorDialect: Sendable, Hashable {
  /// Raw Stripe: the decline code (else the code), with Stripe's `param`
  /// (`number`, `exp_month`, `cvc`) as the field. `Flows/express.json` speaks it.
  case stripe
  /// The PLNDR app's own API: `card_number_invalid`, `card_expired`,
  /// `cvv_invalid`, `card_declined`, with the session's keys as fields.
  case plndr

  /// The API error for a declined test card.
  func error(for card: StripeTestCard) -> APIError {
    switch self {
    case .stripe:
      return APIError(code: card.resolvedCode, field: card.param, message: card.message)
    case .plndr:
      switch card.detail {
      case .securityCode:
        return APIError(code: "cvv_invalid", field: "payment.card.cvv", message: card.message)
      case .expiry:
        return APIError(code: "card_expired", field: "payment.card.expiry", message: card.message)
      case .number where card.code == "incorrect_number" || card.code == "invalid_number":
        return APIError(code: "card_number_invalid", field: "payment.card.number", message: card.message)
      case .number:
        return APIError(code: "card_declined", field: "payment.card.number", message: card.message)
      }
    }
  }

  /// The API error for a quantity over what is in stock.
  func notEnoughStock(left: Int) -> APIError {
    let message = "Only \(left) left in stock. Please lower the quantity."
    switch self {
    case .stripe: return APIError(code: "NOT_ENOUGH_IN_STOCK", message: message)
    case .plndr: return APIError(code: "quantity_unavailable", field: "cart.quantity", message: message)
    }
  }

  /// The API error for a discount code that has expired.
  var expiredDiscount: APIError {
    switch self {
    case .stripe: return APIError(code: "coupon_expired", message: "This code has expired.")
    case .plndr:
      return APIError(code: "discount_expired", field: "discount.code", message: "This discount code has expired.")
    }
  }
}

/// The example's checkout API: every call succeeds, answering the keys its
/// operation provides (``ProvidedKeys``: the order number, a hold's reference), except
/// - a payment (the operation that provides the order number; another call, such
///   as a seat hold, is never declined for its card) with a card number that
///   Stripe's test mode declines answers the
///   error Stripe would (4000000000000002 declined, …0127 wrong CVC, …0069
///   expired, …0119 processing error, …9995 insufficient funds, …), in the
///   flow's dialect;
/// - a discount code starting with `EXPIRED` has expired;
/// - any call with a quantity (`cart.quantity`) over ``stock`` fails: not enough
///   in stock (an error fixed on the cart, however deep the shopper is);
/// - a payment with one of Stripe's 3-D Secure test cards (``ThreeDSecureCard``)
///   asks for the action `three_d_secure` when its submit declares it
///   (``declaredActions``), then answers the continuation by its result;
/// - with `--dev-scripted-answers`, a new call takes the answer queued for its
///   operation and session first (``ScriptedAnswers``).
///
/// Each error can be fixed by changing the value the flow routes the shopper to.
/// A declined card number is fixed by another card. A test card whose error is
/// about its expiry date or security code is declined with the value typed first,
/// and goes through once the shopper has changed that value: the API remembers,
/// per session and card, only a keyed digest of the value it declined
/// (``DeclinedValues``), never the value.
///
/// An order number is the flow's id in capitals and digits derived from the
/// session id (`EXPRESS-04210733`), so replays agree on any instance. Like a
/// payment API, it answers a repeated idempotency key with its first answer and
/// charges once: its ``CallLedger`` keeps every answer by key.
struct DemoCheckoutAPI: CheckoutAPI {
  /// The dialect of each flow; others get ``defaultDialect``.
  var dialects: [FlowID: ErrorDialect] = ["plndr": .plndr, "express": .stripe]
  /// The dialect of flows not listed.
  var defaultDialect: ErrorDialect = .stripe
  /// The key holding the card number.
  var cardNumberKey: DataKey = "payment.card.number"
  /// The key holding the card's expiry date.
  var expiryKey: DataKey = "payment.card.expiry"
  /// The keys that may hold the security code: `payment.card.cvv` (PLNDR),
  /// `payment.card.cvc` (express); the first one the payload has is read.
  var securityCodeKeys: [DataKey] = ["payment.card.cvv", "payment.card.cvc"]
  /// The key holding a discount code.
  var discountCodeKey: DataKey = "discount.code"
  /// The key holding the quantity in the bag.
  var quantityKey: DataKey = "cart.quantity"
  /// How many items the demo has in stock.
  var stock = 10
  /// The digests of the values declined so far (shared by copies of this API).
  let declined = DeclinedValues()
  /// The calls answered, by idempotency key: a repeated key gets the first answer
  /// and charges once. In the session store's database when there is one.
  var ledger: any CallLedger = InMemoryCallLedger()
  /// The actions each flow's submits declare: the demo asks only for those.
  var declaredActions = DeclaredActions()
  /// The keys each flow's operations provide: what a success answers, and which
  /// operation is the payment (the one that provides ``orderNumberKey``).
  var providedKeys = ProvidedKeys()
  /// The key of the order number, which the payment provides.
  var orderNumberKey: DataKey = "order.number"
  /// The answers queued by `POST /sessions/{id}/script`; nil unless the server
  /// runs with `--dev-scripted-answers`.
  var scripted: ScriptedAnswers?

  /// The first answer to the request's idempotency key, or a new one (a scripted
  /// one first), recorded.
  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    if let first = try await ledger.answer(for: request.idempotencyKey) { return first }
    if let scripted, let next = await scripted.take(request.operation, in: request.session) {
      do {
        return try await ledger.record(next, for: request)
      } catch {
        await scripted.putBack(next, for: request.operation, in: request.session)
        throw error
      }
    }
    return try await ledger.record(answer(request), for: request)
  }

  /// A call the shopper left waiting on an action, or given up unanswered: the
  /// answer recorded under the request's key, when there is one (the shopper
  /// finished at the bank: a 3-D Secure payment that went through keeps its
  /// order; a call whose answer was lost replays it); else the call is recorded
  /// cancelled under that key, so that a request sent later with it is answered
  /// failed too, and the failure is the answer (for 3-D Secure the dialect's
  /// failed authentication, `payment_intent_authentication_failure`; otherwise
  /// `action_abandoned`). Asked again, it answers the same.
  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    if let first = try await ledger.answer(for: request.idempotencyKey) { return first }
    let dialect = dialects[request.flow] ?? defaultDialect
    let cancelled =
      request.key.continuation?.hasPrefix(ThreeDSecureCard.action.rawValue + "-") == true
      ? dialect.authenticationFailed : DemoCheckoutAPI.actionAbandoned
    return try await ledger.record(.failed([cancelled]), for: request)
  }

  /// The error of a call abandoned at an action other than 3-D Secure, or given up unanswered.
  static let actionAbandoned = APIError(
    code: "action_abandoned", message: "This step was left unfinished and has been cancelled. Please try again.")

  /// The answer, synchronously (the demo does no I/O).
  func answer(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
    let dialect = dialects[request.flow] ?? defaultDialect
    if let quantity = request.payload.values[quantityKey].flatMap({ Double($0.displayText) }), quantity > Double(stock)
    {
      return .failed([dialect.notEnoughStock(left: stock)])
    }
    if request.operation == "applyDiscount" {
      if case .string(let code)? = request.payload.values[discountCodeKey], code.uppercased().hasPrefix("EXPIRED") {
        return .failed([dialect.expiredDiscount])
      }
      return .succeeded([:])
    }
    guard case .string(let number)? = request.payload.values[cardNumberKey], isPayment(request) else {
      return success(request)
    }
    if let card = ThreeDSecureCard.lookUp(number),
      let answer = threeDSecureAnswer(for: card, request, dialect: dialect)
    {
      return answer
    }
    if let card = StripeTestCard.lookUp(number), !changedSinceDeclined(card, number: number, in: request) {
      return .failed([dialect.error(for: card)])
    }
    return success(request)
  }

  /// A call that goes through: a value for each key its operation provides (the
  /// order number for ``orderNumberKey``, a reference such as `HOLD-04210733` for
  /// `hold.reference`); the order number when the flow is not known.
  func success(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
    let orderNumber = DemoCheckoutAPI.orderNumber(for: request.session, flow: request.flow)
    guard let keys = providedKeys.keys(of: request.operation, in: request.flow) else {
      return .succeeded([orderNumberKey: .string(orderNumber)])
    }
    var data: [DataKey: Value] = [:]
    for key in keys {
      let prefix = key.rawValue.split(separator: ".").first.map { $0.uppercased() } ?? ""
      data[key] = .string(key == orderNumberKey ? orderNumber : prefix + orderNumber.drop { $0 != "-" })
    }
    return .succeeded(data)
  }

  /// Whether a call is the payment, which a test card's error answers: the
  /// operation that provides the order number (any call with a card number when
  /// the flow is not known).
  func isPayment(_ request: CheckoutAPIRequest) -> Bool {
    providedKeys.keys(of: request.operation, in: request.flow)?.contains(orderNumberKey) ?? true
  }

  /// Whether the shopper changed the expiry date or security code this test card
  /// was declined with, in this session. Always false for a card declined on its
  /// number: only another card fixes that.
  private func changedSinceDeclined(_ card: StripeTestCard, number: String, in request: CheckoutAPIRequest) -> Bool {
    let keys: [DataKey]
    switch card.detail {
    case .number: return false
    case .expiry: keys = [expiryKey]
    case .securityCode: keys = securityCodeKeys
    }
    let value = keys.lazy.compactMap { request.payload.values[$0] }.first?.displayText ?? ""
    return declined.isChange(value, session: request.session, card: number.filter(\.isNumber))
  }

  /// The flow's id in capitals (`PLNDR-`, `EXPRESS-`, `TICKETS-`) and eight
  /// digits derived from the session id (FNV-1a), so a replay of the same session
  /// gets the same order number on any instance.
  static func orderNumber(for session: SessionID, flow: FlowID) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in session.rawValue.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash % 100_000_000)
    return flow.rawValue.uppercased() + "-" + String(repeating: "0", count: 8 - digits.count) + digits
  }
}
