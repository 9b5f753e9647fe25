package import Foundation
package import OverlayCore

/// Writes deterministic ZIP archives: the same files always give the same bytes.
///
/// Entries are sorted by the bytes of their UTF-8 names; every entry has the DOS timestamp
/// 1980-01-01 00:00, Unix mode 0644 ("version made by" Unix), no extra fields and no comment; deflate
/// uses zlib level ``deflateLevel``. Names are written as given (the UTF-8 flag is set when one is not ASCII) and are
/// not checked here: ``ZIPArchive`` rejects unsafe ones on the way back in.
///
/// Level 6 (zlib's default), not 9: on catalog text 9 costs about twice the time for well under 1% smaller archives
/// (BENCHMARKS.md, publish).
///
/// ```swift
/// let bytes = ZIPWriter.archive(["Info.plist": plist, "fr.lproj/Localizable.strings": table])
/// ```
package enum ZIPWriter {
    private static let dosTime: UInt16 = 0
    private static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1  // 1980-01-01
    private static let madeByUnix: UInt16 = (3 << 8) | 20
    private static let regularFile0644: UInt32 = 0o100644 << 16
    /// The zlib level of every deflated entry. Part of a publish's build record key: changing it rebuilds every archive.
    package static let deflateLevel: Int32 = 6

    /// The archive of `files` (name → contents), every entry compressed with `method`.
    package static func archive(_ files: [String: Data], method: ZIPEntry.Method = .deflate) -> Data {
        archive(names: Array(files.keys), method: method) { files[$0] ?? Data() }
    }

    /// The same archive, each file's contents asked for when its entry is written and dropped after it: a large
    /// module's files are never all in memory at once.
    package static func archive(names: [String], method: ZIPEntry.Method = .deflate, contents: (String) -> Data) -> Data {
        let sorted = names.map { (name: Array($0.utf8), text: $0) }.sorted { $0.name.lexicographicallyPrecedes($1.name) }
        var output = Data()
        var central = Data()
        for entry in sorted {
            let file = (name: entry.name, contents: contents(entry.text))
            let offset = output.count
            let crc = file.contents.withUnsafeBytes { Zlib.crc32($0) }
            let body: Data = switch method {
            case .stored: file.contents
            case .deflate: Data(file.contents.withUnsafeBytes { Zlib.deflate($0, level: deflateLevel) })
            }
            let flags: UInt16 = file.name.contains(where: { $0 >= 0x80 }) ? 1 << 11 : 0
            let versionNeeded: UInt16 = method == .deflate ? 20 : 10
            // Shared fields: version needed, flags, method, time, date, CRC, sizes, name length, extra length.
            var shared = Data()
            shared.appendLittleEndian(versionNeeded)
            shared.appendLittleEndian(flags)
            shared.appendLittleEndian(method.rawValue)
            shared.appendLittleEndian(dosTime)
            shared.appendLittleEndian(dosDate)
            shared.appendLittleEndian(crc)
            shared.appendLittleEndian(UInt32(body.count))
            shared.appendLittleEndian(UInt32(file.contents.count))
            shared.appendLittleEndian(UInt16(file.name.count))
            shared.appendLittleEndian(UInt16(0))

            output.appendLittleEndian(UInt32(0x0403_4B50))
            output.append(shared)
            output.append(contentsOf: file.name)
            output.append(body)

            central.appendLittleEndian(UInt32(0x0201_4B50))
            central.appendLittleEndian(madeByUnix)
            central.append(shared)
            central.appendLittleEndian(UInt16(0))  // comment length
            central.appendLittleEndian(UInt16(0))  // disk number start
            central.appendLittleEndian(UInt16(0))  // internal attributes
            central.appendLittleEndian(regularFile0644)
            central.appendLittleEndian(UInt32(offset))
            central.append(contentsOf: file.name)
        }
        let directoryOffset = output.count
        output.append(central)
        output.appendLittleEndian(UInt32(0x0605_4B50))
        output.appendLittleEndian(UInt16(0))  // this disk
        output.appendLittleEndian(UInt16(0))  // directory disk
        output.appendLittleEndian(UInt16(sorted.count))
        output.appendLittleEndian(UInt16(sorted.count))
        output.appendLittleEndian(UInt32(central.count))
        output.appendLittleEndian(UInt32(directoryOffset))
        output.appendLittleEndian(UInt16(0))  // comment length
        return output
    }
}

extension Data {
    fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
