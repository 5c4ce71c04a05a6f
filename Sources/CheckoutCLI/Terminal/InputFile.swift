#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CheckoutEngine
import Foundation

/// The one way every command reads a file the user names (flows, scenarios and
/// the flows they name, `--data` files): regular files only, at most
/// ``maximumBytes``, never blocking on a FIFO or a device, and every refusal in
/// words (`it is a directory`, `No such file or directory`).
package enum InputFile {
  /// The largest file any command reads: 64 MiB.
  package static let maximumBytes = 64 * 1024 * 1024

  /// Why a file cannot be read: `it is a directory`, `No such file or directory`, …
  package struct Unreadable: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, without the path.
    package var reason: String
    /// `cannot read the file: REASON`.
    package var description: String { "cannot read the file: \(reason)" }
  }

  /// The bytes of the file at `path` (already resolved against the current directory).
  package static func read(_ path: String) throws(Unreadable) -> [UInt8] {
    // Non-blocking, so that opening a FIFO with no writer returns at once.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw Unreadable(reason: systemReason(errno)) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Unreadable(reason: systemReason(errno)) }
    if let kind = notRegular(status.st_mode) { throw Unreadable(reason: kind) }
    guard Int(status.st_size) <= maximumBytes else { throw Unreadable(reason: tooLarge(Int(status.st_size))) }
    let data: Data
    do {
      data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
    } catch {
      throw Unreadable(reason: (error as NSError).localizedDescription)
    }
    // The file grew after fstat: still no more than the limit is taken in.
    guard data.count <= maximumBytes else { throw Unreadable(reason: tooLarge(data.count)) }
    return Array(data)
  }

  /// The system's words for an `errno`: `No such file or directory`.
  static func systemReason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// What a file that is not a regular file is, in words; nil for a regular file.
  static func notRegular(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "it is a directory, not a file"
    case S_IFIFO: return "it is a FIFO (a named pipe), not a regular file"
    case S_IFCHR, S_IFBLK: return "it is a device, not a regular file"
    case S_IFSOCK: return "it is a socket, not a regular file"
    default: return "it is not a regular file"
    }
  }

  static func tooLarge(_ bytes: Int) -> String {
    let mebibytes = Double(bytes) / 1_048_576
    let shown = (mebibytes * 10).rounded(.down) / 10
    return "it is \(shown) MiB; files over \(maximumBytes / 1_048_576) MiB are not read"
  }
}

/// Why a command could not use an input; its message is already on standard error.
package struct InputFailure: Error, Hashable, Sendable {
  /// What went wrong with the input.
  package enum Kind: Hashable, Sendable {
    /// The file cannot be read (missing, a directory, too large, …).
    case unreadableFile
    /// The file was read, but the flow (or scenario, or data) in it has problems.
    case problems
    /// An option's value was refused (a bad `--today` or `--from`).
    case badValue
  }

  /// What went wrong.
  package var kind: Kind

  /// The exit-status rule every command follows: a file that cannot be read is 2
  /// for every command, `lint` included; a flow with problems is 1 for `lint` (its
  /// finding) and 2 for every other command (it cannot do its work).
  package static func status(_ kind: Kind, lint: Bool = false) -> ExitStatus {
    switch kind {
    case .unreadableFile: return .usage
    case .problems: return lint ? .failure : .usage
    case .badValue: return .usage
    }
  }

  /// The exit status for a command other than `lint`.
  package var status: ExitStatus { InputFailure.status(kind) }
}
