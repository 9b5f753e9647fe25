import Foundation
import Testing

/// Only the platform layer names the C library or asks which platform it is on: no Apple platform can build here, so
/// this keeps every other file free of what compiles on Linux alone (`OpaquePointer` directory handles, `st_mtim`,
/// `Glibc.open`) or compiles on Darwin and is wrong there (a plain `fsync`), and keeps the layer's own Linux and Darwin
/// names in the branch for their platform (PlatformRules.swift).
@Suite struct PlatformLayerTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sources = repository.appendingPathComponent("Sources")
    /// The client's layer, and the tools' calls no device makes (benchmark counters, file times).
    static let layers = ["OverlayCore/Platform/", "OverlayPublishing/Platform/"]
    /// The files that spell the rules' patterns out.
    static let ruleFiles: Set<String> = ["PlatformRules.swift", "PlatformLayerTests.swift"]

    /// Every Swift file under `folder` (relative paths) and its text.
    static func swiftFiles(under folder: URL) throws -> [(path: String, text: String)] {
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        var files: [(String, String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            files.append((path, try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("no source or test file outside the platform layer names the C library, a platform, a DIR handle, stat or its times, a plain fsync or madvise")
    func platformNamedOnlyInTheLayer() throws {
        var offenders: [String] = []
        let sources = try Self.swiftFiles(under: Self.sources)
            .filter { file in !Self.layers.contains { file.path.hasPrefix($0) } }
        for file in sources { offenders += try PlatformScan.violations(in: file.text, path: file.path) }
        let tests = try Self.swiftFiles(under: Self.repository.appendingPathComponent("Tests"))
            .filter { !Self.ruleFiles.contains(URL(fileURLWithPath: $0.path).lastPathComponent) }
        for file in tests { offenders += try PlatformScan.violations(in: file.text, path: "../Tests/" + file.path) }
        #expect(sources.count > 100 && tests.count > 100, "the walk found the sources and the tests")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test("inside the layer, Linux-only names sit in Glibc branches and Darwin-only names in Darwin branches")
    func layerBranchesHoldTheirPlatformsNames() throws {
        let files = try Self.layers.flatMap { try Self.swiftFiles(under: Self.sources.appendingPathComponent($0)) }
        var misplaced: [String] = []
        for file in files { misplaced += try PlatformScan.misplacedPlatformNames(in: file.text, path: file.path) }
        #expect(misplaced.isEmpty, "\(misplaced.joined(separator: "\n"))")
        let all = files.map(\.text).joined(separator: "\n")
        for name in ["import Glibc", "import Darwin", "st_mtimespec", "F_FULLFSYNC"] {
            #expect(all.contains(name), "the layer covers both platforms: \(name)")
        }
    }

    @Test("each rule catches its planted violation", arguments: PlatformRule.all)
    func everyRuleCatchesItsPlantedViolation(_ rule: PlatformRule) throws {
        let found = try PlatformScan.violations(in: "import Foundation\n\(rule.planted)\n", path: rule.plantedPath, rules: [rule])
        #expect(found.count == 1, "\(rule.id) did not fire on: \(rule.planted)")
    }

    @Test("what the rules must let through: the store's seam, the crypto backend's handles, comments, names that only look alike", arguments: [
        ("try fsync(fd, path)", "OverlayCore/Store/Syscalls+Files.swift"),
        ("guard let status = try syscalls.status(path) else { return }", "OverlayCore/Store/OverlayStore.swift"),
        ("private let pointer: OpaquePointer", "OverlayCore/Crypto/Ed25519+OpenSSL.swift"),
        ("/// `lstat(2)`; nil when the path does not exist; never `fsync(fd)` here", "OverlayCore/Store/Syscalls.swift"),
        ("throw StoreError(code: .notFound, message: m, syscall: \"lstat\", path: p)", "OverlayCore/Store/OverlayStore.swift"),
        ("guard LibC.synchronize(fd) == 0 else { throw failure }", "OverlayTools/Keys/KeyFiles.swift"),
        ("#if canImport(CCurl)", "../Tests/OverlaySyncTests/Transport/TransportHardeningTests.swift"),
    ])
    func legitimateCodePasses(line: String, path: String) throws {
        #expect(try PlatformScan.violations(in: line + "\n", path: path).isEmpty, "\(line)")
    }

    @Test("the layer's branch check catches a Linux name in a Darwin branch and a Darwin name outside any", arguments: [
        "#if canImport(Glibc)\nimport Glibc\n#else\nlet t = info.st_mtim\n#endif\n",
        "let t = info.st_mtimespec\n",
        "typealias DirectoryHandle = OpaquePointer\n",
        "#if canImport(Darwin)\n_ = madvise(p, n, MADV_HUGEPAGE)\n#endif\n",
        "#if os(Linux)\n#else\n#if canImport(Glibc)\nlet c = F_FULLFSYNC\n#endif\n#endif\n",
    ])
    func misplacedNamesAreCaught(text: String) throws {
        #expect(try PlatformScan.misplacedPlatformNames(in: text, path: "OverlayCore/Platform/Planted.swift").count == 1, "\(text)")
    }

    @Test("the layer's branch check accepts each name in its own branch")
    func placedNamesPass() throws {
        let text = """
            #if canImport(Glibc)
            typealias DirectoryHandle = OpaquePointer
            let t = info.st_mtim
            #elseif canImport(Darwin)
            typealias DirectoryHandle = UnsafeMutablePointer<DIR>
            #endif
            #if canImport(Glibc)
            _ = madvise(p, n, MADV_HUGEPAGE)
            #else
            let t = info.st_mtimespec
            #endif
            """
        #expect(try PlatformScan.misplacedPlatformNames(in: text, path: "OverlayCore/Platform/Planted.swift").isEmpty)
    }
}

/// What an app links (the `OverlayClient` product: OverlayCore and OverlaySync) carries no test seam and no publisher
/// code: no fault injection that could break the store on purpose, no private key, no writer.
@Suite struct ClientBoundaryTests {
    static let forbidden = [
        "FaultPlan", "FaultInjectingTransport", "func injecting(", "Ed25519PrivateKey", "ZIPWriter", "StringsWriter",
        "StringsdictWriter", "import OverlayTestSupport", "import OverlayPublishing", "import OverlayTools",
    ]

    @Test("no file of OverlayCore or OverlaySync declares or imports a fault seam, signing or a writer")
    func clientTargetsHoldNoSeamsOrPublisherCode() throws {
        var offenders: [String] = []
        var scanned = 0
        for target in ["OverlayCore", "OverlaySync"] {
            let folder = PlatformLayerTests.sources.appendingPathComponent(target)
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            for case let path as String in walker where path.hasSuffix(".swift") {
                scanned += 1
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }  // a doc comment may say where a seam lives
                    if let name = Self.forbidden.first(where: { code.contains($0) }) {
                        offenders.append("Sources/\(target)/\(path):\(number + 1): \(name)")
                    }
                }
            }
        }
        #expect(scanned > 80, "the walk found the sources")
        #expect(offenders.isEmpty, "move it to OverlayTestSupport or OverlayPublishing:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the OverlayClient product is OverlayCore and OverlaySync, nothing else")
    func clientProductTargets() throws {
        let manifest = try String(
            contentsOf: PlatformLayerTests.repository.appendingPathComponent("Package.swift"),
            encoding: .utf8)
        #expect(manifest.contains(#".library(name: "OverlayClient", targets: ["OverlayCore", "OverlaySync"])"#))
        // The client targets depend on system libraries only (and OverlaySync on OverlayCore).
        #expect(manifest.contains(
            #"dependencies: ["CZlib", .target(name: "CLibCrypto", condition: .when(platforms: libcryptoPlatforms)), "CPlatform"])"#))
        // libcrypto is the backend only where CryptoKit is not: no Apple platform in the list.
        #expect(manifest.contains("let libcryptoPlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]"))
        #expect(manifest.contains(#"name: "OverlaySync",\#n            dependencies: ["OverlayCore", .target(name: "CCurl""#))
    }
}
