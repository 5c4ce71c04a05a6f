import Foundation

/// Where the package's files are, found from this source file.
package enum PackagePaths {
  /// The package's root directory.
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // CheckoutTestSupport
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()

  /// `Flows/`.
  package static let flows = root.appendingPathComponent("Flows")

  /// The shipped flow files (`Flows/*.json` but the schema), by file name.
  package static var shippedFlowNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: flows.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
  }
}
