import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// Compares the strict parser with independent implementations on documents they all accept.
@Suite struct JSONOracleTests {
    static let validFixtures = [
        "valid-nested-mixed-types.json", "valid-escapes-and-unicode.json", "valid-numbers.json",
        "valid-utf8-bom-skipped.json",
    ]

    @Test("agrees with Foundation's JSONSerialization", arguments: validFixtures)
    func foundation(_ name: String) throws {
        var data = try Fixtures.data("formats/json/\(name)")
        let ours = try StrictJSON.parse(data)
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        let theirs = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        #expect(Self.matches(ours, theirs), "\(ours.serialized()) vs \(theirs)")
    }

    @Test("agrees with Python's json module", arguments: validFixtures)
    func python(_ name: String) throws {
        let data = try Fixtures.data("formats/json/\(name)")
        let canonical = try Self.runPython(
            "import json,sys; v=json.loads(sys.stdin.buffer.read().decode('utf-8-sig')); "
                + "sys.stdout.write(json.dumps(v, ensure_ascii=False, sort_keys=True))", input: data)
        #expect(canonical.status == 0)
        let fromPython = try StrictJSON.parse(canonical.output)
        #expect(Self.numericallyEqual(try StrictJSON.parse(data), fromPython))
    }

    /// Python with duplicate detection and without NaN agrees that these are not JSON.
    @Test("Python in strict mode rejects what we reject", arguments: [
        #"{"a":1,"a":2}"#, "[1,]", "01", "[NaN]", "\"a\tb\"", "{'a':1}", "1 2",
    ])
    func pythonRejects(_ text: String) throws {
        #expect(throws: JSONError.self) { try StrictJSON.parse(text) }
        let script = """
            import json,sys
            def pairs(p):
                keys=[k for k,_ in p]
                if len(keys)!=len(set(keys)): raise ValueError('duplicate')
                return dict(p)
            def const(c): raise ValueError(c)
            try:
                json.loads(sys.stdin.read(), object_pairs_hook=pairs, parse_constant=const)
            except ValueError:
                sys.exit(3)
            """
        #expect(try Self.runPython(script, input: Data(text.utf8)).status == 3)
    }

    static func runPython(_ script: String, input: Data) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Structural equality where numbers compare by value (Python rewrites `1E+3` as `1000.0`).
    static func numericallyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return Double(a.text) == Double(b.text)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { numericallyEqual($0, $1) }
        case (.object(let a), .object(let b)):
            return a.keys.sorted() == b.keys.sorted()
                && a.members.allSatisfy { member in b[member.key].map { numericallyEqual(member.value, $0) } ?? false }
        default: return lhs == rhs
        }
    }

    /// Whether a JSONSerialization result matches our value, driven by our value's type.
    static func matches(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .bool(let flag): return (theirs as? Bool) == flag || (theirs as? NSNumber)?.boolValue == flag
        case .number(let number):
            guard let other = theirs as? NSNumber else { return false }
            if let integer = number.intValue { return other.int64Value == Int64(integer) }
            return other.doubleValue == Double(number.text)
        case .string(let text): return (theirs as? String) == text
        case .array(let elements):
            guard let other = theirs as? [Any], other.count == elements.count else { return false }
            return zip(elements, other).allSatisfy { matches($0, $1) }
        case .object(let object):
            guard let other = theirs as? [String: Any], other.count == object.count else { return false }
            return object.members.allSatisfy { member in other[member.key].map { matches(member.value, $0) } ?? false }
        }
    }
}
