import CheckoutModel
import Foundation

/// The one rule for a file `checkout` writes at a path the user names (a
/// `--junit` or `--json` report, a `--record` recording, a `snapshot FILE`, a
/// story `generate` writes): it overwrites only what it may have written itself,
/// an empty file or a file of the same kind, never an input of the run or a
/// directory. A path where nothing is may be written; so may a device or a pipe
/// (`/dev/stdout`), which is written, never read.
package struct OverwriteRule: Sendable {
  /// Whether a file's bytes are of the kind written (an earlier report,
  /// recording, snapshot or story), so that it may be overwritten.
  package var isOwn: @Sendable (Data) -> Bool

  /// A rule that overwrites, besides an empty file, the files `isOwn` recognises.
  package init(isOwn: @escaping @Sendable (Data) -> Bool) {
    self.isOwn = isOwn
  }

  /// Why a file must not be written where it was to be.
  package enum Refusal: Equatable, Sendable {
    /// The path is an input of the run: the one at this index of the inputs given.
    case input(Int)
    /// The path is a directory.
    case directory
    /// The file cannot be read to see what it is; the system's reason.
    case unreadable(String)
    /// The file is neither empty nor of the kind written.
    case otherFile
  }

  /// Why the file must not be written at `path` (resolved; a symbolic link is
  /// followed), or nil: the path is one of `inputs` (resolved), a directory, or a
  /// regular file that cannot be read or is neither empty nor of the kind.
  package func refusal(at path: String, inputs: [String] = []) -> Refusal? {
    let target = Self.canonical(path)
    if let index = inputs.firstIndex(where: { Self.canonical($0) == target }) { return .input(index) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else { return nil }
    if isDirectory.boolValue { return .directory }
    let type = try? FileManager.default.attributesOfItem(atPath: target)[.type] as? FileAttributeType
    guard type == .typeRegular else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: target))
    } catch {
      return .unreadable(FlowLoader.reason(error))
    }
    return data.isEmpty || isOwn(data) ? nil : .otherFile
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
