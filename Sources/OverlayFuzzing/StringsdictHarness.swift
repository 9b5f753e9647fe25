/// libFuzzer entry: reads arbitrary bytes as a `.stringsdict` and exercises every consumer of the result.
import Foundation
import OverlayCore
import OverlayPublishing

extension FuzzHarness {
    /// One libFuzzer input (`LLVMFuzzerTestOneInput`).
    public static func stringsdict(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        let data = Data(bytes: start, count: count)
        _ = try? PropertyListReader.read(data)
        guard let file = try? StringsdictReader.readFile(data) else { return 0 }
        for entry in file.entries {
            let map = SlotMap(entry: entry.entry)
            _ = map.signature
            let issues = FormatCompatibility.check(source: map, translation: map, strict: true)
            precondition(!issues.contains { [.classMismatch, .sizeMismatch, .unknownSlot].contains($0.code) })
        }
        precondition(file.dictionary.count == file.entries.count, "duplicate keys must have been rejected")
        return 0
    }
}
