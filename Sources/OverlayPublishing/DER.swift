package import OverlayCore

/// A reader of the DER (X.690) that key files are written in. Our own on every backend, because CryptoKit reads no
/// Ed25519 PEM or DER, and so that a key file is accepted or refused alike whichever library signs.
package struct DERReader: Sendable {
    package static let bitString: UInt8 = 0x03
    package static let objectIdentifier: UInt8 = 0x06
    package static let sequence: UInt8 = 0x30

    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var offset: Int
        package var problem: String

        package var description: String { "at byte \(offset): \(problem)" }
    }

    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    package init(_ bytes: [UInt8]) {
        self.init(bytes, from: 0, to: bytes.count)
    }

    private init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        self.offset = start
        self.end = end
    }

    package var isAtEnd: Bool { offset == end }

    package var remaining: ArraySlice<UInt8> { bytes[offset..<end] }

    package var nextTag: UInt8? { isAtEnd ? nil : bytes[offset] }

    /// Reads one element that must carry `tag` and returns a reader of its contents.
    package mutating func read(_ tag: UInt8) throws(Failure) -> DERReader {
        guard let found = nextTag else { throw Failure(offset: offset, problem: "the data ends where a value was expected") }
        guard found == tag else {
            throw Failure(offset: offset, problem: "tag 0x\(Self.hex(found)) where 0x\(Self.hex(tag)) was expected")
        }
        let start = offset
        var cursor = offset + 1
        guard cursor < end else { throw Failure(offset: start, problem: "the length is missing") }
        var length = Int(bytes[cursor])
        cursor += 1
        if length & 0x80 != 0 {
            // Long form: the low bits count the length bytes; DER wants the fewest, and 0x80 (indefinite) is BER only.
            let count = length & 0x7F
            guard count >= 1, count <= 4, cursor + count <= end else {
                throw Failure(offset: start, problem: "the length is not a definite DER length")
            }
            length = 0
            for byte in bytes[cursor..<cursor + count] { length = length << 8 | Int(byte) }
            guard bytes[cursor] != 0, length >= 0x80 else {
                throw Failure(offset: start, problem: "the length is not written in its shortest form")
            }
            cursor += count
        }
        guard length <= end - cursor else { throw Failure(offset: start, problem: "the length runs past the end") }
        offset = cursor + length
        return DERReader(bytes, from: cursor, to: cursor + length)
    }

    /// Fails unless every byte was read (DER has one encoding; trailing bytes make another file).
    package func finish() throws(Failure) {
        guard isAtEnd else { throw Failure(offset: offset, problem: "\(end - offset) bytes follow the value") }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
    }
}

/// A key's algorithm, from the OBJECT IDENTIFIER of its `AlgorithmIdentifier` (RFC 5280 §4.1.1.2).
package enum KeyAlgorithm: Sendable, Hashable {
    case ed25519
    /// By the name OpenSSL gives it ("RSA", "EC", "ED448") or its dotted OID.
    case other(String)

    /// The DER contents of id-Ed25519, 1.3.101.112 (RFC 8410 §3).
    package static let ed25519Identifier: [UInt8] = [0x2B, 0x65, 0x70]

    private static let names: [[UInt8]: String] = [
        [0x2B, 0x65, 0x71]: "ED448",
        [0x2B, 0x65, 0x6E]: "X25519",
        [0x2B, 0x65, 0x6F]: "X448",
        [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]: "RSA",
        [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A]: "RSA-PSS",
        [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]: "EC",
        [0x2A, 0x86, 0x48, 0xCE, 0x38, 0x04, 0x01]: "DSA",
        [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x03, 0x01]: "DH",
        [0x2A, 0x81, 0x1C, 0xCF, 0x55, 0x01, 0x82, 0x2D]: "SM2",
    ]

    /// Reads an `AlgorithmIdentifier` SEQUENCE: Ed25519 has no parameters (RFC 8410 §3: "MUST be absent").
    package init(reading reader: inout DERReader) throws(DERReader.Failure) {
        var identifier = try reader.read(DERReader.sequence)
        let oid = Array(try identifier.read(DERReader.objectIdentifier).remaining)
        if oid == Self.ed25519Identifier {
            try identifier.finish()
            self = .ed25519
        } else {
            self = .other(Self.names[oid] ?? "an algorithm with OID \(Self.dotted(oid))")
        }
    }

    /// `1.2.840.113549.1.1.1` from the DER contents of an OBJECT IDENTIFIER.
    static func dotted(_ bytes: [UInt8]) -> String {
        guard let first = bytes.first else { return "(empty)" }
        var arcs = [first < 80 ? Int(first / 40) : 2, first < 80 ? Int(first % 40) : Int(first) - 80]
        var value = 0
        for byte in bytes.dropFirst() {
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 {
                arcs.append(value)
                value = 0
            }
            if value > 1 << 40 { break }
        }
        return arcs.map(String.init).joined(separator: ".")
    }

    package func wrongType(what: String) -> CryptoError {
        let name = switch self {
        case .ed25519: "Ed25519"
        case .other(let name): name
        }
        return CryptoError(
            code: .wrongKeyType,
            message: "the \(what) key is \(name), not Ed25519; Overlay signs with Ed25519 only: create a key "
                + "with `openssl genpkey -algorithm ed25519 -out key.pem`")
    }
}
