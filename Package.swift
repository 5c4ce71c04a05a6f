// swift-tools-version: 6.0
import PackageDescription

/// Each target of the package and the targets it builds on directly: the layers
/// are a tree, and a target depends only on those below it, so a backward import
/// does not compile.
let buildsOn: [String: [String]] = [
  "CheckoutModel": [],
  "CheckoutSynthesis": ["CheckoutModel"],
  "CheckoutPlanning": ["CheckoutModel"],
  "CheckoutLint": ["CheckoutPlanning", "CheckoutSynthesis"],
  "CheckoutCompiledFlow": ["CheckoutPlanning"],
  "CheckoutSessions": ["CheckoutCompiledFlow"],
  "CheckoutScenarios": ["CheckoutSessions", "CheckoutSynthesis"],
  "CheckoutMutation": ["CheckoutScenarios", "CheckoutLint"],
  "CheckoutEngine": ["CheckoutScenarios", "CheckoutLint"],
  "CheckoutCLI": ["CheckoutEngine", "CheckoutMutation"],
  "CheckoutTestSupport": ["CheckoutEngine"],
  "CheckoutTestExpectations": ["CheckoutEngine", "CheckoutTestSupport"],
  "CMallocStats": [],
]

/// The targets below target `name` (``buildsOn``, followed down), as its dependencies.
func below(_ name: String) -> [Target.Dependency] { layers(buildsOn[name] ?? []) }

/// `names` and every target below them, as a target's dependencies. A target
/// names all of them, not only the ones it builds on directly: SwiftPM recompiles
/// a target only when a module it names changes, so a test target that named only
/// CheckoutSessions was not recompiled when a case was added to an enum of
/// CheckoutModel, and its `switch` over the enum went on passing, stale.
func layers(_ names: [String]) -> [Target.Dependency] {
  var all = Set<String>()
  var next = names
  while let name = next.popLast() {
    guard all.insert(name).inserted else { continue }
    next += buildsOn[name] ?? []
  }
  return all.sorted().map { .target(name: $0) }
}

let package = Package(
  name: "CheckoutEngine",
  // Apple platforms: each minimum is set by the newest API the code uses.
  // - Regex(String) (a flow's pattern rules are checked by Swift's regex parser
  //   when loading): macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1.
  // Everything else (NSRegularExpression, NSLock, actors, async/await, typed
  // throws on functions) needs less. Valid UTF-8 is checked by UTF8Text rather
  // than String(validating:as:), which would need macOS 15 / iOS 18.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "CheckoutEngine", targets: ["CheckoutEngine"]),
    .executable(name: "checkout", targets: ["checkout"]),
  ],
  targets: [
    // The layers, a tree (`buildsOn` above): the model and flow format at the root;
    // value synthesis and graph planning on it, side by side; the linter on
    // both; the compiled flow (screens, step checks, error resolution and the
    // route driver) on planning; sessions and snapshots on it; scenarios on
    // sessions and synthesis. README.md's Layout section says which holds what.
    // The engine's own words for shoppers, one plain-text table per language
    // (Resources/Messages/LANG.txt, for translators), embedded in the code as bytes.
    .target(
      name: "CheckoutModel",
      resources: [
        .embedInCode("Resources/Messages/en.txt"), .embedInCode("Resources/Messages/de.txt"),
        .embedInCode("Resources/Messages/fr.txt"), .embedInCode("Resources/Messages/es.txt"),
        .embedInCode("Resources/Messages/it.txt"), .embedInCode("Resources/Messages/nl.txt"),
        .embedInCode("Resources/Messages/pt.txt"), .embedInCode("Resources/Messages/ja.txt"),
      ]),
    .target(name: "CheckoutSynthesis", dependencies: below("CheckoutSynthesis")),
    .target(name: "CheckoutPlanning", dependencies: below("CheckoutPlanning")),
    .target(name: "CheckoutLint", dependencies: below("CheckoutLint")),
    .target(name: "CheckoutCompiledFlow", dependencies: below("CheckoutCompiledFlow")),
    .target(name: "CheckoutSessions", dependencies: below("CheckoutSessions")),
    .target(name: "CheckoutScenarios", dependencies: below("CheckoutScenarios")),
    // Mutation testing of a flow's stories: mutants of the flow's JSON, replayed
    // with scenarios; for the command line and the benchmark, not re-exported.
    .target(name: "CheckoutMutation", dependencies: below("CheckoutMutation")),
    // The product's one module: re-exports every layer, so `import CheckoutEngine`
    // is all a host writes. It holds the documentation catalog.
    .target(name: "CheckoutEngine", dependencies: below("CheckoutEngine")),
    // `checkout repl`'s built-in flow: Flows/plndr.json, through a symbolic link
    // inside the target (resources must be), embedded in the code as bytes.
    .target(
      name: "CheckoutCLI", dependencies: below("CheckoutCLI"),
      resources: [.embedInCode("Resources/plndr.json")]),
    .executableTarget(name: "checkout", dependencies: layers(["CheckoutCLI"])),
    .target(name: "CheckoutTestSupport", dependencies: below("CheckoutTestSupport")),
    // Swift Testing expectations over marked fixtures, for the test targets only
    // (the benchmark links CheckoutTestSupport, not Testing).
    .target(name: "CheckoutTestExpectations", dependencies: below("CheckoutTestExpectations")),
    .target(name: "CMallocStats"),
    .executableTarget(
      name: "checkout-bench",
      dependencies: layers(["CheckoutEngine", "CheckoutMutation", "CheckoutTestSupport", "CMallocStats"])),
    .executableTarget(name: "embedding-example", dependencies: layers(["CheckoutEngine"]), path: "Examples/Embedding"),
    // GettingStarted.md's host, as its code blocks show it: a Swift 6 main.swift.
    .executableTarget(
      name: "getting-started-example", dependencies: layers(["CheckoutEngine"]), path: "Examples/GettingStarted"),
    // A test target per layer, importing that layer and the ones below it; the
    // umbrella's tests hold what needs everything (the documentation, the
    // shipped flows end to end, the embedding example).
    .testTarget(
      name: "CheckoutModelTests",
      dependencies: layers(["CheckoutModel", "CheckoutTestSupport", "CheckoutTestExpectations"]),
      exclude: ["Fixtures"]),
    .testTarget(name: "CheckoutSynthesisTests", dependencies: layers(["CheckoutSynthesis", "CheckoutTestSupport"])),
    .testTarget(
      name: "CheckoutPlanningTests", dependencies: layers(["CheckoutPlanning", "CheckoutTestSupport"]),
      exclude: ["PlanningFixtures"]),
    .testTarget(
      name: "CheckoutLintTests",
      dependencies: layers(["CheckoutLint", "CheckoutTestSupport", "CheckoutTestExpectations"])),
    .testTarget(
      name: "CheckoutCompiledFlowTests", dependencies: layers(["CheckoutCompiledFlow", "CheckoutTestSupport"])),
    .testTarget(
      name: "CheckoutSessionsTests", dependencies: layers(["CheckoutSessions", "CheckoutTestSupport"]),
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CheckoutScenariosTests", dependencies: layers(["CheckoutScenarios", "CheckoutTestSupport"]),
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CheckoutMutationTests", dependencies: layers(["CheckoutMutation", "CheckoutTestSupport"]),
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CheckoutEngineTests",
      dependencies: layers(["CheckoutEngine", "CheckoutTestSupport", "CheckoutTestExpectations"])),
    .testTarget(
      name: "CheckoutCLITests", dependencies: layers(["CheckoutCLI", "CheckoutEngine", "CheckoutTestSupport"])),
  ],
  swiftLanguageModes: [.v6]
)
