/// The flows built into the command line, so that `checkout repl` runs the
/// PLNDR flow from any directory. `Flows/plndr.json` is a resource of this
/// target (`Resources/plndr.json`, a symbolic link to it) that SwiftPM embeds
/// in the code as bytes: there is no copy to regenerate.
enum BuiltInFlow {
  /// The name a scenario or `--record` uses for the built-in PLNDR flow.
  static let plndrName = "builtin:plndr"

  /// `Flows/plndr.json`, byte for byte.
  static let plndrJSON = String(decoding: PackageResources.plndr_json, as: UTF8.self)

  /// Every built-in flow by the name a `flow` line uses for it.
  static let all = [plndrName: plndrJSON]
}
