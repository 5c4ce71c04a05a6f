import CheckoutModel

extension FlowGraph {
  /// Why the flow can never be in `state`, or nil when it can (guards aside): the
  /// root stack starts at the start step or a reset step; each further step of a
  /// layer is pushed by the step below it; each modal layer starts with a step
  /// that some step of the layer below presents. A step opens another through a
  /// row (`opens`, a submit's `then`) or through an action one of its submits
  /// declares (the call asks for it, and its step opens over the submit's).
  ///
  /// ```swift
  /// graph.whyUnreachable(try NavigationState(parsing: "cart>stepTwo"))
  /// // "nothing on cart opens stepTwo (cart opens discount, stepOne)"
  /// ```
  package func whyUnreachable(_ state: NavigationState) -> String? {
    for step in state.steps {
      if let problem = whyUnknown(step) { return problem }
    }
    let layers = state.layers
    for (index, layer) in layers.enumerated() {
      guard let first = layer.first else { continue }
      if index == 0 {
        let roots = [flow.start] + flow.steps.filter { $0.presentation == .reset && $0.id != flow.start }.map(\.id)
        if !roots.contains(first) {
          return
            "the root stack starts at \(first), but only \(Suggestions.list(roots.map(\.rawValue), conjunction: "or")) can be at its bottom (the start step, or a reset step)"
        }
      } else if let problem = whyNotPresented(first, from: layers[index - 1]) {
        return problem
      }
      for position in layer.indices.dropFirst() {
        let written =
          (layers[..<index].map { $0.map(\.rawValue).joined(separator: ">") }
          + [layer[..<position].map(\.rawValue).joined(separator: ">")]).joined(separator: "|")
        if let problem = whyNotPushed(layer[position], from: layer[position - 1], written: written) { return problem }
      }
    }
    return nil
  }

  /// Why a step is not one of the flow's: `the flow has no step "buyr"; did you mean
  /// "buyer"?`; nil for a step of the flow.
  package func whyUnknown(_ step: StepID) -> String? {
    guard flow.step(step) == nil else { return nil }
    let hint = Suggestions.didYouMean(step.rawValue, in: flow.steps.map(\.id.rawValue)).map { "; \($0)" } ?? ""
    return "the flow has no step \(Quoting.quoted(step.rawValue))\(hint)"
  }

  /// `written`: the state up to `below`, to show how the state would be written.
  private func whyNotPushed(_ step: StepID, from below: StepID, written: String) -> String? {
    let opened = steps(openedBy: below)
    guard opened.contains(step) else {
      let list = opened.isEmpty ? "\(below) opens no step" : "\(below) opens \(unique(opened).joined(separator: ", "))"
      return "nothing on \(below) opens \(step) (\(list))"
    }
    switch flow.step(step)?.presentation {
    case .modal?: return "\(below) presents \(step) as a modal: it starts a new layer, written \(written)|\(step)"
    case .reset?: return "\(step) is a reset step: opening it replaces the whole stack, so it can only be at the bottom"
    default: return nil
    }
  }

  private func whyNotPresented(_ step: StepID, from layer: [StepID]) -> String? {
    let presenters = layer.filter { steps(openedBy: $0).contains(step) }
    guard !presenters.isEmpty else {
      let presented = unique(
        layer.flatMap { steps(openedBy: $0) }.filter { flow.step($0)?.presentation == .modal })
      let below = layer.map(\.rawValue).joined(separator: ">")
      let list =
        presented.isEmpty ? "no step there presents a modal" : "\(below) presents \(presented.joined(separator: ", "))"
      return "the modal layer starts with \(step), but nothing on \(below) presents it (\(list))"
    }
    if flow.step(step)?.presentation == .reset {
      return "\(step) is a reset step: opening it replaces the whole stack, so it can only be at the bottom"
    }
    guard flow.step(step)?.presentation == .modal else {
      return
        "\(step) is not a modal step: \(presenters[0]) pushes it onto its own layer, written \(presenters[0])>\(step)"
    }
    return nil
  }

  /// The steps a step opens: through its rows' edges, then through the actions its
  /// submits declare (in the order of the actions' names).
  package func steps(openedBy step: StepID) -> [StepID] {
    var opened = edges(from: step).map(\.to)
    for row in flow.step(step)?.rows ?? [] {
      guard case .submit(let submit)? = row.action else { continue }
      opened += submit.actions.sorted { $0.key < $1.key }.map(\.value)
    }
    return opened
  }

  private func unique(_ steps: [StepID]) -> [String] {
    var seen: Set<StepID> = []
    return steps.filter { seen.insert($0).inserted }.map(\.rawValue)
  }
}
