import CheckoutModel
import CheckoutPlanning

/// The step checks a session keeps on its current data and date, by the step's
/// index in the flow (``CompiledFlow/stepIndex(of:)``, the planner's index).
///
/// A short array sorted by index: a lookup is a binary search over plain integers
/// (no string hashing), an empty set holds no storage, and a session keeps only
/// the checks of the steps it asked about, however many steps the flow has.
package struct KeptStepChecks: Sendable {
  /// One kept check.
  struct Entry: Sendable {
    /// The step's index in the flow.
    var step: Int
    /// Its check.
    var check: StepCheck
  }

  /// The kept checks, in increasing step index.
  private(set) var entries: [Entry] = []

  /// No kept check.
  package init() {}

  /// How many checks are kept.
  var count: Int { entries.count }

  /// Whether no check is kept.
  var isEmpty: Bool { entries.isEmpty }

  /// The indices of the kept steps, in increasing order.
  package var steps: [Int] { entries.map(\.step) }

  /// Where the step's entry is, or where it would be inserted.
  private func position(of step: Int) -> (index: Int, found: Bool) {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) >> 1
      let candidate = entries[middle].step
      if candidate == step { return (middle, true) }
      if candidate < step { low = middle + 1 } else { high = middle }
    }
    return (low, false)
  }

  /// The kept check of the step at this index; setting nil drops it.
  package subscript(step: Int) -> StepCheck? {
    get {
      let (index, found) = position(of: step)
      return found ? entries[index].check : nil
    }
    set {
      let (index, found) = position(of: step)
      switch (found, newValue) {
      case (true, let check?): entries[index].check = check
      case (true, nil): entries.remove(at: index)
      case (false, let check?): entries.insert(Entry(step: step, check: check), at: index)
      case (false, nil): break
      }
    }
  }

  /// Drops every kept check.
  package mutating func removeAll() {
    entries.removeAll()
  }
}
