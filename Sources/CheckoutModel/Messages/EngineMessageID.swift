/// The id of one of the engine's own messages for shoppers: a rule's default
/// message, a disabled row's reason, a refusal, a notice, a toggle's value in words
/// (`value.*`), the punctuation between the engine's words (`punctuation.*`: a
/// sentence's full stop, a list's separator, a title before its reason), how
/// numbers and dates are written (`format.*`, read by ``LocaleFormatting``), or a host's own words
/// around the screen (`host.*`: a dialog's buttons, a banner). Stable: a flow's
/// `messages` overrides one by its id (`rule.required`), and each language's table
/// (`Resources/Messages/LANG.txt`) writes its text under it.
///
/// A message is defined in two places, each named by the other: its case here,
/// whose raw value is its id, and its line in the English table (`en.txt`), whose
/// `{names}` are its placeholders (``placeholders``). Everything else (the other
/// languages, the schema, the documentation) a test checks against these.
///
/// ```swift
/// EngineMessageID(id: "rule.required")?.placeholders  // ["title"]
/// ```
package enum EngineMessageID: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case ruleRequired = "rule.required", ruleEmail = "rule.email", ruleLuhn = "rule.luhn", ruleDigits = "rule.digits"
  case ruleExpiry = "rule.expiry", ruleExpiryFormat = "rule.expiryFormat", rulePattern = "rule.pattern"
  case ruleMinLength = "rule.minLength", ruleMaxLength = "rule.maxLength", ruleOneOf = "rule.oneOf"
  case ruleCustom = "rule.custom", ruleControlCharacters = "rule.controlCharacters"
  case disabledCompleteFirst = "disabled.completeFirst", disabledNotAvailableUntil = "disabled.notAvailableUntil"
  case conditionEquals = "condition.equals", conditionFilledIn = "condition.filledIn"
  case conditionEmpty = "condition.empty", conditionAnd = "condition.and", conditionOr = "condition.or"
  case conditionNot = "condition.not", conditionOn = "condition.on", conditionOff = "condition.off"
  case errorCheckRow = "error.checkRow", errorCheckStep = "error.checkStep"
  case errorActionUnsupported = "error.actionUnsupported", errorUnanswered = "error.unanswered"
  case errorEnterAgain = "error.enterAgain"
  case refusalHidden = "refusal.hidden", refusalShownWhen = "refusal.shownWhen"
  case refusalCannotChange = "refusal.cannotChange"
  case refusalNothingToClose = "refusal.nothingToClose", refusalOfferWaiting = "refusal.offerWaiting"
  case refusalCallInFlight = "refusal.callInFlight", refusalCallInProgress = "refusal.callInProgress"
  case refusalCallInProgressBack = "refusal.callInProgressBack", refusalCallInProgressTap = "refusal.callInProgressTap"
  case refusalCallUnanswered = "refusal.callUnanswered", refusalOrderFinished = "refusal.orderFinished"
  case refusalRouteInProgress = "refusal.routeInProgress", refusalNothingToGoBack = "refusal.nothingToGoBack"
  case refusalAwaitingStep = "refusal.awaitingStep", refusalNoOffer = "refusal.noOffer"
  case refusalNoActionWaiting = "refusal.noActionWaiting", refusalNotAnOption = "refusal.notAnOption"
  case refusalNoOptions = "refusal.noOptions", refusalOnOrOff = "refusal.onOrOff"
  case refusalTextOnly = "refusal.textOnly", refusalNotOnOrOff = "refusal.notOnOrOff"
  case refusalNotOnStep = "refusal.notOnStep", refusalUnexpectedStep = "refusal.unexpectedStep"
  case refusalStepGone = "refusal.stepGone", refusalNotTappable = "refusal.notTappable"
  case refusalTakesNoValue = "refusal.takesNoValue", refusalCallUnconfirmed = "refusal.callUnconfirmed"
  case noticeActionCancelled = "notice.actionCancelled"
  case valueOn = "value.on", valueOff = "value.off"
  case punctuationFullStop = "punctuation.fullStop", punctuationList = "punctuation.list"
  case punctuationTitled = "punctuation.titled"
  case formatNumber = "format.number", formatCurrency = "format.currency", formatMonths = "format.months"
  case formatMonthYear = "format.monthYear", formatDate = "format.date"
  case hostLanguage = "host.language", hostNewCheckout = "host.newCheckout", hostCheckout = "host.checkout"
  case hostBreadcrumbModal = "host.breadcrumb.modal", hostBreadcrumbLabel = "host.breadcrumb.label"
  case hostPickerChoose = "host.picker.choose"
  case hostOfferTitle = "host.offer.title", hostOfferAccept = "host.offer.accept"
  case hostOfferDecline = "host.offer.decline", hostOfferWhere = "host.offer.where"
  case hostChallengeBank = "host.challenge.bank", hostChallengeTitle = "host.challenge.title"
  case hostChallengeStandIn = "host.challenge.standIn", hostChallengeCancel = "host.challenge.cancel"
  case hostChallengeFail = "host.challenge.fail", hostChallengeConfirm = "host.challenge.confirm"
  case hostRouteBanner = "host.route.banner", hostProblemRefused = "host.problem.refused"
  case hostProblemRouteCancelled = "host.problem.routeCancelled", hostProblemUnresolved = "host.problem.unresolved"
  case hostProblemStaleVersion = "host.problem.staleVersion", hostProblemNoAnswer = "host.problem.noAnswer"
  case hostProblemUnavailable = "host.problem.unavailable", hostProblemOther = "host.problem.other"
  case hostProblemCardNumber = "host.problem.cardNumber", hostProblemSessionGone = "host.problem.sessionGone"
  case hostProblemTooLong = "host.problem.tooLong", hostProblemControlCharacter = "host.problem.controlCharacter"
  case hostProblemTooMuchText = "host.problem.tooMuchText"
  case hostNoticeRestarted = "host.notice.restarted", hostNoticeUpdated = "host.notice.updated"

  /// The id as tables and flows write it: `rule.required`.
  package var id: String { rawValue }

  /// The id as written.
  package var description: String { id }

  /// The message with this id, or nil for an id the engine has no message under.
  package init?(id: String) {
    self.init(rawValue: id)
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
  package var isHostWord: Bool { id.hasPrefix("host.") }
}
