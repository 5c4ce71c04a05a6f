/// What the server does with a live session when its flow has a newer version
/// (`--on-flow-change`).
enum FlowChangePolicy: String, Sendable, CaseIterable {
  /// Keep it on the version it started on while that version is served (a file
  /// with that `version` is still in the flows directory); carry it to the newest
  /// only when its own version is no longer served.
  case pin
  /// Carry it to the newest version at its next request: the response to that
  /// request holds the migration report (`migration`), and the next save keeps it.
  case migrate
}
