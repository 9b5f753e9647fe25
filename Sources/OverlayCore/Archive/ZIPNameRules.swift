/// Entry-name rules: decoding, the path rules that keep extraction inside its folder, file types, duplicates.
enum ZIPNameRules {
    /// Decodes a name: UTF-8 when flag bit 11 is set, otherwise ASCII only (CP437 is never guessed); then
    /// applies ``check(_:limits:)``.
    static func decode(_ raw: UnsafeRawBufferPointer, flags: UInt16, limits: ZIPLimits) throws(ZIPError) -> String {
        let shown = String(decoding: raw.prefix(200), as: UTF8.self).debugDescription
        if raw.count > limits.maxNameLength {
            throw ZIPError(code: .nameTooLong, message: "entry name \(shown)… is \(raw.count) bytes, longer than the limit of \(limits.maxNameLength); use shorter names")
        }
        guard let name = String(validating: raw, as: UTF8.self) else {
            throw ZIPError(code: .invalidNameEncoding, message: "entry name \(shown) is not valid UTF-8; rebuild the archive with UTF-8 names")
        }
        if flags & ZIPRecord.flagUTF8 == 0, raw.contains(where: { $0 >= 0x80 }) {
            throw ZIPError(code: .invalidNameEncoding, message: "entry name \(shown) is not ASCII but the UTF-8 flag (bit 11) is not set, so its encoding is ambiguous; rebuild the archive with a writer that sets the UTF-8 flag", entryName: name)
        }
        try check(name)
        return name
    }

    /// Rejects names that could escape the extraction folder or that name nothing portable.
    static func check(_ name: String) throws(ZIPError) {
        let shown = name.debugDescription
        if name.isEmpty {
            throw ZIPError(code: .emptySegment, message: "an entry has an empty name; give every entry a relative path", entryName: name)
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw ZIPError(code: .controlCharacter, message: "entry name \(shown) contains a NUL or control character; use printable names", entryName: name)
        }
        if name.utf8.contains(UInt8(ascii: "\\")) {
            throw ZIPError(code: .backslash, message: "entry name \(shown) contains a backslash, a path separator on Windows; use `/` between folders", entryName: name)
        }
        if name.utf8.first == UInt8(ascii: "/") {
            throw ZIPError(code: .absolutePath, message: "entry name \(shown) is an absolute path; store paths relative to the archive root", entryName: name)
        }
        if name.utf8.contains(UInt8(ascii: ":")) {
            throw ZIPError(code: .driveLetter, message: "entry name \(shown) contains `:` (a drive letter or an alternate stream on Windows); remove it", entryName: name)
        }
        var segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count > 1, segments.last == "" { segments.removeLast() }  // a directory's trailing slash
        if segments.contains("..") {
            throw ZIPError(code: .pathTraversal, message: "entry name \(shown) has a `..` segment and could be written outside the extraction folder; use paths without `..`", entryName: name)
        }
        if segments.contains(".") {
            throw ZIPError(code: .dotSegment, message: "entry name \(shown) has a `.` segment; use canonical paths", entryName: name)
        }
        if segments.contains("") {
            throw ZIPError(code: .emptySegment, message: "entry name \(shown) has an empty path segment (`//`); use canonical paths", entryName: name)
        }
    }

    /// Rejects symbolic links and special files declared by a Unix host's mode bits.
    static func checkFileType(name: String, versionMadeBy: UInt16, externalAttributes: UInt32) throws(ZIPError) {
        guard ZIPRecord.unixHosts.contains(versionMadeBy >> 8) else { return }
        // The mode's type bits are POSIX's, as `st_mode` holds them: one reading of them (`FileKind`). None set is a
        // file from an archiver that writes no type.
        let mode = externalAttributes >> 16
        let type = mode & 0o170000
        switch type == 0 ? .regular : FileKind(mode: mode) {
        case .regular, .directory: return
        case .symbolicLink:
            throw ZIPError(code: .symlink, message: "entry \(name.debugDescription) is a symbolic link; archives may hold regular files only: replace the link with the file", entryName: name)
        default:
            throw ZIPError(code: .specialFile, message: "entry \(name.debugDescription) is a device, FIFO or socket (mode 0o\(String(type, radix: 8))); archives may hold regular files only", entryName: name)
        }
    }

    /// The key two names collide on when extracted on a case-insensitive, normalizing file system
    /// (Swift `String` equality and hashing already treat NFC and NFD forms as equal).
    static func collisionKey(_ name: String) -> String {
        var key = name.uppercased().lowercased()
        if key.utf8.last == UInt8(ascii: "/") { key.removeLast() }
        return key
    }

    /// Rejects equal names, names equal after case folding or normalization, and a file that is also
    /// the parent folder of another entry.
    static func checkDuplicates(_ names: [String]) throws(ZIPError) {
        var seen: [String: String] = [:]
        seen.reserveCapacity(names.count)
        var files: [String: String] = [:]
        for name in names {
            let key = collisionKey(name)
            if let earlier = seen[key] {
                let how = earlier == name
                    ? (earlier.unicodeScalars.elementsEqual(name.unicodeScalars) ? "appears twice" : "appears twice in different Unicode normalization forms (NFC/NFD)")
                    : "collides with \(earlier.debugDescription) on case-insensitive file systems"
                throw ZIPError(code: .duplicateName, message: "entry \(name.debugDescription) \(how); keep one entry per path", entryName: name)
            }
            seen[key] = name
            if name.utf8.last != UInt8(ascii: "/") { files[key] = name }
        }
        for name in names {
            let key = collisionKey(name)
            var index = key.startIndex
            while let slash = key[index...].firstIndex(of: "/") {
                if let file = files[String(key[..<slash])] {
                    throw ZIPError(code: .duplicateName, message: "entry \(name.debugDescription) needs folder \(file.debugDescription), which is also a file; keep one entry per path", entryName: name)
                }
                index = key.index(after: slash)
            }
        }
    }
}
