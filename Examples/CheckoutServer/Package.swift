// swift-tools-version: 6.2
import PackageDescription

// The example HTTP server: CheckoutEngine sessions behind Hummingbird 2, stored in
// memory or in PostgreSQL (DATABASE_URL). A separate package so the root package
// keeps no package dependencies.
let package = Package(
  name: "CheckoutServer",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "checkout-server", targets: ["CheckoutServer"])
  ],
  dependencies: [
    .package(name: "CheckoutEngine", path: "../.."),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0", traits: ["FullFoundation"]),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.21.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.3.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    // Already a dependency of PostgresNIO; the demo API's HMAC (DeclinedValues).
    .package(url: "https://github.com/apple/swift-crypto.git", "3.9.0"..<"6.0.0"),
  ],
  targets: [
    .executableTarget(
      name: "CheckoutServer",
      dependencies: [
        .product(name: "CheckoutEngine", package: "CheckoutEngine"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .testTarget(
      name: "CheckoutServerTests",
      dependencies: [
        .byName(name: "CheckoutServer"),
        .product(name: "CheckoutEngine", package: "CheckoutEngine"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
