import NIOCore
import NIOPosix

/// Bytes sent on a new TCP connection, and what came back: for requests no HTTP
/// client library would send (broken framing, oversized declarations).
enum RawHTTP {
  /// What the server answered, and whether it closed the connection.
  struct Answer: Sendable {
    var text: String
    /// The server closed the connection (rather than the wait running out).
    var closed: Bool

    /// The status code of the first response (`HTTP/1.1 413 …`).
    var status: Int? {
      guard text.hasPrefix("HTTP/1.1 ") else { return nil }
      return Int(text.dropFirst(9).prefix(3))
    }

    /// A header of the first response, by lowercase name.
    func header(_ name: String) -> String? {
      let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
      for line in head.components(separatedBy: "\r\n").dropFirst() {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == name { return parts[1].trimmingCharacters(in: .whitespaces) }
      }
      return nil
    }

    /// The body of the first response.
    var body: String {
      text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }
  }

  /// Sends `parts` in order (a pause between them lets the server answer early)
  /// and reads until the server closes or `wait` passes.
  static func exchange(port: Int, _ parts: [[UInt8]], pause: Duration = .milliseconds(20), wait: Duration = .seconds(5))
    async throws -> Answer
  {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
            wrappingChannelSynchronously: channel,
            configuration: .init(isOutboundHalfClosureEnabled: false))
        }
      }
    return try await channel.executeThenClose { inbound, outbound in
      let writer = Task {
        for (index, part) in parts.enumerated() {
          if index > 0 { try await Task.sleep(for: pause) }
          try await outbound.write(ByteBuffer(bytes: part))
        }
      }
      defer { writer.cancel() }
      return try await withThrowingTaskGroup(of: Answer?.self) { group in
        group.addTask {
          var received = ByteBuffer()
          do {
            for try await var chunk in inbound { received.writeBuffer(&chunk) }
          } catch {
            // A reset after the answer: the answer still counts.
          }
          return Answer(text: String(buffer: received), closed: true)
        }
        group.addTask {
          try await Task.sleep(for: wait)
          return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first ?? Answer(text: "", closed: false)
      }
    }
  }

  /// A request head and body as bytes.
  static func request(_ text: String) -> [UInt8] { Array(text.utf8) }
}
