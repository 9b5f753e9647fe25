import Foundation

/// Memory for extracted bytes, handed to `Data` without a copy. Large outputs are mapped and advised
/// `MADV_HUGEPAGE`: page faults were the main cost of extracting big tables into fresh memory. Nothing is
/// zero-filled: inflate or the stored copy overwrites every byte the returned `Data` exposes.
struct ExtractionBuffer {
    static let mappingThreshold = 2 << 20

    let pointer: UnsafeMutableRawPointer
    let capacity: Int
    private let isMapped: Bool

    init(capacity: Int) {
        self.capacity = capacity
        if capacity >= Self.mappingThreshold,
            let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED {
            LibC.adviseHugePages(mapped, capacity)
            self.pointer = mapped
            self.isMapped = true
        } else {
            self.pointer = UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1), alignment: 16)
            self.isMapped = false
        }
    }

    /// Releases the buffer when it was not handed to `Data`.
    func release() {
        if isMapped { munmap(pointer, capacity) } else { pointer.deallocate() }
    }

    /// The first `count` bytes as `Data` that owns the buffer.
    func data(count: Int) -> Data {
        let capacity = capacity
        let deallocator: Data.Deallocator = isMapped
            ? .custom { pointer, _ in munmap(pointer, capacity) }
            : .custom { pointer, _ in pointer.deallocate() }
        return Data(bytesNoCopy: pointer, count: count, deallocator: deallocator)
    }
}
