import CheckoutEngine
import PostgresNIO

/// The database refused what a statement carried, not because it is down: a data
/// exception (SQLSTATE class 22, such as 22P05, a `\u0000` that `jsonb` cannot
/// hold), an integrity violation other than a duplicate id (class 23), or a value
/// over one of its limits (class 54). Sending the same request again fails the
/// same way, so it is answered 500 `store_refused_data` without `Retry-After`,
/// never 503 `store_unavailable`, which invites a retry. It carries the SQLSTATE
/// only: the server's message and detail may quote the data (a shopper's address).
struct StoreRefusedData: Error, Hashable, Sendable, CustomStringConvertible {
  /// The session whose statement was refused.
  var id: SessionID
  /// The SQLSTATE the database answered (`22P05`).
  var sqlState: String

  /// The SQLSTATE classes of data, not of availability.
  static let dataClasses: Set<Substring> = ["22", "23", "54"]

  /// The database's refusal of session `id`'s statement with `sqlState`.
  init(id: SessionID, sqlState: String) {
    self.id = id
    self.sqlState = sqlState
  }

  /// The refusal `error` is, when it is one: a server error whose SQLSTATE is in
  /// one of ``dataClasses``.
  init?(_ error: any Error, id: SessionID) {
    guard let psql = error as? PSQLError, let state = psql.serverInfo?[.sqlState],
      Self.dataClasses.contains(state.prefix(2))
    else { return nil }
    self.init(id: id, sqlState: state)
  }

  var description: String { "the database refused the data of session \(id) (SQLSTATE \(sqlState))" }
}

extension ServerError {
  /// 500 `store_refused_data` at the session's path: the database refused the
  /// session's data (``StoreRefusedData``). Not a 503: retrying cannot help.
  static func storeRefusedData(_ refused: StoreRefusedData, at path: String? = nil) -> ServerError {
    ServerError(
      .internalServerError, "store_refused_data",
      "the session store refused this session's data (SQLSTATE \(refused.sqlState)); sending the request again "
        + "will fail the same way, so do not retry it; nothing of it was saved",
      at: path ?? "/sessions/\(refused.id)")
  }
}
