import Foundation

package enum ETag {
    /// The longest ETag kept. nginx's are about 15 bytes, S3's 34, a directory origin's 66.
    package static let maximumBytes = 512

    /// Weak comparison, as `If-None-Match` does it.
    package static func matches(_ a: String, _ b: String) -> Bool {
        strip(a) == strip(b)
    }

    /// `tag` as the store may keep it and send back in `If-None-Match`, or nil: at most ``maximumBytes`` of visible
    /// ASCII (no control character can reach a request header or `state.json`). Without one the next check is an
    /// unconditional GET: correct, only not free.
    package static func kept(_ tag: String?) -> String? {
        guard let tag else { return nil }
        let trimmed = tag.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= maximumBytes, trimmed.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return trimmed
    }

    private static func strip(_ tag: String) -> String {
        let trimmed = tag.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
    }
}
