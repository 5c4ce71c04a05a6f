import CheckoutEngine
import Logging
import PostgresNIO

extension PostgresSessionStore {
  /// A database failure: the database refusing the statement's data is
  /// ``StoreRefusedData`` (logged by its SQLSTATE alone: the server's message may
  /// quote the data), anything else `.unavailable`, logged with ``failureReason(_:)``.
  /// The log names the session only for a real one: the readiness probe, the sweep
  /// and the reseal are named as what they are, not as a session.
  func failure(_ error: any Error, id: SessionID) -> any Error {
    if let error = error as? SessionStoreError { return error }
    var metadata: Logger.Metadata = [:]
    switch id {
    case OperationsController.probe: metadata["operation"] = "readiness probe"
    case SessionID("(sweep)"): metadata["operation"] = "sweep"
    case SessionID("(reseal)"): metadata["operation"] = "reseal"
    default: metadata["session"] = "\(id)"
    }
    if let refused = StoreRefusedData(error, id: id) {
      metadata["sqlstate"] = "\(refused.sqlState)"
      logger.error("session store refused the data", metadata: metadata)
      return refused
    }
    let reason = failureReason(error)
    metadata["reason"] = "\(reason)"
    logger.error("session store failed", metadata: metadata)
    return SessionStoreError(.unavailable(reason), id: id)
  }

  /// What failed, in words: the database's SQLSTATE and message for an error it
  /// answered (never a PSQLError's full text, which could hold the query's bound
  /// values); for a connection that could not be made or was lost, the database's
  /// place (host, port, database, user; never the password) and why.
  func failureReason(_ error: any Error) -> String {
    let place = client.target.map { " (\($0))" } ?? ""
    guard let psql = error as? PSQLError else {
      // PostgresNIO's pool answers ConnectionPoolError when it cannot get a
      // connection (it carries no cause): the client's own diagnosis says why.
      guard "\(type(of: error))" == "ConnectionPoolError" else { return "database error (\(type(of: error)))\(place)" }
      return "no connection to the database\(place): "
        + (client.connectionProblem ?? "the connection pool could not get a connection")
    }
    if let state = psql.serverInfo?[.sqlState] {
      let message = psql.serverInfo?[.message].map { ": \($0)" } ?? ""
      return "database error (\(psql.code), SQLSTATE \(state)\(message))"
    }
    if psql.code == .connectionError, let underlying = psql.underlying {
      return "cannot connect to the database\(place): \(ConnectionFailure(underlying).text)"
    }
    return "database error (\(psql.code))\(place)"
  }
}
