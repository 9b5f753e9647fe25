// libFuzzer entry: any bytes through StringsReader; every accepted table must survive
// StringsWriter → StringsReader unchanged, and must equal what PropertyListSerialization reads
// from the same text whenever Foundation accepts it too; otherwise the process traps.
// Run with ASAN_OPTIONS=detect_leaks=0: PropertyListSerialization leaks its CFError on rejected input.
/// Differential check: text tables must agree (plist containers, which Foundation itself reads, are refused above).
import Foundation
import OverlayCore
import OverlayPublishing

extension FuzzHarness {
    /// One libFuzzer input (`LLVMFuzzerTestOneInput`).
    public static func strings(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
        let file: StringsFile
        do {
            file = try StringsReader.read(Data(bytes))
        } catch {
            // Every rejection must say where and why.
            precondition(!error.message.isEmpty, "empty message for \(error.code)")
            if let location = error.location { precondition(location.line >= 1 && location.column >= 1, "bad location \(location)") }
            return 0
        }
        checkAgainstFoundation(bytes, file)
        let written = StringsWriter.write(file.entries, comment: "fuzz */ round trip")
        let reread: StringsFile
        do {
            reread = try StringsReader.read(written)
        } catch {
            fatalError("StringsWriter output rejected: \(error)")
        }
        precondition(reread.warnings.isEmpty, "StringsWriter output has warnings: \(reread.warnings)")
        precondition(reread.entries.count == file.entries.count, "entry count changed")
        for (original, copy) in Swift.zip(file.entries, reread.entries) {
            precondition(original.key.unicodeScalars.elementsEqual(copy.key.unicodeScalars), "key changed: \(original.key.debugDescription)")
            precondition(original.value.unicodeScalars.elementsEqual(copy.value.unicodeScalars), "value changed: \(original.value.debugDescription)")
        }
        return 0
    }
}

func checkAgainstFoundation(_ bytes: [UInt8], _ file: StringsFile) {
    guard let oracle = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
        let expected = oracle as? [String: String]
    else { return }
    // Keys that differ only by canonical equivalence collapse unpredictably once bridged; skip those tables.
    let distinctScalarKeys = Set(file.entries.map { Array($0.key.unicodeScalars.map(\.value)) }).count
    guard distinctScalarKeys == Set(file.entries.map(\.key)).count else { return }
    let ours = file.dictionary
    precondition(ours == expected, "differs from Foundation: ours \(ours) Foundation \(expected)")
}
