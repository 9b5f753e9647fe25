import Foundation
import Testing
@testable import OverlayCore

/// The files the store writes itself (`state.json`, the digest list, `store.json`) read back as written, and every
/// hand-made trap refused.
@Suite struct StoreFileDecodingTests {
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

    @Test func stateAsTheStoreWritesItIsReadBackEqual() {
        var generator = Generator(state: 1)
        for _ in 0..<300 {
            let state = Self.state(&generator)
            #expect((try? StoreState(json: Array(state.json.serialized().utf8))) == state)
        }
    }

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
        #expect(((try? StoreState(json: Array(text.utf8))) != nil) == accepted)
    }

    /// The active and the previous revision of a module must each lie in its own folder.
    @Test func aRevisionInAnotherModulesFolderIsRefused() throws {
        let sha = String(repeating: "ab", count: 32)
        func state(active: String, previous: String) -> [UInt8] {
            Array((#"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{"rejected":[],"#
                + #""active":{"sha256":"\#(sha)","revision":2,"dir":"modules/\#(active)/\#(sha)"},"#
                + #""previous":{"sha256":"\#(sha)","revision":1,"dir":"modules/\#(previous)/\#(sha)"}}}}"#).utf8)
        }
        #expect(try StoreState(json: state(active: "A", previous: "A")).modules["A"]?.previous?.revision == 1)
        for (active, previous) in [("B", "A"), ("A", "B"), ("A", "AB")] {
            let error = try #require(throws: StoreError.self) { try StoreState(json: state(active: active, previous: previous)) }
            #expect(error.message == "state.json names a directory outside modules/A/", "\(active) \(previous)")
        }
    }

    /// A revision directory whose module folder continues with a combining mark is outside `modules/<name>/`.
    @Test func aCombiningMarkAfterTheModuleFolderIsRefused() {
        let sha = String(repeating: "ab", count: 32)
        let text = #"{"format_version":1,"app_version":"1","source_hash":"h","modules":{"A":{"rejected":[],"#
            + #""active":{"sha256":"\#(sha)","revision":1,"dir":"modules/A/\#u{301}x/\#(sha)"}}}}"#
        #expect((try? StoreState(json: Array(text.utf8))) == nil)
    }

    @Test func digestListsAreReadBackEqualAndTrapsRefused() throws {
        var generator = Generator(state: 3)
        for _ in 0..<200 {
            var files: [String: Data] = [:]
            for index in 0..<Int.random(in: 1...5, using: &generator) {
                files["fr.lproj/T\(index).strings"] = Data(repeating: UInt8(index), count: Int.random(in: 0...40, using: &generator))
            }
            let list = DigestList(files: files)
            #expect(try DigestList(data: list.data) == list)
        }
        for text in [
            #"{"files":{"a":"x"},"format_version":1,"sizes":{"b":1}}"#,  // a size for a file it does not list
            #"{"files":{"a":"x"},"format_version":1,"sizes":{"a":-1}}"#,
            #"{"files":{"../a":"x"},"format_version":1}"#,
            #"{"files":{"a":"x"},"format_version":1,"sizes":null}"#,
        ] {
            #expect((try? DigestList(data: Data(text.utf8))) == nil, "\(text)")
        }
        let sizesFirst = try DigestList(data: Data(#"{"sizes":{"a":1},"format_version":1,"files":{"a":"x"}}"#.utf8))
        #expect(sizesFirst.files == ["a": "x"] && sizesFirst.sizes == ["a": 1])
    }

    @Test func markersAreReadBackAndAnotherMemberIsRefused() {
        let (id, data) = StoreMarker.make()
        #expect(StoreMarker.decode(data) == .current(id: id))
        let extra = #"{"format":"overlay-store","version":2,"id":"0123456789abcdef0123456789abcdef","x":1}"#
        if case .invalid = StoreMarker.decode(Data(extra.utf8)) {} else { Issue.record("another member is not a marker") }
    }
}
