// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CheckoutEngine",
  platforms: [.macOS(.v15)],
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
