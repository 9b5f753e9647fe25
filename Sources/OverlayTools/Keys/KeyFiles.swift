public import Foundation
public import OverlayCore
public import OverlayPublishing

/// Signing keys on disk: a PKCS#8 private-key PEM (mode 0600) and an SPKI public-key PEM.
public enum KeyFiles {
    public static let privateKeyName = "overlay-signing-key.pem"
    public static let publicKeyName = "overlay-signing-key.pub.pem"

    public struct Generated: Sendable {
        public var privateKeyPath: URL
        public var publicKeyPath: URL
        public var keyID: String
        /// The public key's 32 raw bytes: what an app passes to `Ed25519PublicKey(rawRepresentation:)`.
        public var rawPublicKey: Data
    }

    /// Generates a key pair into `directory`. Never overwrites: an existing key file is an error naming it.
    public static func generate(into directory: URL) throws -> Generated {
        do {
            try AtomicFile.makeDirectories(directory)
        } catch let error as ToolError {
            throw ToolError("--out: \(error.message) (--out takes the directory to write the key pair into)")
        }
        let privateURL = directory.appendingPathComponent(privateKeyName)
        let publicURL = directory.appendingPathComponent(publicKeyName)
        for url in [privateURL, publicURL] where FileManager.default.fileExists(atPath: url.path) {
            throw ToolError("\(url.path) already exists; keys are never overwritten — move it away or choose another --out")
        }
        let key = try Ed25519PrivateKey.generate()
        try createExclusively(privateURL, contents: Data(key.pemRepresentation.utf8), mode: 0o600)
        try createExclusively(publicURL, contents: Data(key.publicKey.pemRepresentation.utf8), mode: 0o644)
        return Generated(
            privateKeyPath: privateURL, publicKeyPath: publicURL, keyID: key.publicKey.keyID,
            rawPublicKey: key.publicKey.rawRepresentation)
    }

    /// Reads a private key PEM, naming the file in any error.
    public static func privateKey(at path: String) throws -> Ed25519PrivateKey {
        let text = try readText(path, what: "private key")
        do {
            return try Ed25519PrivateKey(pem: text)
        } catch {
            throw ToolError("\(path): \(error.message)")
        }
    }

    /// Reads a public key PEM, naming the file in any error.
    public static func publicKey(at path: String) throws -> Ed25519PublicKey {
        let text = try readText(path, what: "public key")
        do {
            return try Ed25519PublicKey(pem: text)
        } catch {
            throw ToolError("\(path): \(error.message)")
        }
    }

    /// A PEM file: a regular file of at most 64 KiB (a key PEM is under 200 bytes), so a FIFO or a huge file given
    /// by mistake is refused at once.
    private static func readText(_ path: String, what: String) throws -> String {
        let data: Data
        do {
            data = try BoundedFile.read(path, maxBytes: 64 << 10)
        } catch {
            throw ToolError("\(path): the \(what) file \(error.reason); check the path (make one with 'overlay keygen --out DIR')")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `open(O_CREAT|O_EXCL)` with the mode set from the start, written and fsynced.
    private static func createExclusively(_ url: URL, contents: Data, mode: mode_t) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw ToolError("\(url.path): cannot create (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        try contents.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ToolError("\(url.path): write failed (\(String(cString: strerror(errno))))")
                }
                offset += written
            }
        }
        guard LibC.synchronize(fd) == 0 else { throw ToolError("\(url.path): fsync failed (\(String(cString: strerror(errno))))") }
    }
}

/// A tool-level failure with a message that names the file and the fix.
public struct ToolError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
