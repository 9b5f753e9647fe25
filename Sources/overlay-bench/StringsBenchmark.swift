import Foundation
import OverlayCore
import OverlayPublishing

/// Loading a 2,000-key `.strings` table: `StringsReader` against `PropertyListSerialization`.
///
/// Budget (DESIGN.md, Performance): ≤ 1 ms and ≥ 3× faster than `PropertyListSerialization`.
enum StringsBenchmark {
    static func run() throws {
        let data = makeTable(keys: 2_000)
        print("strings: 2,000-key UTF-8 table, \(data.count) bytes")
        let baseline = try measure("PropertyListSerialization.propertyList(from:)", iterations: 200) {
            blackHole(try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
        }
        let reader = try measure("StringsReader.read", iterations: 200) {
            blackHole(try StringsReader.read(data))
        }
        let toDictionary = try measure("StringsReader.read + .dictionary", iterations: 200) {
            blackHole(try StringsReader.read(data).dictionary)
        }
        let entries = try StringsReader.read(data).entries
        let writtenSize = StringsWriter.write(entries).count
        let write = measure("StringsWriter.write (\(writtenSize) bytes out)", iterations: 200) {
            blackHole(StringsWriter.write(entries))
        }
        print("  speedup read over PropertyListSerialization: \(rounded(reader.speedup(over: baseline)))×")
        print("  speedup read + dictionary over PropertyListSerialization: \(rounded(toDictionary.speedup(over: baseline)))×")
        print("  write: \(rounded(Double(writtenSize) / write.medianNanoseconds * 1_000)) MB/s")
    }

    /// A table shaped like genstrings output: a comment per entry, dotted keys, placeholders, some
    /// non-ASCII text and escapes.
    static func makeTable(keys: Int) -> Data {
        var text = ""
        let phrases = ["Save changes before closing?", "Grüße aus Köln — ✓", "%@ has %d new messages",
            "Line one\\nLine two", "Tap \\\"Done\\\" to finish", "Загрузка…", "設定を保存しました"]
        for index in 0..<keys {
            text += "/* Shown in section \(index % 17) of the settings screen. */\n"
            text += "\"settings.section\(index % 17).item\(index).title\" = \"\(phrases[index % phrases.count]) (\(index))\";\n\n"
        }
        return Data(text.utf8)
    }
}
