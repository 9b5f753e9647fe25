/// Mix-and-match protection: an archive's size and SHA-256 must equal what the signed manifest lists, compared in
/// constant time, before a single byte of it is parsed.
enum ArchiveDigestRule {
    static func check(_ bytes: [UInt8], entry: Manifest.Module, file: String) -> [Finding] {
        let location = Finding.Location(file: file, module: entry.name)
        guard bytes.count == entry.size else {
            return [Finding(
                code: "integrity.size", severity: .error,
                message: "the archive is \(bytes.count) bytes, the manifest says \(entry.size); it was truncated, replaced or mixed with another publish",
                location: location)]
        }
        guard let expected = SHA256Digest(hex: entry.sha256), SHA256.hash(bytes).constantTimeEquals(expected) else {
            return [Finding(
                code: "integrity.sha256", severity: .error,
                message: "the archive's SHA-256 differs from the manifest's \(entry.sha256); it was tampered with or mixed with another publish",
                location: location)]
        }
        return []
    }
}
