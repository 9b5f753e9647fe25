import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// The deterministic writer: byte-stable output that Info-ZIP, Python and our reader all accept.
@Suite struct ZIPWriterTests {
    static let files: [String: Data] = [
        "overlay-module.json": Data(#"{"schema_version":1,"module":"App"}"#.utf8),
        "Info.plist": Data("<plist><dict/></plist>\n".utf8),
        "fr.lproj/Localizable.strings": Data(String(repeating: "\"greeting\" = \"Bonjour\";\n", count: 200).utf8),
        "de.lproj/Localizable.strings": Data("\"a\" = \"Grüße\";\n".utf8),
        "ja.lproj/設定.strings": Data("\"a\" = \"設定\";\n".utf8),
        "fr.lproj/Empty.strings": Data(),
    ]
    static let methods: [ZIPEntry.Method] = [.deflate, .stored]

    @Test("Same files, same bytes, whatever the dictionary's order", arguments: methods)
    func deterministic(_ method: ZIPEntry.Method) {
        let first = ZIPWriter.archive(Self.files, method: method)
        var shuffled: [String: Data] = [:]
        for (name, contents) in Self.files.reversed() { shuffled[name] = contents }
        #expect(ZIPWriter.archive(shuffled, method: method) == first)
    }

    /// Publish hands the writer names and makes each file when its entry is written (a large module's files are
    /// never all in memory at once): the same bytes, each file asked for once, in entry order.
    @Test("Files made on demand give the same archive", arguments: methods)
    func filesMadeOnDemand(_ method: ZIPEntry.Method) {
        var asked: [String] = []
        let archive = ZIPWriter.archive(names: Array(Self.files.keys).shuffled(), method: method) { name in
            asked.append(name)
            return Self.files[name] ?? Data()
        }
        #expect(archive == ZIPWriter.archive(Self.files, method: method))
        #expect(asked == Self.files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test("Our reader reads back every file", arguments: methods)
    func roundTrip(_ method: ZIPEntry.Method) throws {
        let archive = try ZIPArchive(data: ZIPWriter.archive(Self.files, method: method))
        #expect(try archive.extractAll() == Self.files)
        #expect(archive.entries.allSatisfy { $0.method == method })
        #expect(archive.entries.map(\.name) == Self.files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test("Info-ZIP `unzip -t` finds no error", arguments: methods)
    func infoZIPAccepts(_ method: ZIPEntry.Method) throws {
        let output = try ZIPTools.withTemporaryFile(ZIPWriter.archive(Self.files, method: method)) { path in
            try ZIPTools.run("unzip", ["-t", path])
        }
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("No errors detected"))
    }

    @Test("Python's zipfile reads back every file", arguments: methods)
    func pythonAccepts(_ method: ZIPEntry.Method) throws {
        let extracted = try ZIPTools.withTemporaryFile(ZIPWriter.archive(Self.files, method: method)) { path in
            try ZIPTools.pythonExtract(path)
        }
        #expect(extracted == Self.files)
    }

    @Test("Fixed fields: DOS date 1980-01-01 00:00, Unix 0644, made by Unix, no extra fields, UTF-8 flag only for non-ASCII names")
    func fixedFields() throws {
        let script = """
            import sys, zipfile
            for i in zipfile.ZipFile(sys.argv[1]).infolist():
                print(i.filename, i.date_time, oct(i.external_attr >> 16), i.create_system, len(i.extra), i.flag_bits, i.compress_type)
            """
        let output = try ZIPTools.withTemporaryFile(ZIPWriter.archive(["a.strings": Data("x".utf8), "é.strings": Data("y".utf8)])) { path in
            try ZIPTools.run("python3", ["-c", script, path])
        }
        #expect(output.stdout == """
            a.strings (1980, 1, 1, 0, 0, 0) 0o100644 3 0 0 8
            é.strings (1980, 1, 1, 0, 0, 0) 0o100644 3 0 2048 8

            """)
    }

    @Test("No files: an empty archive of 22 bytes that reads back empty")
    func empty() throws {
        let data = ZIPWriter.archive([:])
        #expect(data.count == 22)
        #expect(try ZIPArchive(data: data).entries.isEmpty)
    }

    @Test("Deflate level 9 output matches zlib's own raw deflate of the same bytes (Python zlib)")
    func deflateMatchesZlib() throws {
        let contents = try #require(Self.files["fr.lproj/Localizable.strings"])
        let archive = try ZIPArchive(data: ZIPWriter.archive(["t": contents]))
        let script = "import sys, zlib; c = zlib.compressobj(9, zlib.DEFLATED, -15); print(len(c.compress(sys.stdin.buffer.read()) + c.flush()))"
        let output = try ZIPTools.withTemporaryFile(contents) { path in
            try ZIPTools.run("/bin/sh", ["-c", "python3 -c '\(script)' < \(path)"])
        }
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(archive.entries[0].compressedSize)")
    }
}
