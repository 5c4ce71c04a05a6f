import CheckoutLint
import CheckoutModel
import Foundation
import CheckoutCompiledFlow
import CheckoutScenarios

/// What became of one mutant.
package enum MutantStatus: Hashable, Sendable {
  /// A story failed on it: the story's name and why.
  case killed(story: String, failure: String)
  /// Every story held.
  case survived
  /// It changes nothing the flow does, and why; not counted.
  case equivalent(String)
  /// The mutated document does not load as a flow, and why; not counted.
  case invalid(String)
}

/// One mutant and what became of it.
package struct MutantResult: Hashable, Sendable {
  /// The mutant.
  package var mutant: Mutant
  /// Killed, survived, equivalent or invalid.
  package var status: MutantStatus

  /// A result.
  package init(mutant: Mutant, status: MutantStatus) {
    self.mutant = mutant
    self.status = status
  }
}

/// Makes a flow's mutants and replays stories against each, in parallel.
///
/// ```swift
/// let tester = try MutationTester(bytes: bytes, file: "Flows/plndr.json")
/// let results = await tester.run(tester.generatedStories(today: today))
/// ```
package struct MutationTester: Sendable {
  /// The flow file's bytes.
  package let bytes: [UInt8]
  /// The flow as loaded.
  package let flow: Flow
  /// Its parsed document.
  package let root: JSONNode
  /// Every mutant, in document order.
  package let mutants: [Mutant]
  /// The flow compiled once: stories are generated and checked on it.
  package let compiled: CompiledFlow
  /// What the original does, for the equivalence check.
  let behaviour: FlowBehaviour

  /// A tester for a flow file's bytes; throws the loader's error when the flow does not load.
  package init(bytes: [UInt8], file: String) throws(FlowLoadError) {
    self.bytes = bytes
    flow = try FlowLoader().load(bytes: bytes, file: file)
    var parser = JSONParser(bytes: bytes)
    do {
      root = try parser.parseDocument()
    } catch {
      throw FlowLoadError(file: file, diagnostics: [])
    }
    mutants = MutantGenerator(root: root, bytes: bytes).mutants()
    compiled = CompiledFlow(flow)
    behaviour = FlowBehaviour(compiled)
  }

  /// The stories the generator writes for the original flow, as `generate` makes them.
  package func generatedStories(today: CalendarDate, seed: UInt64 = 1) -> [MutationStory] {
    let suite = StoryGenerator(flow: compiled, today: today, seed: seed).generate()
    return suite.stories.map {
      MutationStory(name: $0.fileName, text: $0.text(flowPath: "flow.json", today: suite.today), strict: true)
    }
  }

  /// The stories that fail on the original flow, with why: they cannot judge a mutant.
  package func failingOnOriginal(_ stories: [MutationStory]) -> [(story: MutationStory, failure: String)] {
    stories.compactMap { story in story.failure(on: compiled).map { (story, $0) } }
  }

  /// Every mutant's result, in the mutants' order, testing up to `width` mutants at
  /// once in a task group: each child tests one mutant (a pure function of the
  /// shared, immutable tester and stories) and hands its result back to the group.
  package func run(_ stories: [MutationStory], width: Int) async -> [MutantResult] {
    var results = [MutantResult?](repeating: nil, count: mutants.count)
    await withTaskGroup(of: (Int, MutantResult).self) { group in
      var next = 0
      func addNext() {
        guard next < mutants.count else { return }
        let index = next
        group.addTask { (index, test(mutants[index], stories)) }
        next += 1
      }
      for _ in 0..<max(1, width) { addNext() }
      while let (index, result) = await group.next() {
        results[index] = result
        addNext()
      }
    }
    return results.compactMap { $0 }
  }

  /// Every mutant's result, in the mutants' order, from synchronous code (the
  /// command line, the bench): Dispatch's worker threads, one per core, share the
  /// mutants. It does not wait on the concurrency pool, so it cannot starve it
  /// when called from a task (a test) on a machine with few cores.
  package func runBlocking(_ stories: [MutationStory]) -> [MutantResult] {
    let slots = ResultSlots(count: mutants.count)
    DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
      slots.set(index, test(mutants[index], stories))
    }
    return slots.values
  }

  /// One mutant: loaded from its document, checked for equivalence, then replayed
  /// until a story fails.
  package func test(_ mutant: Mutant, _ stories: [MutationStory]) -> MutantResult {
    let mutantFlow: Flow
    switch load(mutant) {
    case .success(let loaded): mutantFlow = loaded
    case .failure(let why): return MutantResult(mutant: mutant, status: .invalid(why.reason))
    }
    let compiledMutant = CompiledFlow(mutantFlow)
    if !FlowBehaviour.differAsWritten(flow, mutantFlow),
      let reason = MutantEquivalence.reason(
        original: behaviour, mutant: FlowBehaviour(compiledMutant), edit: mutant.edit)
    {
      return MutantResult(mutant: mutant, status: .equivalent(reason))
    }
    for story in Self.focused(stories, on: focus(of: mutant)) {
      if let failure = story.failure(on: compiledMutant) {
        return MutantResult(mutant: mutant, status: .killed(story: story.name, failure: failure))
      }
    }
    // A flow lint refuses never runs (the command line and a server refuse it), so
    // a mutant no story kills is linted: one lint finds an error in (a matcher
    // moved to a step its failing steps cannot reach) is invalid, not a gap in the
    // stories. Only survivors: linting every mutant would cost more than the run.
    if let problem = lintError(mutant) { return MutantResult(mutant: mutant, status: .invalid(problem)) }
    return MutantResult(mutant: mutant, status: .survived)
  }
}

/// Why a mutant's document is not a flow.
package struct InvalidMutant: Error, Hashable, Sendable {
  /// The first problem.
  package var reason: String
}

extension MutationTester {
  /// The mutant's flow, loaded from its document in memory.
  package func load(_ mutant: Mutant) -> Result<Flow, InvalidMutant> {
    guard let mutated = mutant.edit.applied(to: root) else {
      return .failure(InvalidMutant(reason: "the path leads nowhere in the document"))
    }
    do {
      return .success(try FlowLoader().load(bytes: Array(mutated.jsonText.utf8), file: "mutant"))
    } catch {
      return .failure(InvalidMutant(reason: error.diagnostics.first.map { "\($0.message)" } ?? "it does not load"))
    }
  }

  /// The first error `checkout lint` reports in the mutant's document, if any.
  func lintError(_ mutant: Mutant) -> String? {
    guard let mutated = mutant.edit.applied(to: root) else { return "the path leads nowhere in the document" }
    let report = FlowLoader().lint(bytes: Array(mutated.jsonText.utf8), file: "mutant")
    return report.diagnostics.first { $0.severity == .error }.map { "lint: \($0.message)" }
  }

  /// The ids the mutant's path passes through (its step's, its row's, its matcher's
  /// code and field): stories that name one are the likeliest to kill it.
  func focus(of mutant: Mutant) -> [String] {
    var words: [String] = []
    var node = root
    for component in mutant.path.components {
      guard let next = node.node(at: JSONPath(components: [component])) else { break }
      node = next
      for key in ["id", "code", "field", "step", "row"] {
        if let word = node[key]?.string, !word.contains("*") { words.append(word) }
      }
    }
    return words
  }

  /// The stories naming the most focus words first (a story naming the step, the
  /// row and the code of a matcher before one naming only the step), each group in
  /// its own order: a killed mutant is found sooner, and the story that kills it
  /// does not depend on timing.
  static func focused(_ stories: [MutationStory], on words: [String]) -> [MutationStory] {
    guard !words.isEmpty else { return stories }
    var groups = [[MutationStory]](repeating: [], count: words.count + 1)
    for story in stories { groups[words.count - story.count(of: words)].append(story) }
    return Array(groups.joined())
  }
}

/// The score of a run: killed out of the mutants that change the flow.
package struct MutationScore: Hashable, Sendable {
  /// Mutants a story killed.
  package var killed = 0
  /// Mutants every story survived.
  package var survived = 0
  /// Mutants that change nothing.
  package var equivalent = 0
  /// Mutants that do not load.
  package var invalid = 0

  /// Counts the results.
  package init(_ results: [MutantResult]) {
    for result in results {
      switch result.status {
      case .killed: killed += 1
      case .survived: survived += 1
      case .equivalent: equivalent += 1
      case .invalid: invalid += 1
      }
    }
  }

  /// Killed / (killed + survived) as a percentage; nil when no mutant counts.
  package var percent: Double? {
    killed + survived == 0 ? nil : Double(killed) * 100 / Double(killed + survived)
  }
}

/// The results of a synchronous run, written by Dispatch's worker threads.
/// `@unchecked Sendable` because its one mutable stored property, `slots`, is
/// read and written only under `lock`.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [MutantResult?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: MutantResult) {
    lock.lock()
    slots[index] = result
    lock.unlock()
  }

  var values: [MutantResult] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
