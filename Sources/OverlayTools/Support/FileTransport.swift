import Foundation
import OverlayCore
package import OverlaySync

/// A directory origin (`file://` URLs or plain paths): what `publish --out` wrote, served without a server.
/// The ETag is the content's SHA-256, so an unchanged file answers 304 to a matching `If-None-Match`.
///
/// Like a static server, it follows symbolic links, but it serves regular files only: a FIFO, a socket, a device or
/// a directory named `manifest.json` is refused at once (opened with `O_NONBLOCK`, checked with `fstat`), and a file
/// over the request's cap is refused from its size before it is read. The request's deadline covers the whole read,
/// as it does for HTTP: the read runs off the caller's task, which returns `.deadline` if the file system stalls.
package struct FileTransport: HTTPTransport {
    private let reader: @Sendable (TransportRequest) -> Result<TransportResponse, SyncError>

    package init() {
        reader = Self.read
    }

    /// A transport whose blocking read is `reader` (tests: a file system that stalls).
    init(reader: @escaping @Sendable (TransportRequest) -> Result<TransportResponse, SyncError>) {
        self.reader = reader
    }

    package func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        guard request.url.isFileURL else {
            throw SyncError(code: .unreachable, message: "FileTransport serves file URLs only", url: request.url)
        }
        let reader = self.reader
        return try await Deadline.run(request) { reader(request) }.get()
    }

    /// The blocking read: a regular file within the cap, as a 200 (or a 304 for a matching ETag), or a 404.
    static func read(_ request: TransportRequest) -> Result<TransportResponse, SyncError> {
        let body: Data
        do {
            body = try BoundedFile.read(request.url.path, maxBytes: request.maxBytes)
        } catch .notFound {
            return .success(TransportResponse(status: 404))
        } catch .tooLarge(let size, let cap) {
            return .failure(SyncError(
                code: .tooLarge, message: "the file is \(size) bytes, larger than the \(cap)-byte cap; it was not read",
                url: request.url))
        } catch {
            return .failure(SyncError(
                code: .unreachable, message: "the file \(error.reason); a directory origin serves regular files",
                url: request.url))
        }
        let etag = "\"\(SHA256.hash(body).hex)\""
        if let expected = request.ifNoneMatch, ETag.matches(expected, etag) {
            return .success(TransportResponse(status: 304, etag: etag))
        }
        return .success(TransportResponse(status: 200, etag: etag, body: body))
    }
}
