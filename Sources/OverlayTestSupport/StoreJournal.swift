import Foundation
package import OverlayCore

extension OverlayStore {
    /// The last `n` journal entries, oldest first, across `journal.1.jsonl` and `journal.jsonl`; a line that does not
    /// parse (torn by a crash) is skipped. Only tests read the journal this way (`overlay inspect` has its own reader).
    package func readJournal(last n: Int) throws -> [JSONValue] {
        guard n > 0, !isIgnored else { return [] }
        var entries: [JSONValue] = []
        for name in ["journal.1.jsonl", "journal.jsonl"] {
            let path = url.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            for line in try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: 0x0A) where !line.isEmpty {
                if let value = try? StrictJSON.parse(Data(line)) { entries.append(value) }
            }
        }
        return Array(entries.suffix(n))
    }
}
