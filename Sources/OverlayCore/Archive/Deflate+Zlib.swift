internal import CZlib

/// Raw deflate (RFC 1951) and CRC-32 through zlib, each over whole buffers in one call.
package enum Zlib {
    package enum InflateOutcome: Equatable {
        case finished(consumed: Int, produced: Int)
        case outputFull
        case inputExhausted
        /// `Z_DATA_ERROR`, with zlib's message.
        case corrupt(String)
    }

    package static func crc32(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        var crc = CZlib.crc32(0, nil, 0)
        var offset = 0
        while offset < buffer.count {  // uInt lengths: chunk below 4 GiB
            let length = min(buffer.count - offset, 1 << 30)
            crc = CZlib.crc32(crc, base.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(length))
            offset += length
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// `inflateInit2(-15)` + `inflate` of `source` into `destination` (both under 4 GiB), with `crc32` of the
    /// output computed chunk by chunk while each chunk is still in the CPU cache.
    package static func inflate(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, crc: inout UInt32) -> InflateOutcome {
        var stream = z_stream()
        guard CZlib_inflateInit2(&stream, -MAX_WBITS) == Z_OK else { fatalError("inflateInit2 failed: out of memory") }
        defer { inflateEnd(&stream) }
        var scratch: UInt8 = 0  // zlib wants non-NULL pointers even for empty buffers
        return withUnsafeMutablePointer(to: &scratch) { scratchPointer in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress?.assumingMemoryBound(to: Bytef.self)) ?? scratchPointer
            stream.avail_in = uInt(source.count)
            let output = destination.baseAddress?.assumingMemoryBound(to: Bytef.self) ?? scratchPointer
            var produced = 0
            var running = CZlib.crc32(0, nil, 0)
            while true {
                let room = min(destination.count - produced, chunkSize)
                stream.next_out = output.advanced(by: produced)
                stream.avail_out = uInt(room)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                let made = room - Int(stream.avail_out)
                running = CZlib.crc32(running, output.advanced(by: produced), uInt(made))
                produced += made
                crc = UInt32(truncatingIfNeeded: running)
                switch status {
                case Z_STREAM_END:
                    return .finished(consumed: source.count - Int(stream.avail_in), produced: produced)
                case Z_DATA_ERROR, Z_NEED_DICT:
                    return .corrupt(stream.msg.map { String(cString: $0) } ?? "invalid deflate data")
                case Z_OK, Z_BUF_ERROR:
                    // Room left means inflate wants more input than there is.
                    if stream.avail_out > 0 { return .inputExhausted }
                    if produced == destination.count { return .outputFull }
                default:  // Z_STREAM_ERROR, Z_MEM_ERROR
                    return .corrupt("zlib status \(status)")
                }
            }
        }
    }

    /// Output chunk size of ``inflate(_:into:crc:)``: large enough that zlib rarely copies output into its
    /// window between calls (32 KiB chunks measured 25% slower), small enough to be cached for the CRC pass.
    package static let chunkSize = 1 << 20
}
