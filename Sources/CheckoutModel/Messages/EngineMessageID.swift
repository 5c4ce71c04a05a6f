/// The id of one of the engine's own messages for shoppers: a rule's default
/// message, a disabled row's reason, a refusal, a notice, how numbers and dates are
/// written (`format.*`, read by ``LocaleFormatting``), or a host's own words
/// around the screen (`host.*`: a dialog's buttons, a banner). Stable: a flow's
/// `messages` overrides one by its id (`rule.required`), and each language's table
/// (`Resources/Messages/LANG.txt`) writes its text under it.
///
/// ```swift
/// EngineMessageID(id: "rule.required")?.placeholders  // ["title"]
/// ```
package enum EngineMessageID: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case ruleRequired, ruleEmail, ruleLuhn, ruleDigits, ruleExpiry, ruleExpiryFormat, rulePattern
  case ruleMinLength, ruleMaxLength, ruleOneOf, ruleCustom, ruleControlCharacters
  case disabledCompleteFirst, disabledNotAvailableUntil
  case conditionEquals, conditionFilledIn, conditionEmpty, conditionAnd, conditionOr, conditionNot
  case conditionOn, conditionOff
  case errorCheckRow, errorCheckStep, errorActionUnsupported, errorUnanswered
  case refusalHidden, refusalCannotChange, refusalNothingToClose, refusalOfferWaiting
  case refusalCallInFlight, refusalCallInProgress, refusalCallUnanswered, refusalOrderFinished
  case refusalRouteInProgress, refusalNothingToGoBack, refusalAwaitingStep, refusalNoOffer, refusalNoActionWaiting
  case refusalNotAnOption, refusalNoOptions, refusalOnOrOff, refusalTextOnly, refusalNotOnOrOff
  case noticeActionCancelled
  case formatNumber, formatCurrency, formatMonths, formatMonthYear, formatDate
  case hostLanguage, hostNewCheckout, hostCheckout, hostBreadcrumbModal, hostPickerChoose
  case hostOfferTitle, hostOfferAccept, hostOfferDecline, hostOfferWhere
  case hostChallengeBank, hostChallengeTitle, hostChallengeStandIn
  case hostChallengeCancel, hostChallengeFail, hostChallengeConfirm
  case hostRouteBanner
  case hostProblemRefused, hostProblemRouteCancelled, hostProblemUnresolved, hostProblemStaleVersion
  case hostProblemNoAnswer, hostProblemUnavailable, hostProblemOther, hostProblemCardNumber
  case hostProblemSessionGone, hostProblemTooLong, hostNoticeRestarted

  /// The id as tables and flows write it: `rule.required`.
  package var id: String { Self.ids[rawValue] }

  /// The id as written.
  package var description: String { id }

  /// The message with this id, or nil for an id the engine has no message under.
  package init?(id: String) {
    guard let message = Self.byID[id] else { return nil }
    self = message
  }

  /// Every id, in the order of the cases.
  package static let allIDs: [String] = allCases.map(\.id)

  /// The words a host shows around the screen (`host.*`), which the engine itself
  /// never says: a host reads them in a session's locale (``EngineMessages/template(_:)``).
  package static let hostWords: [EngineMessageID] = allCases.filter(\.isHostWord)

  /// The notices a shopper may see (`notice.*`), said in the session's language
  /// and naming steps and rows by their titles. Every other notice effect reports
  /// what a host, the API or the flow did that the flow does not expect (a step
  /// nothing opened, an action no submit declares): developer text, in English,
  /// naming ids, for a host's log and never for the shopper.
  package static let shopperNotices: [EngineMessageID] = allCases.filter { $0.id.hasPrefix("notice.") }

  /// Whether the message is one of a host's words (`host.*`) rather than the engine's.
  package var isHostWord: Bool { rawValue >= Self.hostLanguage.rawValue }

  /// The names in braces the message's text must use, each once or more, in the
  /// order the engine passes their values.
  package var placeholders: [String] {
    switch self {
    case .ruleRequired, .ruleEmail, .ruleLuhn, .ruleDigits, .ruleExpiry, .ruleExpiryFormat, .rulePattern, .ruleCustom,
      .ruleControlCharacters:
      return ["title"]
    case .ruleMinLength, .ruleMaxLength: return ["title", "count"]
    case .ruleOneOf: return ["title", "values"]
    case .disabledCompleteFirst: return ["step"]
    case .disabledNotAvailableUntil: return ["condition"]
    case .conditionEquals: return ["name", "value"]
    case .conditionFilledIn, .conditionEmpty, .conditionOn, .conditionOff: return ["name"]
    case .conditionAnd, .conditionOr: return ["left", "right"]
    case .conditionNot: return ["condition"]
    case .errorCheckRow: return ["title"]
    case .errorActionUnsupported: return ["call"]
    case .refusalHidden: return ["row", "step"]
    case .refusalCannotChange, .refusalNothingToClose, .refusalCallInFlight, .refusalNoActionWaiting,
      .refusalNoOptions, .refusalOnOrOff, .refusalTextOnly, .refusalNotOnOrOff, .hostProblemCardNumber,
      .hostProblemTooLong:
      return ["row"]
    case .refusalNotAnOption: return ["row", "options"]
    case .refusalOfferWaiting: return ["message"]
    case .refusalCallInProgress, .refusalCallUnanswered, .refusalOrderFinished: return ["call", "row"]
    case .refusalRouteInProgress, .refusalNothingToGoBack, .refusalAwaitingStep: return ["step"]
    case .noticeActionCancelled: return ["step", "call"]
    case .formatCurrency: return ["symbol", "amount"]
    case .formatMonthYear: return ["month", "year"]
    case .formatDate: return ["day", "month", "year"]
    case .hostBreadcrumbModal: return ["steps"]
    case .hostOfferWhere: return ["step"]
    case .hostChallengeStandIn: return ["step", "call"]
    case .hostRouteBanner: return ["title", "current", "total"]
    case .hostProblemRefused: return ["reason"]
    case .hostProblemSessionGone: return ["newCheckout"]
    case .errorCheckStep, .errorUnanswered, .refusalNoOffer, .formatNumber, .formatMonths, .hostLanguage,
      .hostNewCheckout,
      .hostCheckout, .hostPickerChoose,
      .hostOfferTitle, .hostOfferAccept,
      .hostOfferDecline, .hostChallengeBank, .hostChallengeTitle, .hostChallengeCancel, .hostChallengeFail,
      .hostChallengeConfirm, .hostProblemRouteCancelled, .hostProblemStaleVersion, .hostProblemNoAnswer,
      .hostProblemUnavailable, .hostProblemUnresolved, .hostProblemOther, .hostNoticeRestarted:
      return []
    }
  }

  /// The placeholders whose values are numbers (`{count}`): a text may choose a
  /// form by one (`{count, plural, one {# character} other {# characters}}`).
  package var numberPlaceholders: [String] {
    switch self {
    case .ruleMinLength, .ruleMaxLength: return ["count"]
    default: return []
    }
  }

  private static let ids: [String] = [
    "rule.required", "rule.email", "rule.luhn", "rule.digits", "rule.expiry", "rule.expiryFormat", "rule.pattern",
    "rule.minLength", "rule.maxLength", "rule.oneOf", "rule.custom", "rule.controlCharacters",
    "disabled.completeFirst", "disabled.notAvailableUntil",
    "condition.equals", "condition.filledIn", "condition.empty", "condition.and", "condition.or", "condition.not",
    "condition.on", "condition.off",
    "error.checkRow", "error.checkStep", "error.actionUnsupported", "error.unanswered",
    "refusal.hidden", "refusal.cannotChange", "refusal.nothingToClose", "refusal.offerWaiting",
    "refusal.callInFlight", "refusal.callInProgress", "refusal.callUnanswered", "refusal.orderFinished",
    "refusal.routeInProgress", "refusal.nothingToGoBack", "refusal.awaitingStep", "refusal.noOffer",
    "refusal.noActionWaiting", "refusal.notAnOption", "refusal.noOptions", "refusal.onOrOff", "refusal.textOnly",
    "refusal.notOnOrOff",
    "notice.actionCancelled",
    "format.number", "format.currency", "format.months", "format.monthYear", "format.date",
    "host.language", "host.newCheckout", "host.checkout", "host.breadcrumb.modal", "host.picker.choose",
    "host.offer.title", "host.offer.accept", "host.offer.decline", "host.offer.where",
    "host.challenge.bank", "host.challenge.title", "host.challenge.standIn",
    "host.challenge.cancel", "host.challenge.fail", "host.challenge.confirm",
    "host.route.banner",
    "host.problem.refused", "host.problem.routeCancelled", "host.problem.unresolved", "host.problem.staleVersion",
    "host.problem.noAnswer", "host.problem.unavailable", "host.problem.other", "host.problem.cardNumber",
    "host.problem.sessionGone", "host.problem.tooLong", "host.notice.restarted",
  ]

  private static let byID: [String: EngineMessageID] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.id, $0) })
}
