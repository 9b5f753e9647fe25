// libFuzzer entry: any bytes through ZIPArchive + extractAll. A rejection must carry a message; an accepted
// archive must survive ZIPWriter (stored and deflate) → ZIPArchive unchanged; otherwise the process traps.
import Foundation
import OverlayCore
import OverlayPublishing

extension FuzzHarness {
    /// One libFuzzer input (`LLVMFuzzerTestOneInput`).
    public static func zip(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        let data = Data(bytes: start, count: count)
        var limits = ZIPLimits.default
        limits.maxEntryBytes = 1 << 20  // keep each run small; the caps themselves are what is being tested
        limits.maxTotalInflatedBytes = 4 << 20
        let files: [String: Data]
        let archive: ZIPArchive
        do {
            archive = try ZIPArchive(data: data, limits: limits)
            files = try archive.extractAll()
        } catch {
            precondition(!error.message.isEmpty, "empty message for \(error.code)")
            return 0
        }
        precondition(files.count == archive.entries.filter { !$0.isDirectory }.count, "extractAll lost an entry")
        for entry in archive.entries where !entry.isDirectory {
            precondition(files[entry.name]?.count == entry.uncompressedSize, "size differs for \(entry.name.debugDescription)")
        }
        // Re-zipped: deflate can raise the ratio past the cap (e.g. stored zeros), so lift it for the read-back.
        var rereadLimits = limits
        rereadLimits.maxRatio = Int.max
        rereadLimits.maxArchiveBytes = Int.max
        for method in [ZIPEntry.Method.stored, .deflate] {
            let rewritten = ZIPWriter.archive(files, method: method)
            precondition(ZIPWriter.archive(files, method: method) == rewritten, "writer is not deterministic")
            do {
                let reread = try ZIPArchive(data: rewritten, limits: rereadLimits).extractAll()
                precondition(reread == files, "round trip through ZIPWriter (\(method)) changed the files")
            } catch {
                fatalError("ZIPWriter output (\(method)) rejected: \(error)")
            }
        }
        return 0
    }
}
