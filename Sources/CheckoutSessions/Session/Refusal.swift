import CheckoutModel
import CheckoutPlanning

/// Why a session refused an event, as data: what kind of refusal it is, which
/// event was refused, the row, key, step or operation at fault when there is
/// one, and the sentence for the shopper.
///
/// A host reads the fields instead of parsing the message: the example server
/// answers `{"refusal": {"code": "disabledRow", "event": "tap", "step":
/// "stepOne", "row": "continue"}}` beside the message, a UI marks the row.
///
/// ```swift
/// for case .refused(let refusal) in session.send(.tap("continue")) {
///   refusal.code     // .disabledRow
///   refusal.event    // .tap
///   refusal.subject  // .row(step: "stepOne", row: "continue")
///   refusal.message  // Continue: needs "Shipping Address" complete: …
/// }
/// ```
///
/// A refusal never holds a value the shopper typed: a secret is never in it.
public struct Refusal: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of refusal.
  public enum Code: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The step on screen has no row by that name (and it names no data key).
    case unknownRow
    /// The step is not in the flow, or not one a command can show.
    case unknownStep
    /// A step appeared that is not on the navigation stack and that nothing opened.
    case unexpectedStep
    /// The row is hidden (its `visibleWhen` does not hold).
    case hiddenRow
    /// The row is disabled: its `enabledWhen` does not hold or a step it `requires` is incomplete.
    case disabledRow
    /// The row has no action to tap (a value row is set instead).
    case notTappable
    /// The row takes no value (a button or disclosure is tapped instead).
    case takesNoValue
    /// The value is not one the row can hold: a picker option it does not offer, a toggle that is not on or off.
    case invalidValue
    /// There is nothing to close or go back to.
    case nothingToClose
    /// The navigation command cannot be applied to the navigation state.
    case cannotNavigate
    /// An offer waits for `accept` or `decline` first.
    case offerWaiting
    /// A route is being driven: the session waits for its next step to appear.
    case routeInProgress
    /// A navigation command was sent: the session waits for its step to appear.
    case awaitingStep
    /// The row's submit is already waiting for the API's answer.
    case callInFlight
    /// A `set` while a call that sends the value is in flight, waits on an action
    /// or was given up unanswered: the call sends exactly the values it started with.
    /// Also `back`, or a tap on a row that opens or closes a step or submits another
    /// operation, while a call waits for its answer: the shopper stays on the step
    /// the call was made from, whose success opens its `then` from there.
    case callInProgress
    /// A `set`, or a tap on another submit, after the order was placed (its final call
    /// succeeded): its values are final and no call follows it.
    case orderFinished
    /// A retry would send a different body under the call's idempotency key: it is not sent.
    case callBodyChanged
    /// An API answer for an operation no call waits for.
    case noCallWaiting
    /// `actionCompleted` or a `resume` row with no call waiting on an action there.
    case noActionWaiting
    /// `accept` or `decline` with no offer waiting.
    case noOffer
    /// A `set` names a key events may not write: the flow's data, a key an API
    /// provides, or a key only an info row shows.
    case readOnlyKey
    /// A `set` names a key no row binds and the flow does not know.
    case unknownKey

    /// The name: `disabledRow`, ….
    public var description: String { rawValue }
  }

  /// What in the event is at fault.
  public enum Subject: Hashable, Sendable, CustomStringConvertible {
    /// A row of a step (the row named, whether or not the step has it).
    case row(step: StepID, row: RowID)
    /// A data key.
    case key(DataKey)
    /// A step.
    case step(StepID)
    /// An API operation.
    case operation(OperationName)

    /// `row creditCard.cvv`, `key shipping.zip`, `step stepTwo`, `operation placeOrder`.
    public var description: String {
      switch self {
      case .row(let step, let row): return "row \(RowReference(step: step, row: row))"
      case .key(let key): return "key \(key)"
      case .step(let step): return "step \(step)"
      case .operation(let operation): return "operation \(operation)"
      }
    }
  }

  /// The kind of refusal.
  public var code: Code
  /// The kind of event refused.
  public var event: SessionEvent.Kind
  /// The row, key, step or operation at fault, or nil when the moment is (an offer
  /// waits, a route is in progress).
  public var subject: Subject?
  /// The sentence: what is wrong and, where it helps, what would be valid. For the
  /// shopper, in the session's language, when a shopper can cause the refusal
  /// through a host that works as documented (a second tap, `back` on the first
  /// step); else for a host's log, in English, naming ids (an unknown row).
  public var message: String

  /// Creates a refusal.
  public init(_ code: Code, event: SessionEvent.Kind, subject: Subject? = nil, message: String) {
    self.code = code
    self.event = event
    self.subject = subject
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
