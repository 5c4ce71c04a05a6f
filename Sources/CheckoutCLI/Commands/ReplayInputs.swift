import Foundation

/// What `checkout replay` checks before any story runs: the stories its
/// arguments name (a directory gives its `.scenario` files) and where the JUnit
/// report may be written without destroying a file.
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

  /// Why the report must not be written to `path` (`--junit`), or nil: the path
  /// is one of the scenarios or ends in `.scenario` (the shell gave the first
  /// story as the report: `--junit *.scenario`), a directory, or a file that is
  /// neither empty nor an XML document (does not start with `<?xml`, as every
  /// report replay writes does): replay overwrites only what it may have written.
  static func junitProblem(_ path: String, scenarios: [String], _ terminal: Terminal) -> String? {
    let write = "write the report's file name after --junit, e.g. --junit report.xml"
    let target = canonical(terminal.resolve(path))
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory)
    // `--junit *.scenario`: the first story the shell lists is not among the others, but meant to be.
    if scenarios.contains(where: { canonical(terminal.resolve($0)) == target })
      || (exists && !isDirectory.boolValue && path.hasSuffix(".scenario"))
    {
      return "--junit \(path) is one of the scenarios to replay; \(write)"
    }
    if path.hasSuffix(".scenario") {
      return "--junit \(path) names a scenario file (.scenario), not a report; \(write)"
    }
    guard exists else { return nil }
    if isDirectory.boolValue {
      let inside = (path.hasSuffix("/") ? path : path + "/") + "report.xml"
      return "--junit \(path) is a directory; write the report's file name after --junit, e.g. --junit \(inside)"
    }
    // A device or a pipe (`--junit /dev/stdout`) is written, never read.
    let type = try? FileManager.default.attributesOfItem(atPath: target)[.type] as? FileAttributeType
    guard type == .typeRegular, let handle = FileHandle(forReadingAtPath: target) else { return nil }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 64)) ?? Data()
    if start.isEmpty || isXML(start) { return nil }
    return
      "--junit \(path) is a file that is not an XML report (it does not start with <?xml), so it is not overwritten; \(write)"
  }

  /// Whether the bytes start an XML document: `<?xml`, after a byte order mark or blanks.
  private static func isXML(_ start: Data) -> Bool {
    var bytes = start[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.starts(with: Array("<?xml".utf8))
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
