import Foundation
import Testing
@testable import OverlayCore

/// One RFC 8032 §7.1 test vector from `testdata/crypto/rfc8032-ed25519.json`.
struct RFC8032Vector {
    var name: String
    var secret: Data
    var publicKey: Data
    var message: Data
    var signature: Data

    static let names = ["TEST 1", "TEST 2", "TEST 3", "TEST 1024", "TEST SHA(abc)"]

    static func all() throws -> [RFC8032Vector] {
        let root = try JSONNode(StrictJSON.parse(Fixtures.data("crypto/rfc8032-ed25519.json"))).object()
        return try root.required("vectors").array().map { node in
            let vector = try node.object()
            func hex(_ key: String) throws -> Data {
                let text = try vector.required(key).string()
                let utf8 = Array(text.utf8)
                try #require(utf8.count % 2 == 0, "\(key) is not hex")
                return try Data(stride(from: 0, to: utf8.count, by: 2).map { index in
                    try #require(UInt8(String(decoding: utf8[index...index + 1], as: UTF8.self), radix: 16), "\(key) is not hex")
                })
            }
            return RFC8032Vector(
                name: try vector.required("name").string(),
                secret: try hex("secret"),
                publicKey: try hex("public"),
                message: try hex("message"),
                signature: try hex("signature")
            )
        }
    }

    static func named(_ name: String) throws -> RFC8032Vector {
        try #require(all().first { $0.name == name }, "no vector named \(name)")
    }
}

extension Data {
    /// A copy with bit `bit` (0 = least significant bit of byte 0) inverted.
    func flippingBit(_ bit: Int) -> Data {
        var copy = self
        copy[copy.startIndex + bit / 8] ^= UInt8(1) << UInt8(bit % 8)
        return copy
    }
}

/// Runs the `openssl` command-line tool in a scratch directory.
struct OpenSSLCLI {
    let directory: URL

    /// A fresh, empty scratch directory; remove it with ``cleanUp()``.
    static func inScratchDirectory() throws -> OpenSSLCLI {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("overlay-crypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return OpenSSLCLI(directory: directory)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    func write(_ data: Data, to name: String) throws {
        try data.write(to: directory.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    func readText(_ name: String) throws -> String {
        try #require(String(data: read(name), encoding: .utf8))
    }

    /// Runs `openssl arguments…` in the scratch directory; returns the exit status and combined output.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        // The tool found on PATH (Homebrew on a Mac).
        try runTool(URL(fileURLWithPath: "/usr/bin/env"), ["openssl"] + arguments, in: directory)
    }

    /// Runs `openssl arguments…` and records an issue unless it exits 0.
    func succeed(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")) failed: \(result.output)")
    }
}

/// Runs a program to its end: its exit status and what it wrote to stdout and stderr together.
func runTool(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
