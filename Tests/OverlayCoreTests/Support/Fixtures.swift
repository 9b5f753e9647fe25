import Foundation

/// Paths into the repository's `testdata/`, found from this file's location so tests run from any directory.
enum Fixtures {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // OverlayCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let testdata = repositoryRoot.appendingPathComponent("testdata")

    static func url(_ relativePath: String) -> URL {
        testdata.appendingPathComponent(relativePath)
    }

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}
