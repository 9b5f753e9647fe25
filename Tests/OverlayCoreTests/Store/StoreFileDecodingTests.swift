import Foundation
import Testing
@testable import OverlayCore

/// `state.json` and the digest list are read at launch without a JSON tree (`JSONDirectReader`); that reader may give
/// up, never disagree: whatever it accepts, the tree decoder accepts with the same result. Checked over generated
/// files as the store writes them, every kind of hand-made trap, and thousands of damaged copies.
@Suite struct DirectDecodingTests {
    typealias Generator = SplitMix64

    static func hex(_ generator: inout Generator) -> String {
        (0..<32).map { _ in String(format: "%02x", Int.random(in: 0...255, using: &generator)) }.joined()
    }

    static func state(_ generator: inout Generator) -> StoreState {
        var state = StoreState(appVersion: "1.\(Int.random(in: 0...9, using: &generator))", sourceHash: "sha256:" + hex(&generator))
        for index in 0..<Int.random(in: 0...6, using: &generator) {
            let name = ["App", "Checkout", "Ünïcode", "M\(index)"][Int.random(in: 0...3, using: &generator)]
            var module = StoreState.Module()
            func revision() -> StoreState.Revision {
                let sha = hex(&generator)
                return StoreState.Revision(sha256: sha, revision: Int.random(in: 0...99, using: &generator), directory: "modules/\(name)/\(sha)")
            }
            if Bool.random(using: &generator) { module.active = revision() }
            if Bool.random(using: &generator) { module.previous = revision() }
            if Bool.random(using: &generator) { module.rejected = [hex(&generator)] }
            state.modules[name] = module
        }
        if Bool.random(using: &generator) { state.highestSeen = SeenManifest(revision: 7, sha256: hex(&generator)) }
        if Bool.random(using: &generator) { state.etag = "\"W/\\\"e\(Int.random(in: 0...99, using: &generator))\"" }
        return state
    }

    /// A damaged copy: a byte changed, dropped or doubled, or a span repeated (which makes duplicate keys).
    static func damaged(_ bytes: [UInt8], _ generator: inout Generator) -> [UInt8] {
        var copy = bytes
        guard !copy.isEmpty else { return copy }
        let at = Int.random(in: 0..<copy.count, using: &generator)
        switch Int.random(in: 0...4, using: &generator) {
        case 0: copy[at] = UInt8.random(in: 0...255, using: &generator)
        case 1: copy.remove(at: at)
        case 2: copy.insert(copy[at], at: at)
        case 3: copy[at] = Array("{}[],:\"0n -".utf8).randomElement(using: &generator)!
        default:
            let end = min(copy.count, at + Int.random(in: 1...40, using: &generator))
            copy.insert(contentsOf: copy[at..<end], at: end)
        }
        return copy
    }

    /// Direct accepts ⇒ the tree accepts the same state.
    static func agrees(_ bytes: [UInt8]) -> (direct: Bool, agrees: Bool) {
        guard let direct = StoreState.decodeDirect(bytes) else { return (false, true) }
        return (true, (try? StoreState(decodingTree: bytes)) == direct)
    }

    @Test func stateAsTheStoreWritesItIsReadDirectlyAndEqual() {
        var generator = Generator(state: 1)
        for _ in 0..<300 {
            let state = Self.state(&generator)
            let bytes = Array(state.json.serialized().utf8)
            // A module name outside ASCII is left to the tree decoder.
            let ascii = state.modules.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            #expect(StoreState.decodeDirect(bytes) == (ascii ? state : nil))
            #expect((try? StoreState(decodingTree: bytes)) == state)
            #expect((try? StoreState(json: bytes)) == state)
        }
    }

    @Test func damagedStatesAreNeverReadDifferently() {
        var generator = Generator(state: 2)
        var accepted = 0
        var rejected = 0
        for _ in 0..<4_000 {
            var bytes = Array(Self.state(&generator).json.serialized().utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) { bytes = Self.damaged(bytes, &generator) }
            let (direct, agrees) = Self.agrees(bytes)
            #expect(agrees, "\(String(decoding: bytes, as: UTF8.self))")
            if direct { accepted += 1 } else { rejected += 1 }
        }
        #expect(accepted > 100 && rejected > 100, "accepted \(accepted), gave up on \(rejected)")
    }

    /// Each trap the tree decoder rejects (or accepts) is rejected (or accepted the same way) here too.
    @Test("hand-made states", arguments: [
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{}}"#, true),
        (#"  {"format_version":1,"app_version":"1","source_hash":"h","modules":{},"extra":[{"a":[1,{}]}]}  "#, true),
        ("\u{FEFF}" + #"{"format_version":1,"app_version":"1","source_hash":"h","modules":{}}"#, true),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{},"highest_manifest_sha256":5}"#, true),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{},"highest_manifest_revision":3}"#, false),
        (#"{"format_version":1,"app_version":"1","app_version":"2","source_hash":"h","modules":{}}"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{"rejected":[]},"A":{"rejected":[]}}}"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{"rejected":[],"active":null}}}"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{"rejected":[1]}}}"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{}}}"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{},}"#, false),
        (#"{"format_version":1.0,"app_version":"1","source_hash":"h","modules":{}}"#, false),
        (#"{"format_version":2,"app_version":"1","source_hash":"h","modules":{}}"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{},"etag":null}"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{}} x"#, false),
        (#"[]"#, false),
        (#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{"rejected":[]},"\u0041":{"rejected":[]}}}"#, false),
        ("", false),
    ])
    func handMadeStates(_ text: String, accepted: Bool) {
        let bytes = Array(text.utf8)
        #expect(((try? StoreState(decodingTree: bytes)) != nil) == accepted, "the tree decoder")
        #expect((StoreState.decodeDirect(bytes) != nil) == accepted)
        #expect(Self.agrees(bytes).agrees)
    }

    /// A revision directory whose module folder continues with a combining mark: `hasPrefix` compares characters, so
    /// the tree decoder refuses it, and so must a byte comparison.
    @Test func aCombiningMarkAfterTheModuleFolderIsRefused() {
        let sha = String(repeating: "ab", count: 32)
        let text = #"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{"rejected":[],"#
            + #""active":{"sha256":"\#(sha)","revision":1,"dir":"modules/A/\#u{301}x/\#(sha)"}}}}"#
        #expect((try? StoreState(decodingTree: Array(text.utf8))) == nil)
        #expect(StoreState.decodeDirect(Array(text.utf8)) == nil)
    }

    @Test func digestListsAreNeverReadDifferently() throws {
        var generator = Generator(state: 3)
        var accepted = 0
        for round in 0..<2_000 {
            var files: [String: Data] = [:]
            for index in 0..<Int.random(in: 1...5, using: &generator) {
                files["fr.lproj/T\(index).strings"] = Data(repeating: UInt8(index), count: Int.random(in: 0...40, using: &generator))
            }
            let list = DigestList(files: files)
            var bytes = Array(list.data)
            if round > 0 {
                #expect(DigestList.decodeDirect(bytes) == list)
                for _ in 0..<Int.random(in: 1...2, using: &generator) { bytes = Self.damaged(bytes, &generator) }
            }
            guard let direct = DigestList.decodeDirect(bytes) else { continue }
            accepted += 1
            #expect((try? DigestList(decodingTree: Data(bytes))) == direct, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 50)
        for text in [
            #"{"files":{"a":"x"},"format_version":1,"sizes":{"b":1}}"#,  // a size for a file it does not list
            #"{"files":{"a":"x"},"format_version":1,"sizes":{"a":-1}}"#,
            #"{"files":{"../a":"x"},"format_version":1}"#,
            #"{"files":{"a":"x"},"format_version":1,"sizes":null}"#,
        ] {
            #expect(DigestList.decodeDirect(Array(text.utf8)) == nil, "\(text)")
            #expect((try? DigestList(decodingTree: Data(text.utf8))) == nil, "\(text)")
        }
        let sizesFirst = #"{"sizes":{"a":1},"format_version":1,"files":{"a":"x"}}"#
        #expect(DigestList.decodeDirect(Array(sizesFirst.utf8)) == (try DigestList(decodingTree: Data(sizesFirst.utf8))))
    }

    @Test func damagedMarkersAreNeverReadDifferently() {
        var generator = Generator(state: 4)
        var accepted = 0
        for round in 0..<3_000 {
            var bytes = Array(StoreMarker.make().data)
            if round > 0 {
                for _ in 0..<Int.random(in: 1...2, using: &generator) { bytes = Self.damaged(bytes, &generator) }
            }
            guard let id = StoreMarker.currentID(bytes) else { continue }
            accepted += 1
            #expect(StoreMarker(decodingTree: Data(bytes)) == .current(id: id), "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 20)  // most damage breaks a 70-byte marker; whitespace and key order do not
        let extra = #"{"format":"overlay-store","version":2,"id":"0123456789abcdef0123456789abcdef","x":1}"#
        #expect(StoreMarker.currentID(Array(extra.utf8)) == nil)
        if case .invalid = StoreMarker(decodingTree: Data(extra.utf8)) {} else { Issue.record("another member is not a marker") }
    }
}
