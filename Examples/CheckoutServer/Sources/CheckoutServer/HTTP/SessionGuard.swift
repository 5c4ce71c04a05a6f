import CheckoutEngine
import Hummingbird

/// The session secret, checked before a request reaches the ``SessionService``
/// (which never sees a credential): `POST /sessions` issues a secret and records
/// its SHA-256 digest (``SessionSecretStore``); every later request on the session
/// presents it (``SessionCredential``: a bearer token, or the page's HttpOnly
/// cookie). A missing or wrong secret is answered exactly as an unknown id (404
/// `unknown_session`): without the secret, a session's id (in a URL, a log line)
/// opens nothing. A failed check reads the session too before it answers, so an
/// unknown id and a wrong secret cost the same reads as a right one (the digest,
/// then the session) and a store that does not answer is a 503 either way.
struct SessionGuard: Sendable {
  /// Where the digests of session secrets are kept.
  let secrets: any SessionSecretStore
  /// The sessions, read when a check fails.
  let sessions: any SessionStore

  /// A fresh secret for the new session `id`, its digest recorded: the only time
  /// the secret exists outside the client.
  func issueSecret(for id: SessionID) async throws -> SessionSecret {
    let secret = SessionSecret.random()
    try await ServerError.answering { try await secrets.recordSecret(secret.digest, for: id) }
    return secret
  }

  /// Passes when `request` presents the secret of session `id`; throws 404
  /// `unknown_session` otherwise, or the store's 503 when it does not answer.
  func admit(_ request: Request, to id: SessionID) async throws {
    let presented = SessionCredential.secret(of: request)
    let digest = try await ServerError.answering { try await secrets.secretDigest(for: id) }
    guard let digest, let presented, digest.matches(presented) else {
      _ = try await ServerError.answering { try await sessions.load(id) }
      throw ServerError.unknownSession(id)
    }
  }
}
