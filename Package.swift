// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CheckoutEngine",
  // Apple platforms: each minimum is set by the newest API the code uses.
  // - String(validating:as:) (Swift 6.0's standard library; the JSON parser and
  //   the snapshot reader check UTF-8 with it): macOS 15, iOS 18, tvOS 18,
  //   watchOS 11, visionOS 2. This sets every minimum below.
  // - Regex(String) (a flow's pattern rules are checked by Swift's regex parser):
  //   macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1.
  // - Synchronization.Mutex (the CLI tests): macOS 15, iOS 18, the same minimums.
  // Everything else (NSRegularExpression, actors, async/await) needs less.
  // Supporting iOS 16 or 17 would mean replacing String(validating:as:).
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "CheckoutEngine", targets: ["CheckoutEngine"]),
    .executable(name: "checkout", targets: ["checkout"]),
  ],
  targets: [
    .target(name: "CheckoutEngine"),
    .target(name: "CheckoutCLI", dependencies: ["CheckoutEngine"]),
    .executableTarget(name: "checkout", dependencies: ["CheckoutCLI"]),
    .target(name: "CheckoutTestSupport", dependencies: ["CheckoutEngine"]),
    .target(name: "CMallocStats"),
    .executableTarget(name: "checkout-bench", dependencies: ["CheckoutEngine", "CheckoutTestSupport", "CMallocStats"]),
    .executableTarget(name: "embedding-example", dependencies: ["CheckoutEngine"], path: "Examples/Embedding"),
    .testTarget(
      name: "CheckoutEngineTests",
      dependencies: ["CheckoutEngine", "CheckoutTestSupport"],
      exclude: ["PlanningFixtures", "Fixtures"]
    ),
    .testTarget(name: "CheckoutCLITests", dependencies: ["CheckoutCLI", "CheckoutEngine", "CheckoutTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
