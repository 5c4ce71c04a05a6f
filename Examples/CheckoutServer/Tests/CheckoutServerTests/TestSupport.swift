import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Synchronization
import Testing

@testable import CheckoutServer

/// The arguments a test starts the server with: the repository's flows, a fixed
/// session date (so expiry rules hold on any day).
struct TestArguments: AppArguments {
  var hostname = "127.0.0.1"
  var port = 0
  var flows: String?
  var today: String? = "2026-11-21"
  var logLevel: Logger.Level? = .trace
  var idleTimeout = 1800
  var finishedRetention: Int?
  var callTimeout: Double?
  var onFlowChange: FlowChangePolicy = .pin
  var connections = ConnectionOptions.standard
  var database = DatabaseOptions.standard
  var devScriptedAnswers = false
  var maxSessions: Int?
  var abandonAfter: Double?
  var replaceSweepSettings = false
}

/// A fixed data key (32 bytes, base64) for tests that share a store between
/// instances or use PostgreSQL: every instance must seal with the same key.
/// `CHECKOUT_TEST_DATA_KEY` replaces it (`server-postgres-check.sh` gives its
/// cluster's key: a database admits only the keys its sessions are sealed with).
let testDataKey =
  ProcessInfo.processInfo.environment["CHECKOUT_TEST_DATA_KEY"].flatMap { $0.isEmpty ? nil : $0 }
  ?? "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="

/// A response read as JSON (or text).
struct Reply: Sendable {
  var status: HTTPResponse.Status
  var headers: HTTPFields
  var text: String
  var json: JSONValue?

  init(_ response: TestResponse) {
    status = response.status
    headers = response.headers
    text = String(buffer: response.body)
    json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
  }

  subscript(_ key: String) -> JSONValue? { json?[key] }
}

/// A JSON value of a reply, read by `JSONDecoder` (member order is not kept).
enum JSONValue: Decodable, Sendable, Equatable {
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      self = .object(try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
    } else if var array = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
      self = .array(items)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let flag = try? single.decode(Bool.self) {
        self = .bool(flag)
      } else if let number = try? single.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
      let sortedA = a.sorted { $0.key < $1.key }
      let sortedB = b.sorted { $0.key < $1.key }
      return sortedA.count == sortedB.count
        && zip(sortedA, sortedB).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let a), .array(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension JSONValue {
  subscript(_ key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  subscript(_ index: Int) -> JSONValue? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var int: Int? {
    if case .number(let number) = self { return Int(exactly: number) }
    return nil
  }

  var bool: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  var array: [JSONValue] {
    if case .array(let items) = self { return items }
    return []
  }

  var keys: [String] {
    if case .object(let members) = self { return members.map(\.key) }
    return []
  }

  /// The effects of a reply as `kind argument` lines: `navigate push stepOne`,
  /// `offer creditCard.cvv`, `focus creditCard.cvv`, `callAPI placeOrder failed`.
  var effectLines: [String] {
    array.map { effect in
      let kind = effect["kind"]?.string ?? "?"
      switch kind {
      case "navigate": return "navigate \(effect["command"]?.string ?? "?")"
      case "offer", "focus":
        let target = [effect["step"]?.string, effect["row"]?.string].compactMap { $0 }.joined(separator: ".")
        return "\(kind) \(target)"
      case "callAPI":
        return "callAPI \(effect["operation"]?.string ?? "?") \(effect["outcome"]?["status"]?.string ?? "?")"
      case "refused", "routeCancelled": return "\(kind) \(effect["reason"]?.string ?? "?")"
      default: return kind
      }
    }
  }

  /// The screen row with this id.
  func row(_ id: String) -> JSONValue? {
    self["rows"]?.array.first { $0["id"]?.string == id }
  }
}

/// The secrets `POST /sessions` answered the tests, by session id: ``TestClientProtocol/send(_:_:body:headers:presentingSecret:)``
/// presents a session's secret (`Authorization: Bearer`) on every request to it,
/// as a client must.
final class TestSessionSecrets: Sendable {
  static let shared = TestSessionSecrets()
  private let secrets = Mutex([String: String]())

  func record(_ secret: String, for id: String) {
    secrets.withLock { $0[id] = secret }
  }

  /// The secret of the session a path names (`/sessions/{id}…`), if a test created it.
  func secret(forPath uri: String) -> String? {
    let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
    let parts = path.split(separator: "/")
    guard parts.count >= 2, parts[0] == "sessions" else { return nil }
    return secret(of: String(parts[1]))
  }

  /// The secret of a session a test created.
  func secret(of id: String) -> String? {
    secrets.withLock { $0[id] }
  }
}

extension TestClientProtocol {
  /// Sends a request with a JSON (or any) body; a request to a session the tests
  /// created presents its secret unless `presentingSecret` is false or `headers`
  /// carry a credential of their own.
  func send(
    _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers extra: HTTPFields = [:],
    presentingSecret: Bool = true
  ) async throws -> Reply {
    var headers = extra
    if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
    if presentingSecret, headers[.authorization] == nil, headers[.cookie] == nil,
      let secret = TestSessionSecrets.shared.secret(forPath: uri)
    {
      headers[.authorization] = "Bearer \(secret)"
    }
    let response = try await execute(
      uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    let reply = Reply(response)
    if method == .post, uri == "/sessions", reply.status == .created, let id = reply["id"]?.string,
      let secret = reply["secret"]?.string
    {
      TestSessionSecrets.shared.record(secret, for: id)
    }
    return reply
  }

  /// Creates a session of a flow; returns its id.
  func createSession(_ flow: String = "plndr") async throws -> String {
    let reply = try await send(.post, "/sessions", body: #"{"flow":"\#(flow)"}"#)
    #expect(reply.status == .created, "\(reply.text)")
    return try #require(reply["id"]?.string)
  }

  /// Sends one event (`{"event": …}` fields as JSON text) to a session.
  func event(_ id: String, _ fields: String) async throws -> Reply {
    try await send(.post, "/sessions/\(id)/events", body: "{\(fields)}")
  }

  func tap(_ id: String, _ row: String) async throws -> Reply {
    try await event(id, #""event":"tap","row":"\#(row)""#)
  }

  func set(_ id: String, _ row: String, _ value: String) async throws -> Reply {
    try await event(id, #""event":"set","row":"\#(row)","value":"\#(value)""#)
  }

  /// A `set` naming a data key (`"key"`) instead of a row.
  func set(_ id: String, key: String, _ value: String) async throws -> Reply {
    try await event(id, #""event":"set","key":"\#(key)","value":"\#(value)""#)
  }

  func appeared(_ id: String, _ step: String) async throws -> Reply {
    try await event(id, #""event":"appeared","step":"\#(step)""#)
  }

  /// Taps a row that opens a step and reports the step appeared.
  func open(_ id: String, _ row: String, _ step: String) async throws {
    let tapped = try await tap(id, row)
    #expect(tapped.status == .ok, "\(tapped.text)")
    let shown = try await appeared(id, step)
    #expect(shown.status == .ok, "\(shown.text)")
  }
}

/// Runs a test against the application on the router test framework.
func withApp<Value: Sendable>(
  arguments: TestArguments = TestArguments(),
  dependencies: AppDependencies = AppDependencies(
    logger: Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }, environment: [:]),
  _ test: @Sendable (any TestClientProtocol) async throws -> Value
) async throws -> Value {
  let app = try await buildApplication(arguments, dependencies: dependencies)
  return try await app.test(.router) { client in try await test(client) }
}
