import CheckoutEngine
import Hummingbird

/// The session secret, checked before a request reaches the ``SessionService``
/// (which never sees a credential): `POST /sessions` issues a secret and records
/// its SHA-256 digest (``SessionSecretStore``); every later request on the session
/// presents it (``SessionCredential``: a bearer token, or the page's HttpOnly
/// cookie). A missing or wrong secret is answered exactly as an unknown id (404
/// `unknown_session`): without the secret, a session's id (in a URL, a log line)
/// opens nothing. The check reads the session with its digest (``GuardedRead``:
/// one read on the memory and PostgreSQL stores), so an unknown id, a wrong
/// secret and a right one cost the same read, a store that does not answer is a
/// 503 either way, and an admitted request goes on with the session it read.
struct SessionGuard: Sendable {
  /// Where the digests of session secrets are recorded.
  let secrets: any SessionSecretStore
  /// Reads a session with its secret's digest, values opened, within the store's time limit.
  let read: @Sendable (SessionID) async throws -> GuardedRead

  /// A fresh secret for the new session `id`, its digest recorded: the only time
  /// the secret exists outside the client.
  func issueSecret(for id: SessionID) async throws -> SessionSecret {
    let secret = SessionSecret.random()
    try await ServerError.answering(path: "/sessions") { try await secrets.recordSecret(secret.digest, for: id) }
    return secret
  }

  /// The stored session `id` when `request` presents its secret; throws 404
  /// `unknown_session` otherwise (the session read is dropped unused), the store's
  /// 503 when it does not answer, or 403 `cross_origin_request` for a change sent
  /// by cookie from another origin (``CookieRequestOrigin``), before any read.
  @discardableResult
  func admit(_ request: Request, to id: SessionID) async throws -> StoredSession {
    // Read once: the origin check and the credential both look at it.
    let authorization = request.headers[.authorization]
    try CookieRequestOrigin.check(request, authorization: authorization)
    let presented = SessionCredential.secrets(of: request, authorization: authorization)
    let read = try await ServerError.answering { try await self.read(id) }
    // Every presented secret is compared (each in constant time), whichever matches.
    let matched = read.digest.map { digest in presented.reduce(false) { digest.matches($1) || $0 } } ?? false
    guard matched, let stored = read.stored else {
      throw ServerError.unknownSession(id)
    }
    return stored
  }
}
