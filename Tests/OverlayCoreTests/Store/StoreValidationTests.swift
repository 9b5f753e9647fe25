import Foundation
import Testing
@testable import OverlayCore

@Suite("OverlayStore: argument validation and error codes")
struct StoreValidationTests {
    @Test("Module names that are not one plain path component are refused",
          arguments: ["", "..", ".hidden", "a/b", "../App", "App\u{0}", "Modülé", "a b", String(repeating: "m", count: 129)])
    func badModuleNames(module: String) throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        let error = try #require(throws: StoreError.self) {
            try store.activate(module: module, sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        }
        #expect(error.code == .invalidArgument)
        #expect(names(temp.store.appendingPathComponent("modules")) == [])
    }

    @Test("Revision file paths must be plain relative paths",
          arguments: ["/etc/passwd", "../x", "fr.lproj/../../x", "a//b", "./a", "a/.", "a\\b", "", "a/", "a\u{0}b",
                      "overlay-digests.json"])
    func badPaths(path: String) throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        let error = try #require(throws: StoreError.self) {
            try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: [path: Data("x".utf8)])
        }
        #expect(error.code == .invalidArgument)
        #expect(names(temp.store.appendingPathComponent("tmp")) == [])
        #expect(store.snapshot().modules.isEmpty)
    }

    @Test("A state's revision directory must end in /<sha256> and hold no ..")
    func revisionDirectoryNames() {
        let sha = String(repeating: "ab", count: 32)
        #expect(StoreState.Revision.isDirectory("modules/App/\(sha)", of: sha))
        #expect(StoreState.Revision.isDirectory("/\(sha)", of: sha))
        for bad in [sha, "modules/App\(sha)", "modules/App/\(sha)/", "modules/App/x\(sha.dropFirst())",
                    "modules/../App/\(sha)", "modules/App/..\(sha)", "", "modules/App/\(sha)e\u{301}",
                    "modules/App/\(sha.uppercased())"] {
            #expect(!StoreState.Revision.isDirectory(bad, of: sha), "\(bad)")
        }
    }

    /// The byte scan decides as the rule reads over `Substring`s (Unicode comparison included), for every path made
    /// of pieces that sit near its edges: dots with and without combining marks, empty components, 255 and 256 bytes.
    @Test func plainPathByteScanAgreesWithTheComponentRule() {
        func byComponents(_ path: String) -> Bool {
            !path.isEmpty && path.utf8.count <= 1024
                && path.split(separator: "/", omittingEmptySubsequences: false)
                    .allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && $0.utf8.count <= 255 }
                && !path.utf8.contains(0) && !path.utf8.contains(UInt8(ascii: "\\"))
        }
        let pieces = [".", "..", "...", "a", "fr.lproj", "L.strings", "/", "//", "\\", "\u{0}", ".\u{301}", "\u{2024}",
                      "\u{FF0E}", "é", "e\u{301}", " ", String(repeating: "x", count: 254), String(repeating: "é", count: 128)]
        var generator = SplitMix64(seed: 0x9A7)
        var accepted = 0
        for _ in 0..<20_000 {
            var path = ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) { path += pieces.randomElement(using: &generator)! }
            let expected = byComponents(path)
            #expect(DigestList.isPlainPath(path) == expected, "\(path.debugDescription)")
            if expected { accepted += 1 }
        }
        #expect(accepted > 1_000)
    }

    @Test("A path that is both a file and a directory, or no file at all, is refused",
          arguments: [["fr.lproj": Data(), "fr.lproj/L.strings": Data()], [:]])
    func conflictingFiles(files: [String: Data]) throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        let error = try #require(throws: StoreError.self) {
            try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: files)
        }
        #expect(error.code == .invalidArgument)
    }

    @Test("SHA-256s must be 64 lowercase hex digits",
          arguments: ["", "abc", String(repeating: "A", count: 64), String(repeating: "g", count: 64),
                      String(repeating: "a", count: 63), "../" + String(repeating: "a", count: 61)])
    func badSHA256(sha256: String) throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        for write in [{ try store.activate(module: "App", sha256: sha256, revision: 1, files: Sample.files("A")) },
                      { try store.markRejected(module: "App", sha256: sha256) },
                      { try store.recordManifestSeen(revision: 1, sha256: sha256) }] {
            let error = try #require(throws: StoreError.self) { try write() }
            #expect(error.code == .invalidArgument)
        }
    }

    @Test("errno maps to a stable code and a message naming the call, the path and the fix",
          arguments: [
              ("write", ENOSPC, StoreError.Code.diskFull, "free space"),
              ("write", EDQUOT, .diskFull, "free space"),
              ("fsync", EIO, .fsyncFailed, "without retry"),
              ("read", EIO, .ioError, "check the disk"),
              ("open", EACCES, .permissionDenied, "access"),
              ("rename", EROFS, .permissionDenied, "access"),
              ("open", ENOENT, .notFound, "missing"),
              ("mkdir", EMLINK, .systemCallFailed, "retry"),
          ])
    func errnoMapping(syscall: String, number: Int32, code: StoreError.Code, fix: String) {
        let error = StoreError.syscall(syscall, path: "/s/state.json", errno: number)
        #expect(error.code == code)
        #expect(error.syscall == syscall)
        #expect(error.path == "/s/state.json")
        #expect(error.cause == number)
        #expect(error.message.hasPrefix("\(syscall)(/s/state.json) failed: "))
        #expect(error.message.contains(fix))
    }

    @Test("The live seam reports the failing call, its path and errno")
    func liveSeamErrors() throws {
        let temp = TemporaryDirectory()
        let missing = temp.url.appendingPathComponent("missing/file").path
        let error = try #require(throws: StoreError.self) { _ = try Syscalls.live.open(missing, O_RDONLY, 0) }
        #expect(error.code == .notFound)
        #expect(error.syscall == "open")
        #expect(error.path == missing)
        #expect(error.cause == ENOENT)
        // A store whose path runs through a regular file cannot be created.
        let file = temp.url.appendingPathComponent("file")
        try Data().write(to: file)
        let openError = try #require(throws: StoreError.self) { try Sample.open(file.appendingPathComponent("store")) }
        #expect(openError.cause == ENOTDIR)
    }

    /// The store's root path skips Foundation's standardizing only where it could not change the path: the same root
    /// as the standardized URL for every path here, plain or not.
    @Test func rootPathSkipsStandardizingOnlyWhereItChangesNothing() throws {
        let paths = ["/var/lib/app/overlay", "/var/lib/app/overlay/", "/a//b", "/a/./b", "/a/../b", "/a/b/.", "/a/b/..",
                     "/home/u/.cache/overlay", "/a/.b/c", "/a..b/c", "/a b/%20c", "/x/~y", "/a.b", "/tmp/overlay-store",
                     "/private/var/x", "/a/b///", "/.", "/a/..."]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var expected = url.standardizedFileURL.path
            while expected.count > 1, expected.hasSuffix("/") { expected.removeLast() }
            if expected == "/" {
                #expect(throws: StoreError.self) { try StoreLayout.rootPath(of: url) }
            } else {
                #expect(try StoreLayout.rootPath(of: url) == expected, "\(path)")
            }
        }
        #expect(StoreLayout.isStandard("/var/lib/app") && !StoreLayout.isStandard("/var/./lib")
            && !StoreLayout.isStandard("relative/path") && !StoreLayout.isStandard("/a//b"))
    }
}
