// Apple's CryptoKit, reduced to the declarations Overlay's `*+CryptoKit.swift` files use, spelled as Apple documents
// them, so that CryptoKitInterfaceTests can type-check those files on Linux (`swiftc -typecheck` with this module on
// the import path). It proves the calls match the documented signatures; it does not run them, and it is no
// implementation: every body traps.
//
// developer.apple.com/documentation/cryptokit/curve25519/signing                     enum Signing (Sendable)
// developer.apple.com/documentation/cryptokit/curve25519/signing/publickey           struct PublicKey (Sendable)
//   init<D>(rawRepresentation: D) throws where D : ContiguousBytes
//   var rawRepresentation: Data { get }
//   func isValidSignature<S, D>(_ signature: S, for data: D) -> Bool where S : DataProtocol, D : DataProtocol
// developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey          struct PrivateKey
//   init()
//   init<D>(rawRepresentation data: D) throws where D : ContiguousBytes
//   var rawRepresentation: Data { get }
//   var publicKey: Curve25519.Signing.PublicKey { get }
//   func signature<D>(for data: D) throws -> Data where D : DataProtocol
// developer.apple.com/documentation/cryptokit/hashfunction                           protocol HashFunction
//   init(), mutating func update(bufferPointer: UnsafeRawBufferPointer), func finalize() -> Self.Digest
// developer.apple.com/documentation/cryptokit/sha256                                 struct SHA256 : HashFunction
// developer.apple.com/documentation/cryptokit/digest
//   protocol Digest : ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence where Self.Element == UInt8
// developer.apple.com/documentation/cryptokit/sha256digest                           struct SHA256Digest : Digest
import Foundation

public enum Curve25519: Sendable {
    public enum Signing: Sendable {
        public struct PublicKey: Sendable {
            public init<D>(rawRepresentation: D) throws where D: ContiguousBytes { fatalError("interface only") }
            public var rawRepresentation: Data { fatalError("interface only") }
            public func isValidSignature<S, D>(_ signature: S, for data: D) -> Bool where S: DataProtocol, D: DataProtocol {
                fatalError("interface only")
            }
        }

        public struct PrivateKey: Sendable {
            public init() { fatalError("interface only") }
            public init<D>(rawRepresentation data: D) throws where D: ContiguousBytes { fatalError("interface only") }
            public var rawRepresentation: Data { fatalError("interface only") }
            public var publicKey: Curve25519.Signing.PublicKey { fatalError("interface only") }
            public func signature<D>(for data: D) throws -> Data where D: DataProtocol { fatalError("interface only") }
        }
    }
}

public protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence where Element == UInt8 {}

public protocol HashFunction {
    associatedtype Digest: CryptoKit.Digest
    init()
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    func finalize() -> Digest
}

public struct SHA256Digest: Digest {
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError("interface only") }
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError("interface only") }
    public var description: String { fatalError("interface only") }
}

public struct SHA256: HashFunction {
    public typealias Digest = SHA256Digest
    public init() { fatalError("interface only") }
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { fatalError("interface only") }
    public func finalize() -> SHA256Digest { fatalError("interface only") }
}
