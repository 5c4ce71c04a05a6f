import CheckoutEngine

/// The actions the submits of each served flow declare (a submit's `actions`),
/// by flow and operation: the demo API asks for an action only where the call's
/// submit declares it, so a flow that does not declare 3-D Secure never gets it.
///
/// A request names its flow but not the version its session runs on: an action
/// counts as declared only when every served version of the flow declares it,
/// so a session pinned to an older version is never asked for one it lacks.
struct DeclaredActions: Sendable, Equatable {
  private var actions: [FlowID: [OperationName: Set<ActionName>]] = [:]

  /// None: the demo API asks for no action.
  init() {}

  /// The actions every given version of each flow declares, by operation.
  init(versions: [FlowID: [Flow]]) {
    for (id, flows) in versions {
      let declared = flows.map(Self.actions(of:))
      guard var common = declared.first else { continue }
      for other in declared.dropFirst() {
        common = common.reduce(into: [:]) { kept, entry in
          let shared = entry.value.intersection(other[entry.key] ?? [])
          if !shared.isEmpty { kept[entry.key] = shared }
        }
      }
      actions[id] = common
    }
  }

  /// The actions every served version of each flow in the catalog declares.
  init(catalog: FlowCatalog) {
    var versions: [FlowID: [Flow]] = [:]
    for entry in catalog.entries {
      let id = entry.compiled.flow.id
      versions[id] = catalog.olderVersions(of: id) + [entry.compiled.flow]
    }
    self.init(versions: versions)
  }

  /// Whether the submits of `operation` in `flow` declare `action`.
  func declares(_ action: ActionName, flow: FlowID, operation: OperationName) -> Bool {
    actions[flow]?[operation]?.contains(action) ?? false
  }

  /// The actions a flow's submits declare, by operation.
  private static func actions(of flow: Flow) -> [OperationName: Set<ActionName>] {
    var found: [OperationName: Set<ActionName>] = [:]
    for submit in flow.submits where !submit.actions.isEmpty {
      found[submit.operation, default: []].formUnion(submit.actions.keys)
    }
    return found
  }
}

extension Flow {
  /// The submit actions of the flow's buttons, in flow order.
  var submits: [Submit] {
    steps.flatMap(\.rows).compactMap { row in
      if case .button(.submit(let submit)) = row.cell { return submit }
      return nil
    }
  }

  /// The operations the flow's submits call, sorted, each once.
  var operationNames: [String] { Array(Set(submits.map(\.operation.rawValue))).sorted() }
}
