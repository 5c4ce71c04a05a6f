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
    // /metrics: swift-metrics' API, exported in Prometheus' text format.
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.0.0"),
    // Graceful shutdown on SIGTERM and the session sweeper run as services.
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    // The HTTP/1 pipeline's request limits (already dependencies of Hummingbird).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.25.0"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.3.0"),
  ],
  targets: [
    .executableTarget(
      name: "CheckoutServer",
      dependencies: [
        .product(name: "CheckoutEngine", package: "CheckoutEngine"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
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
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
