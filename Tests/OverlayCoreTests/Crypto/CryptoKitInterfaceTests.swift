import Foundation
import Testing

/// The CryptoKit backend cannot be built here (no Apple SDK). These tests type-check its files on Linux against
/// `Tests/CryptoKitInterface/CryptoKit.swift`, a module that declares exactly the CryptoKit API Apple documents: with it
/// on the import path `canImport(CryptoKit)` holds, so the `*+CryptoKit.swift` files compile and the `*+OpenSSL.swift`
/// files drop out, as on an Apple platform. This proves the calls match the documented signatures, not that they run.
@Suite(.serialized) struct CryptoKitInterfaceTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let upcomingFeatures = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]
        .flatMap { ["-enable-upcoming-feature", $0] }

    /// Type-checks the crypto backend as an Apple build would compile it: OverlayCore's `Crypto/` folder (which must
    /// stand alone) as module OverlayCore, then the publishing product's key and signer files against it. `replacing`
    /// swaps a file's text (path relative to `Sources/`) for a planted mistake.
    static func typecheck(replacing: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cryptokit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        func source(_ relative: String) throws -> String {
            guard let text = replacing[relative] else { return repository.appendingPathComponent("Sources/\(relative)").path }
            let url = scratch.appendingPathComponent(URL(fileURLWithPath: relative).lastPathComponent)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let common = ["-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-package-name", "overlay",
                      "-I", scratch.path] + upcomingFeatures
        var result = try swiftc(["-emit-module", "-module-name", "CryptoKit", "-parse-as-library", "-swift-version", "6",
                                 repository.appendingPathComponent("Tests/CryptoKitInterface/CryptoKit.swift").path,
                                 "-emit-module-path", scratch.appendingPathComponent("CryptoKit.swiftmodule").path])
        guard result.status == 0 else { return result }
        let crypto = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Sources/OverlayCore/Crypto").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { try source("OverlayCore/Crypto/\($0)") }
        result = try swiftc(["-emit-module", "-module-name", "OverlayCore"] + common + crypto
            + ["-emit-module-path", scratch.appendingPathComponent("OverlayCore.swiftmodule").path])
        guard result.status == 0 else { return result }
        let publishing = try [
            "Ed25519PrivateKey.swift", "Ed25519Signer+CryptoKit.swift", "Ed25519Signer+OpenSSL.swift", "KeyFiles+Writing.swift",
            "PrivateKeyInfo.swift", "DER.swift", "PEM.swift", "Ed25519PublicKey+PEM.swift", "CryptoError+Keys.swift",
        ]
            .map { try source("OverlayPublishing/\($0)") }
        return try swiftc(["-typecheck", "-module-name", "OverlayPublishing"] + common + publishing)
    }

    static func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let swiftc = path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try runTool(URL(fileURLWithPath: swiftc ?? "/usr/bin/swiftc"), arguments)
    }

    @Test("the CryptoKit backend type-checks against the documented CryptoKit API, warnings as errors")
    func backendMatchesTheDocumentedAPI() throws {
        let result = try Self.typecheck()
        #expect(result.status == 0, "\(result.output)")
    }

    /// The interface is no wider than Apple's: a call CryptoKit does not have for Curve25519 (a DER initializer, which
    /// exists for P-256 only), or an argument of the wrong type, fails the check.
    @Test("a call outside the documented API fails the check", arguments: [
        ("OverlayCore/Crypto/Ed25519+CryptoKit.swift", "Curve25519.Signing.PublicKey(rawRepresentation: bytes)",
         "Curve25519.Signing.PublicKey(derRepresentation: bytes)"),
        ("OverlayPublishing/Ed25519Signer+CryptoKit.swift", ".signature(for: message)", ".signature(for: message, randomized: false)"),
        ("OverlayCore/Crypto/SHA256+CryptoKit.swift", "hasher.update(bufferPointer: buffer)", "hasher.update(buffer)"),
    ])
    func plantedMistakeFails(file: String, original: String, planted: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("Sources/\(file)"), encoding: .utf8)
        #expect(text.contains(original), "the file still makes the call the test plants a mistake in")
        let result = try Self.typecheck(replacing: [file: text.replacingOccurrences(of: original, with: planted)])
        #expect(result.status != 0, "a call CryptoKit does not document type-checked:\n\(planted)")
        #expect(result.output.contains("\(URL(fileURLWithPath: file).lastPathComponent):"), "the error is the planted one:\n\(result.output)")
    }

    /// What is wrong with a file's crypto imports: a backend module imported outside its backend's files, or a backend
    /// file not wholly inside the condition that picks its backend.
    static func backendProblems(name: String, text: String) -> [String] {
        let code = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("//") && !$0.isEmpty }
        var problems: [String] = []
        for (module, suffix, condition) in [("CLibCrypto", "+OpenSSL.swift", "#if !canImport(CryptoKit)"),
                                            ("CryptoKit", "+CryptoKit.swift", "#if canImport(CryptoKit)")] {
            let imports = code.contains { $0.hasSuffix("import \(module)") }
            if imports, !name.hasSuffix(suffix) { problems.append("\(name) imports \(module) but is not a \(suffix) file") }
            if name.hasSuffix(suffix), code.first != condition || code.last != "#endif" {
                problems.append("\(name) is not wholly inside \(condition) … #endif")
            }
        }
        return problems
    }

    @Test("only *+OpenSSL.swift files import CLibCrypto and only *+CryptoKit.swift files CryptoKit, each wholly inside its condition")
    func backendFilesKeepToThemselves() throws {
        var problems: [String] = []
        var backends = 0
        let sources = Self.repository.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            if path.hasSuffix("+OpenSSL.swift") || path.hasSuffix("+CryptoKit.swift") { backends += 1 }
            problems += Self.backendProblems(name: path, text: text)
        }
        #expect(backends == 7, "SHA256, Ed25519 and the signer, each on both backends, and libcrypto's error queue")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Planted: an import outside a backend file, and a backend file outside its condition.
        #expect(Self.backendProblems(name: "Crypto/Ed25519.swift", text: "import CryptoKit\n").count == 1)
        #expect(Self.backendProblems(name: "Crypto/X+OpenSSL.swift", text: "internal import CLibCrypto\n").count == 1)
    }
}
