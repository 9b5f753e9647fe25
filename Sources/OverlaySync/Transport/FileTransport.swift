import Foundation
import OverlayCore

/// A directory origin (`file://` URLs or plain paths): what `publish --out` wrote, served without a server.
/// The ETag is the content's SHA-256, so an unchanged file answers 304 to a matching `If-None-Match`.
public struct FileTransport: HTTPTransport {
    public init() {}

    public func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        guard request.url.isFileURL else {
            throw SyncError(code: .unreachable, message: "FileTransport serves file URLs only", url: request.url)
        }
        let path = request.url.path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return TransportResponse(status: 404)
        }
        defer { try? handle.close() }
        let body: Data
        do {
            body = try handle.read(upToCount: request.maxBytes + 1) ?? Data()
        } catch {
            throw SyncError(code: .unreachable, message: "cannot read the file: \(error.localizedDescription)", url: request.url)
        }
        guard body.count <= request.maxBytes else {
            throw SyncError(
                code: .tooLarge, message: "the file is larger than the \(request.maxBytes)-byte cap", url: request.url)
        }
        let etag = "\"\(SHA256.hash(body).hex)\""
        if let expected = request.ifNoneMatch, ETag.matches(expected, etag) {
            return TransportResponse(status: 304, etag: etag)
        }
        return TransportResponse(status: 200, etag: etag, body: body)
    }
}

/// ETag comparison as `If-None-Match` does it: weak comparison, `W/` prefixes ignored.
enum ETag {
    static func matches(_ a: String, _ b: String) -> Bool {
        strip(a) == strip(b)
    }

    private static func strip(_ tag: String) -> String {
        let trimmed = tag.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
    }
}
