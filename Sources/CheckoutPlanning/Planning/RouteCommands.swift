import CheckoutModel

/// The commands of a ``Route``, in order: a collection read in place.
///
/// A route the planner finds on its compiled tables is held as what defines it:
/// how many dismisses, how many pops, and the step the forward part starts from,
/// whose commands are read off the compiled flow's next-edge table as the
/// collection is walked. Planning therefore allocates nothing, and reading the
/// commands allocates nothing either; `Array(route.commands)` copies them out.
/// A route made from a list (`init(_:)`, an array literal, a decoded snapshot,
/// a plan around `requires` guards) holds that list.
///
/// Two values with the same commands are equal, however each is held. The
/// collection walks forward only (a table knows each step's next edge, not its
/// previous one): `count` is O(1), `Array(route.commands).last` gives the last.
///
/// ```swift
/// route.commands == [.pop, .present("creditCard")]  // true
/// route.commands.count                              // 2
/// for command in route.commands { host.perform(command) }
/// ```
public struct RouteCommands: Collection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
  /// A position in the commands. Indices of a route stay valid while the route does.
  public struct Index: Comparable, Hashable, Sendable {
    /// How many commands come before this one.
    package let offset: Int
    /// For a compiled route, the step the forward command at this offset leaves.
    let step: Int32

    public static func < (lhs: Index, rhs: Index) -> Bool { lhs.offset < rhs.offset }
    public static func == (lhs: Index, rhs: Index) -> Bool { lhs.offset == rhs.offset }
    public func hash(into hasher: inout Hasher) { hasher.combine(offset) }
  }

  private enum Storage: Sendable {
    case listed(ArraySlice<NavigationCommand>)
    case compiled(CompiledPath)
  }

  /// Dismisses, then pops, then the table's next edges from `start` to its target.
  struct CompiledPath: Sendable {
    /// The distance table whose next edges the forward part follows; it keeps the graph alive.
    let table: DistanceTable
    var dismisses: Int32
    var pops: Int32
    /// The step index the forward part starts from.
    var start: Int32
    var forward: Int32

    var count: Int { Int(dismisses) + Int(pops) + Int(forward) }
  }

  private let storage: Storage

  /// Commands held as a list.
  package init(_ commands: [NavigationCommand]) {
    storage = .listed(commands[...])
  }

  public init(arrayLiteral commands: NavigationCommand...) {
    storage = .listed(commands[...])
  }

  private init(_ storage: Storage) {
    self.storage = storage
  }

  /// Commands read off a distance table: `dismisses` dismisses, `pops` pops, then
  /// the table's next edges from `start` to its target.
  init(table: DistanceTable, dismisses: Int, pops: Int, start: Int) {
    storage = .compiled(
      CompiledPath(
        table: table, dismisses: Int32(dismisses), pops: Int32(pops), start: Int32(start),
        forward: Int32(table.distance(from: start))))
  }

  /// The commands after the first, held the same way (no copy); empty stays empty.
  ///
  /// ```swift
  /// route.commands.droppingFirst()  // [present creditCard] after [pop, present creditCard]
  /// ```
  package func droppingFirst() -> RouteCommands {
    switch storage {
    case .listed(let commands): return RouteCommands(.listed(commands.dropFirst()))
    case .compiled(var path):
      if path.dismisses > 0 {
        path.dismisses -= 1
      } else if path.pops > 0 {
        path.pops -= 1
      } else if path.forward > 0 {
        path.start = Int32(path.table.graph.edgeTarget[path.table.nextEdge(from: Int(path.start))])
        path.forward -= 1
      }
      return RouteCommands(.compiled(path))
    }
  }

  public var startIndex: Index {
    switch storage {
    case .listed: return Index(offset: 0, step: -1)
    case .compiled(let path): return Index(offset: 0, step: path.start)
    }
  }

  public var endIndex: Index { Index(offset: count, step: -1) }

  public var count: Int {
    switch storage {
    case .listed(let commands): return commands.count
    case .compiled(let path): return path.count
    }
  }

  public var isEmpty: Bool { count == 0 }

  public func index(after index: Index) -> Index {
    switch storage {
    case .listed: return Index(offset: index.offset + 1, step: -1)
    case .compiled(let path):
      guard index.offset >= Int(path.dismisses) + Int(path.pops) else {
        return Index(offset: index.offset + 1, step: index.step)
      }
      let graph = path.table.graph
      let edge = path.table.nextEdge(from: Int(index.step))
      return Index(offset: index.offset + 1, step: edge < 0 ? -1 : Int32(graph.edgeTarget[edge]))
    }
  }

  public subscript(position: Index) -> NavigationCommand {
    switch storage {
    case .listed(let commands): return commands[commands.startIndex + position.offset]
    case .compiled(let path):
      precondition(position.offset >= 0 && position.offset < path.count, "RouteCommands index out of range")
      if position.offset < Int(path.dismisses) { return .dismiss }
      if position.offset < Int(path.dismisses) + Int(path.pops) { return .pop }
      return path.table.graph.edgeCommand[path.table.nextEdge(from: Int(position.step))]
    }
  }

  /// `pop, present creditCard`, or `(none)`.
  public var description: String {
    isEmpty ? "(none)" : map(\.description).joined(separator: ", ")
  }

  public static func == (lhs: RouteCommands, rhs: RouteCommands) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for command in self { hasher.combine(command) }
  }
}

extension RouteCommands: Codable {
  /// Decodes the commands as a list of their notations (`["pop", "present creditCard"]`).
  public init(from decoder: any Decoder) throws {
    self.init(try [NavigationCommand](from: decoder))
  }

  /// Encodes the commands as a list of their notations.
  public func encode(to encoder: any Encoder) throws {
    try Array(self).encode(to: encoder)
  }
}
