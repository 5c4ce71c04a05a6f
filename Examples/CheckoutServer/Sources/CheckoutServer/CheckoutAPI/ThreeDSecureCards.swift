import CheckoutEngine

/// Stripe's test cards for 3-D Secure (see `stripe-test-cards.json`, section
/// "3D Secure authentication"): a payment with one of them asks the shopper to
/// authenticate with the bank first, then goes through or is declined.
enum ThreeDSecureCard: Sendable, Hashable {
  /// 4000 0027 6000 3184 ("always authenticate") and 4000 0025 0000 3155
  /// ("authenticate unless set up", on-session): authenticated, it succeeds.
  case authenticates
  /// 4000 0082 6000 3178: authenticated, it is declined (`insufficient_funds`).
  case authenticatesThenDeclines(StripeTestCard)

  /// The action a 3-D Secure card asks for, as a submit's `actions` names it.
  static let action: ActionName = "three_d_secure"
  /// The key of the action's result in the continuation's payload: `authenticated`
  /// (the shopper passed the bank's challenge) or `failed`.
  static let resultKey: DataKey = "three_d_secure.result"
  /// The result that passes.
  static let authenticated = "authenticated"
  /// The result of a challenge the shopper failed.
  static let failed = "failed"
  /// The results an `actionCompleted` may give (anything else is refused).
  static let results = [authenticated, failed]

  /// The 3-D Secure test card for a card number as typed (spaces and dashes ignored).
  static func lookUp(_ number: String) -> ThreeDSecureCard? {
    let digits = number.filter(\.isNumber)
    if digits == "4000002760003184" || digits == "4000002500003155" { return .authenticates }
    // Its decline (`insufficient_funds`) is the generated table's.
    guard digits == "4000008260003178", let declined = StripeTestCard.all[digits] else { return nil }
    return .authenticatesThenDeclines(declined)
  }
}

extension DemoCheckoutAPI {
  /// The answer to a payment with a 3-D Secure test card, when the call's submit
  /// declares the action (else nil: the card is answered as any other). The first
  /// request asks for the action; the continuation (its key marks it:
  /// `placeOrder-1/three_d_secure-1`) answers by the result the host merged:
  /// `failed` is `payment_intent_authentication_failure`, anything else passed.
  func threeDSecureAnswer(for card: ThreeDSecureCard, _ request: CheckoutAPIRequest, dialect: ErrorDialect)
    -> CheckoutAPIOutcome?
  {
    guard declaredActions.declares(ThreeDSecureCard.action, flow: request.flow, operation: request.operation) else {
      return nil
    }
    guard request.key.continuation != nil else { return .actionRequired(ThreeDSecureCard.action, [:]) }
    if case .string(let result)? = request.payload.values[ThreeDSecureCard.resultKey],
      result != ThreeDSecureCard.authenticated
    {
      return .failed([dialect.authenticationFailed])
    }
    switch card {
    case .authenticates: return success(request)
    case .authenticatesThenDeclines(let declined): return .failed([dialect.error(for: declined)])
    }
  }
}

extension ErrorDialect {
  /// The API error for a payment whose 3-D Secure challenge the shopper failed.
  var authenticationFailed: APIError {
    let message = "The bank could not confirm this payment. Try again, or use a different card."
    switch self {
    case .stripe: return APIError(code: "payment_intent_authentication_failure", message: message)
    case .plndr: return APIError(code: "card_declined", field: "payment.card.number", message: message)
    }
  }
}
