// swift-tools-version: 6.0
import PackageDescription

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
    // The layers, a tree: each target depends only on the ones it names, so a
    // backward import does not compile. The model and flow format at the root;
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
    .target(name: "CheckoutSynthesis", dependencies: ["CheckoutModel"]),
    .target(name: "CheckoutPlanning", dependencies: ["CheckoutModel"]),
    .target(name: "CheckoutLint", dependencies: ["CheckoutPlanning", "CheckoutSynthesis"]),
    .target(name: "CheckoutCompiledFlow", dependencies: ["CheckoutPlanning"]),
    .target(name: "CheckoutSessions", dependencies: ["CheckoutCompiledFlow"]),
    .target(name: "CheckoutScenarios", dependencies: ["CheckoutSessions", "CheckoutSynthesis"]),
    // Mutation testing of a flow's stories: mutants of the flow's JSON, replayed
    // with scenarios; for the command line and the benchmark, not re-exported.
    .target(name: "CheckoutMutation", dependencies: ["CheckoutScenarios"]),
    // The product's one module: re-exports every layer, so `import CheckoutEngine`
    // is all a host writes. It holds the documentation catalog.
    .target(name: "CheckoutEngine", dependencies: ["CheckoutScenarios", "CheckoutLint"]),
    // `checkout repl`'s built-in flow: Flows/plndr.json, through a symbolic link
    // inside the target (resources must be), embedded in the code as bytes.
    .target(
      name: "CheckoutCLI", dependencies: ["CheckoutEngine", "CheckoutMutation"],
      resources: [.embedInCode("Resources/plndr.json")]),
    .executableTarget(name: "checkout", dependencies: ["CheckoutCLI"]),
    .target(name: "CheckoutTestSupport", dependencies: ["CheckoutEngine"]),
    // Swift Testing expectations over marked fixtures, for the test targets only
    // (the benchmark links CheckoutTestSupport, not Testing).
    .target(name: "CheckoutTestExpectations", dependencies: ["CheckoutEngine", "CheckoutTestSupport"]),
    .target(name: "CMallocStats"),
    .executableTarget(
      name: "checkout-bench",
      dependencies: ["CheckoutEngine", "CheckoutMutation", "CheckoutTestSupport", "CMallocStats"]),
    .executableTarget(name: "embedding-example", dependencies: ["CheckoutEngine"], path: "Examples/Embedding"),
    // GettingStarted.md's host, as its code blocks show it: a Swift 6 main.swift.
    .executableTarget(
      name: "getting-started-example", dependencies: ["CheckoutEngine"], path: "Examples/GettingStarted"),
    // A test target per layer, importing that layer and the ones below it; the
    // umbrella's tests hold what needs everything (the documentation, the
    // shipped flows end to end, the embedding example).
    .testTarget(
      name: "CheckoutModelTests", dependencies: ["CheckoutModel", "CheckoutTestSupport", "CheckoutTestExpectations"],
      exclude: ["Fixtures"]),
    .testTarget(name: "CheckoutSynthesisTests", dependencies: ["CheckoutSynthesis", "CheckoutTestSupport"]),
    .testTarget(
      name: "CheckoutPlanningTests", dependencies: ["CheckoutPlanning", "CheckoutTestSupport"],
      exclude: ["PlanningFixtures"]),
    .testTarget(
      name: "CheckoutLintTests", dependencies: ["CheckoutLint", "CheckoutTestSupport", "CheckoutTestExpectations"]),
    .testTarget(name: "CheckoutCompiledFlowTests", dependencies: ["CheckoutCompiledFlow", "CheckoutTestSupport"]),
    .testTarget(
      name: "CheckoutSessionsTests", dependencies: ["CheckoutSessions", "CheckoutTestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "CheckoutScenariosTests", dependencies: ["CheckoutScenarios", "CheckoutTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CheckoutMutationTests", dependencies: ["CheckoutMutation", "CheckoutTestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "CheckoutEngineTests", dependencies: ["CheckoutEngine", "CheckoutTestSupport", "CheckoutTestExpectations"]),
    .testTarget(name: "CheckoutCLITests", dependencies: ["CheckoutCLI", "CheckoutEngine", "CheckoutTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
