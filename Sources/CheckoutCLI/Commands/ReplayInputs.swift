import Foundation

/// What `checkout replay` checks before any story runs: the stories its
/// arguments name (a directory gives its `.scenario` files). Where the JUnit
/// report may be written is ``ReportTarget``'s rule.
enum ReplayInputs {
  /// The scenario files the arguments name, in order: a file as given; a
  /// directory, its `.scenario` files sorted by name (not its subdirectories,
  /// as `mutate --stories` reads one). Nil, after saying why on standard error,
  /// when a directory holds none or cannot be read.
  static func scenarios(_ arguments: [String], _ terminal: Terminal) -> [String]? {
    var paths: [String] = []
    for argument in arguments {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: terminal.resolve(argument), isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        paths.append(argument)
        continue
      }
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: terminal.resolve(argument)) else {
        terminal.errorLine("\(argument): error: the directory cannot be read")
        return nil
      }
      let prefix = argument.hasSuffix("/") ? argument : argument + "/"
      let found = names.filter { $0.hasSuffix(".scenario") }.sorted().map { prefix + $0 }
      guard !found.isEmpty else {
        terminal.errorLine(
          "\(argument): error: the directory holds no .scenario file to replay (its subdirectories are not read)")
        return nil
      }
      paths += found
    }
    return paths
  }
}
