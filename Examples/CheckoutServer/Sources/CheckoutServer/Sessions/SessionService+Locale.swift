import CheckoutEngine
import Logging

extension SessionService {
  /// `POST /sessions/{id}/locale`: the session's language changed in place (the
  /// library's `setLocale`): its screen, errors, offer and page words say the same
  /// in the new language, and nothing entered, no step and no call changes. The
  /// answer is the session as `GET /sessions/{id}` shows it, at its new version (the
  /// same version when the session already speaks it). `expectedVersion`, when
  /// given, must be the stored version (409 `stale_version` otherwise); a locale
  /// the flow cannot be shown in is 422 `unknown_locale`, and nothing changes.
  func changeLocale(
    of id: SessionID, to request: LocaleChangeRequest, loaded: StoredSession? = nil, logger: Logger
  ) async throws -> SessionView {
    let loaded = try await load(id, given: loaded)
    if let expected = request.expectedVersion, expected != loaded.version {
      let words = try? await serving.serve(loaded)
      throw ServerError.staleVersion(
        expected: expected, current: loaded.version, words: words.map(ShopperWords.init) ?? ShopperWords(nil))
    }
    let served = try await serving.serve(loaded)
    var session = try served.session()
    let before = session.locale
    do {
      try session.setLocale(request.locale)
    } catch {
      throw ServerError.unknownLocale(error)
    }
    var version = served.stored.version
    if session.locale != before || served.migration != nil {
      version = try await ServerError.answering(
        expected: served.stored.version, field: "locale", gone: id, words: { ShopperWords(session) }
      ) {
        try await store.save(
          session.snapshot(revealSensitive: true), id: id, expectedVersion: served.stored.version)
      }
      if let migration = served.migration { MigrationLog.log(migration, session: id, saved: true, to: logger) }
      logger.info(
        "session locale changed",
        metadata: ["session": "\(LogText.sessionID(id.rawValue))", "from": "\(before)", "to": "\(session.locale)"])
    }
    session.restoreSecrets(await serving.vault.secrets(for: id))
    return SessionView(id, session, version: version, migration: served.migration)
  }
}
