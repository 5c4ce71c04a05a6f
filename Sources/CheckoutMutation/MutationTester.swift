import CheckoutModel
import Foundation
import CheckoutCompiledFlow
import CheckoutScenarios

/// A story replayed against each mutant: its text, and how strictly it is judged.
package struct MutationStory: Hashable, Sendable {
  /// The story's name (its file name).
  package var name: String
  /// The scenario text; its `flow` line is not read (the story runs on the mutant).
  package var text: String
  /// Generated stories are strict (a refused event fails them, as `generate --check`
  /// judges); hand-written ones fail on a failed expectation or a problem, as `replay` judges.
  package var strict: Bool

  /// A story.
  package init(name: String, text: String, strict: Bool) {
    self.name = name
    self.text = text
    self.strict = strict
  }

  /// Why the story fails on the flow, or nil when it holds.
  package func failure(on flow: CompiledFlow) -> String? {
    if strict { return StoryReplayer(flow: flow).replay(text)?.description }
    let script: [(line: Int, command: ScenarioCommand)]
    do {
      script = try ScenarioParser.parseScript(text)
    } catch {
      return error.message
    }
    var host = ScenarioHost(flow: flow)
    for (line, command) in script {
      if case .flow = command { continue }
      let outcome = host.run(command)
      if let problem = outcome.problem { return "\(line): \(problem)" }
      if let failure = outcome.failure { return "\(line): expected \(failure.expected), actual \(failure.actual)" }
    }
    return nil
  }
}

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
  }

  /// The stories the generator writes for the original flow, as `generate` makes them.
  package func generatedStories(today: CalendarDate, seed: UInt64 = 1) -> [MutationStory] {
    let suite = StoryGenerator(flow: CompiledFlow(flow), today: today, seed: seed).generate()
    return suite.stories.map {
      MutationStory(name: $0.fileName, text: $0.text(flowPath: "flow.json", today: suite.today), strict: true)
    }
  }

  /// The stories that fail on the original flow, with why: they cannot judge a mutant.
  package func failingOnOriginal(_ stories: [MutationStory]) -> [(story: MutationStory, failure: String)] {
    let compiled = CompiledFlow(flow)
    return stories.compactMap { story in story.failure(on: compiled).map { (story, $0) } }
  }

  /// Every mutant's result, in the mutants' order, testing up to `width` mutants at once.
  package func run(_ stories: [MutationStory], width: Int) async -> [MutantResult] {
    var results = [MutantResult?](repeating: nil, count: mutants.count)
    await withTaskGroup(of: (Int, MutantResult).self) { group in
      var next = 0
      while next < min(max(1, width), mutants.count) {
        let index = next
        group.addTask { (index, test(mutants[index], stories)) }
        next += 1
      }
      while let (index, result) = await group.next() {
        results[index] = result
        if next < mutants.count {
          let following = next
          group.addTask { (following, test(mutants[following], stories)) }
          next += 1
        }
      }
    }
    return results.compactMap { $0 }
  }

  /// Every mutant's result, in the mutants' order, from synchronous code (the
  /// command line): Dispatch's worker threads share the mutants, so no thread of
  /// the concurrency pool is blocked waiting for them.
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
    guard let mutated = mutant.edit.applied(to: root) else {
      return MutantResult(mutant: mutant, status: .invalid("the path leads nowhere in the document"))
    }
    let mutantFlow: Flow
    do {
      mutantFlow = try FlowLoader().load(bytes: Array(mutated.jsonText.utf8), file: "mutant")
    } catch {
      let reason = error.diagnostics.first.map { "\($0.message)" } ?? "it does not load"
      return MutantResult(mutant: mutant, status: .invalid(reason))
    }
    if let reason = MutantEquivalence.reason(original: flow, mutant: mutantFlow, edit: mutant.edit) {
      return MutantResult(mutant: mutant, status: .equivalent(reason))
    }
    let compiled = CompiledFlow(mutantFlow)
    for story in Self.focused(stories, on: focus(of: mutant)) {
      if let failure = story.failure(on: compiled) {
        return MutantResult(mutant: mutant, status: .killed(story: story.name, failure: failure))
      }
    }
    return MutantResult(mutant: mutant, status: .survived)
  }
}

extension MutationTester {
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

  /// The stories naming a focus word first, each group in its own order: a killed
  /// mutant is found sooner, and the story that kills it does not depend on timing.
  static func focused(_ stories: [MutationStory], on words: [String]) -> [MutationStory] {
    guard !words.isEmpty else { return stories }
    let near = stories.filter { story in words.contains { story.text.contains($0) } }
    let far = stories.filter { story in !words.contains { story.text.contains($0) } }
    return near + far
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
