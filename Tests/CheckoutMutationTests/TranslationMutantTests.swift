import CheckoutModel
import CheckoutMutation
import CheckoutTestSupport
import Foundation
import Testing

/// A step title's translation dropped from a shipped flow is killed by the
/// generated locale story of that language and step.
@Suite struct TranslationMutantTests {
  @Test(arguments: ["plndr.json"])
  func eachDroppedTitleTranslationIsKilledByItsLocaleStory(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: PackagePaths.flows.appendingPathComponent(name)))
    let tester = try MutationTester(bytes: bytes, file: name)
    let mutants = tester.mutants.filter { $0.mutationOperator == .dropTranslation }
    #expect(mutants.count == tester.flow.steps.count * (tester.flow.locales.count - 1))
    let stories = tester.generatedStories(today: ShippedFlows.today)
    for mutant in mutants {
      let result = tester.test(mutant, stories)
      guard case .killed(let story, _) = result.status else {
        Issue.record("#\(mutant.id) \(mutant.description): \(result.status)")
        continue
      }
      // The path is steps[N].title.LOCALE.
      guard case .index(let index)? = mutant.path.components.dropFirst().first,
        case .key(let locale)? = mutant.path.components.last
      else {
        Issue.record("#\(mutant.id) is at \(mutant.path)")
        continue
      }
      #expect(
        story == "locale-\(locale)--\(tester.flow.steps[index].id).scenario", "#\(mutant.id) \(mutant.description)")
    }
  }
}

extension TranslationMutantTests {
  /// A detail's format dropped (in every language, or in one after the default) is
  /// killed by the locale story of the step that shows it.
  @Test(arguments: ["plndr.json", "express.json"])
  func eachDroppedFormatIsKilledByALocaleStory(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: PackagePaths.flows.appendingPathComponent(name)))
    let tester = try MutationTester(bytes: bytes, file: name)
    let mutants = tester.mutants.filter { $0.mutationOperator == .dropFormat }
    #expect(mutants.count == (name == "plndr.json" ? 3 : 4))
    let stories = tester.generatedStories(today: ShippedFlows.today)
    for mutant in mutants {
      guard case .killed(let story, _) = tester.test(mutant, stories).status else {
        Issue.record("#\(mutant.id) \(mutant.description) survived")
        continue
      }
      #expect(story.hasPrefix("locale-"), "#\(mutant.id) \(mutant.description): \(story)")
    }
  }
}
