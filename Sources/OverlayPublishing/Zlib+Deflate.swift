internal import CZlib
import OverlayCore

// Writing is the publisher's: a client only inflates.
extension Zlib {
    /// `deflateInit2(level, raw, memLevel 8)` + one `deflate(Z_FINISH)` of `source`. The same input and level always
    /// give the same bytes (zlib is deterministic for a given version and parameters).
    static func deflate(_ source: UnsafeRawBufferPointer, level: Int32) -> [UInt8] {
        precondition((1...9).contains(level), "zlib deflate level \(level) is outside 1…9")
        var stream = z_stream()
        guard CZlib_deflateInit2(&stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK else {
            fatalError("deflateInit2 failed: out of memory")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(source.count)))
        var scratch: UInt8 = 0
        return [UInt8](unsafeUninitializedCapacity: bound) { output, written in
            withUnsafeMutablePointer(to: &scratch) { scratchPointer in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress?.assumingMemoryBound(to: Bytef.self)) ?? scratchPointer
                stream.avail_in = uInt(source.count)
                stream.next_out = output.baseAddress ?? scratchPointer
                stream.avail_out = uInt(bound)
                // With deflateBound's room, a single Z_FINISH always completes.
                guard CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END else { fatalError("deflate did not finish within deflateBound") }
                written = bound - Int(stream.avail_out)
            }
        }
    }
}
