import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// What carrying a session to another version of its flow changed, and why: as data
/// (each ``Change`` a kind, a subject and the reason) and as text.
///
/// ```
/// plndr v1 -> v2: 3 changes
///   renamed key: payment.card.cvv -> payment.card.securityCode
///   cut navigation: cart>stepOne>stepTwo|discount -> cart>stepOne>stepTwo: step "discount" is not in version 2
///   rejected value: shipping.zip: kept, shown on address.zip: ZIP code must be 5 digits
/// ```
///
/// A report never holds a value the shopper entered: it names keys, rows and steps.
public struct MigrationReport: Hashable, Sendable, Codable, CustomStringConvertible {
  /// One thing the migration changed.
  public struct Change: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of change.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
      /// A step of the navigation state, an error or the route was renamed.
      case renamedStep
      /// A row holding an error, the focus or an offer was renamed.
      case renamedRow
      /// A value moved to its key's new name.
      case renamedKey
      /// The navigation state lost a removed step and what was above it.
      case cutNavigation
      /// The route in progress was given up; its error is offered again.
      case droppedRoute
      /// A command waiting for its step was given up.
      case droppedPending
      /// A value under a key the new version does not hold was dropped.
      case droppedValue
      /// A value the new rules reject was kept and shown with the rule's message.
      case rejectedValue
      /// An error shown on a row that no longer exists was dropped.
      case droppedError
      /// The offer or a queued error now resolves elsewhere (re-resolved with the new matchers).
      case reresolvedError
      /// The offer or a queued error no longer resolves to anything in the new version.
      case droppedOffer
      /// The focused row no longer exists.
      case droppedFocus
      /// An API call waiting for its answer now opens another step on success, or
      /// waits on its action at another step, or was cancelled (its action is no
      /// longer declared, or is done at a step the session does not show); or the
      /// command showing a placed order now opens the step its submit opens.
      case changedCall
      /// The session's locale is one the new version no longer speaks (neither lists
      /// nor writes messages in, and the engine has no words in): the session is
      /// shown in the flow's default language.
      case droppedLocale

      /// The words the text report uses: `renamed step`, `cut navigation`, …
      package var words: String {
        var words = ""
        for character in rawValue {
          if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words
      }
    }

    /// What kind of change.
    public var kind: Kind
    /// What changed: a step, `step.row`, a key, or a navigation state.
    public var subject: String
    /// What became of it and why.
    public var detail: String

    /// Creates a change.
    package init(_ kind: Kind, _ subject: String, _ detail: String) {
      self.kind = kind
      self.subject = subject
      self.detail = detail
    }

    /// `renamed key: payment.card.cvv -> payment.card.securityCode`.
    public var description: String {
      "\(kind.words): \(subject)\(detail.isEmpty ? "" : (detail.hasPrefix("->") ? " " : ": ") + detail)"
    }
  }

  /// The flow.
  public var flow: FlowID
  /// The version the snapshot was made on (nil when it recorded none).
  public var fromVersion: Int?
  /// The version it was carried to (nil when the flow declares none).
  public var toVersion: Int?
  /// The fingerprint of the flow the snapshot was made on.
  package var fromFingerprint: String
  /// The fingerprint of the flow it was carried to.
  package var toFingerprint: String
  /// Every change, in the order the migration made them.
  public var changes: [Change]

  /// Creates a report.
  package init(
    flow: FlowID, fromVersion: Int?, toVersion: Int?, fromFingerprint: String, toFingerprint: String,
    changes: [Change] = []
  ) {
    self.flow = flow
    self.fromVersion = fromVersion
    self.toVersion = toVersion
    self.fromFingerprint = fromFingerprint
    self.toFingerprint = toFingerprint
    self.changes = changes
  }

  /// `v2`, or `fingerprint 1a2b…` when the flow declares no version.
  package static func name(version: Int?, fingerprint: String) -> String {
    version.map { "v\($0)" } ?? "fingerprint \(fingerprint)"
  }

  /// The heading line and one indented line per change.
  public var description: String {
    let from = Self.name(version: fromVersion, fingerprint: fromFingerprint)
    let to = Self.name(version: toVersion, fingerprint: toFingerprint)
    let count = changes.isEmpty ? "nothing to change" : changes.count == 1 ? "1 change" : "\(changes.count) changes"
    return (["\(flow) \(from) -> \(to): \(count)"] + changes.map { "  \($0)" }).joined(separator: "\n")
  }
}
