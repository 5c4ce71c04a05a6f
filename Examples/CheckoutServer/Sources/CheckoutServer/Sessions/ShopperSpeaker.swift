import CheckoutEngine
import Foundation

/// The session a problem is said for the shopper in: its language, and its flow's
/// titles for a row. The stored session restored; or, when its snapshot does not
/// restore on the flow version serving it (a snapshot a store or an operator
/// damaged: a call listed twice, a secret's generation of 0), a stand-in: a new
/// session on that flow in the language the snapshot stores (the flow's default
/// when it stores none or the flow no longer speaks it), on the step the snapshot
/// shows. The stand-in holds none of the session's data, and is never saved.
struct ShopperSpeaker: Sendable {
  /// The session restored, or its stand-in.
  let session: CheckoutSession
  /// The step on screen, where a `set` of a row without a step names its row.
  let top: StepID

  /// The session itself (restored or changed by the request).
  init(_ session: CheckoutSession) {
    self.session = session
    top = session.navigation.top
  }

  private init(standIn session: CheckoutSession, top: StepID) {
    self.session = session
    self.top = top
  }

  /// The session `served` holds, restored; else its stand-in. Nil only when not
  /// even a new session can start on the flow (never for a flow that compiled).
  static func of(_ served: ServedSession) -> ShopperSpeaker? {
    if let session = try? served.session() { return ShopperSpeaker(session) }
    let snapshot = served.stored.snapshot
    let spoken = StoredLocale.of(snapshot).flatMap { try? CheckoutSession(flow: served.flow, locale: $0) }
    guard let standIn = spoken ?? (try? CheckoutSession(flow: served.flow, locale: nil)) else { return nil }
    return ShopperSpeaker(standIn: standIn, top: snapshot.navigation.top)
  }
}

/// The shopper's language as a snapshot stores it: the snapshot JSON's documented
/// `locale` member (absent for the flow's default), read without restoring it.
private struct StoredLocale: Decodable {
  let locale: String?

  /// The locale `snapshot` stores, if any.
  static func of(_ snapshot: SessionSnapshot) -> String? {
    (try? JSONDecoder().decode(StoredLocale.self, from: snapshot.jsonData()))?.locale
  }
}
