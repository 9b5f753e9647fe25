import Foundation

/// Memory for extracted bytes, handed to `Data` without a copy. Large outputs are mapped and advised
/// `MADV_HUGEPAGE`: page faults were the main cost of extracting big tables into fresh memory. Nothing is
/// zero-filled: inflate or the stored copy overwrites every byte the returned `Data` exposes.
struct ExtractionBuffer {
    static let mappingThreshold = 2 << 20

    let pointer: UnsafeMutableRawPointer
    let capacity: Int
    /// Bytes mapped (`capacity` rounded up to whole huge pages), 0 when allocated.
    private let mapped: Int

    init(capacity: Int) {
        // Mapped in whole huge pages, aligned to one: an unaligned mapping gets huge pages in its middle only.
        let huge = Self.mappingThreshold, length = (capacity + huge - 1) / huge * huge
        if capacity >= huge,
            let mapped = mmap(nil, length + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED {
            let head = (huge - Int(bitPattern: mapped) % huge) % huge
            if head > 0 { munmap(mapped, head) }
            munmap(mapped + head + length, huge - head)
            LibC.adviseHugePages(mapped + head, length)
            self.pointer = mapped + head
            self.mapped = length
        } else {
            self.pointer = UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1), alignment: 16)
            self.mapped = 0
        }
        self.capacity = capacity
    }

    /// Releases the buffer when it was not handed to `Data`.
    func release() {
        if mapped > 0 { munmap(pointer, mapped) } else { pointer.deallocate() }
    }

    /// The first `count` bytes as `Data` that owns the buffer.
    func data(count: Int) -> Data {
        let mapped = mapped
        let deallocator: Data.Deallocator = mapped > 0
            ? .custom { pointer, _ in munmap(pointer, mapped) }
            : .custom { pointer, _ in pointer.deallocate() }
        return Data(bytesNoCopy: pointer, count: count, deallocator: deallocator)
    }
}
