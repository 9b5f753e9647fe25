import Foundation
import OverlayCore
import OverlayPublishing
import OverlayTestSupport

/// The five wire formats, named as their folders under testdata/artifacts/ and their schemas.
enum ArtifactKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case manifest, signature
    case moduleHeader = "module-header"
    case tableArtifact = "table-artifact"
    case cacheHeaders = "cache-headers"

    var description: String { rawValue }

    /// Decodes with the kind's decoder and returns the warnings.
    func decode(_ data: Data, limits: ArtifactLimits = .default) throws(ArtifactError) -> [Finding] {
        switch self {
        case .manifest: try Manifest.decodeWithWarnings(data, limits: limits).warnings
        case .signature: try SignatureFile.decodeWithWarnings(data, limits: limits).warnings
        case .moduleHeader: try ModuleHeader.decodeWithWarnings(data, limits: limits).warnings
        case .tableArtifact: try TableArtifact.decodeWithWarnings(data, limits: limits).warnings
        case .cacheHeaders: try CacheHeaders.decodeWithWarnings(data, limits: limits).warnings
        }
    }

    /// Decodes, encodes, decodes again; returns the encoding and whether both decodes are equal.
    func roundTrip(_ data: Data) throws(ArtifactError) -> (encoded: Data, isEqual: Bool) {
        switch self {
        case .manifest: try Self.check(data, Manifest.decode, { $0.encoded() })
        case .signature: try Self.check(data, SignatureFile.decode, { $0.encoded() })
        case .moduleHeader: try Self.check(data, ModuleHeader.decode, { $0.encoded() })
        case .tableArtifact: try Self.check(data, TableArtifact.decode, { $0.encoded() })
        case .cacheHeaders: try Self.check(data, CacheHeaders.decode, { $0.encoded() })
        }
    }

    private static func check<T: Equatable>(
        _ data: Data, _ decode: (Data, ArtifactLimits) throws(ArtifactError) -> T, _ encode: (T) -> Data
    ) throws(ArtifactError) -> (encoded: Data, isEqual: Bool) {
        let value = try decode(data, .default)
        let bytes = encode(value)
        return (bytes, try decode(bytes, .default) == value)
    }

    /// The kind's largest-accepted-size limit set to `bytes`.
    func limits(maxBytes bytes: Int) -> ArtifactLimits {
        var limits = ArtifactLimits.default
        switch self {
        case .manifest: limits.manifestBytes = bytes
        case .signature: limits.signatureBytes = bytes
        case .moduleHeader: limits.moduleHeaderBytes = bytes
        case .tableArtifact: limits.tableArtifactBytes = bytes
        case .cacheHeaders: limits.cacheHeadersBytes = bytes
        }
        return limits
    }

    func valid() throws -> Data { try Fixtures.data("artifacts/\(rawValue)/valid.json") }
}

/// The error a decode throws, or `nil` when it succeeds.
func decodeError(_ kind: ArtifactKind, _ data: Data, limits: ArtifactLimits = .default) -> ArtifactError? {
    do {
        _ = try kind.decode(data, limits: limits)
        return nil
    } catch {
        return error
    }
}

extension JSONValue {
    /// This value with the member or element at `path` removed (`nil` replacement) or replaced.
    func replacing(_ path: [JSONPath.Component], with replacement: JSONValue?) -> JSONValue {
        guard let first = path.first else { return replacement ?? .null }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var object), .key(let key)):
            if rest.isEmpty {
                object[key] = replacement
            } else if let child = object[key] {
                object[key] = child.replacing(rest, with: replacement)
            }
            return .object(object)
        case (.array(var elements), .index(let index)):
            elements[index] = rest.isEmpty ? (replacement ?? .null) : elements[index].replacing(rest, with: replacement)
            return .array(elements)
        default:
            return self
        }
    }

    /// The value at `path`, if any.
    func value(at path: [JSONPath.Component]) -> JSONValue? {
        path.reduce(Optional(self)) { value, component in
            switch component {
            case .key(let key): value?.objectValue?[key]
            case .index(let index): value?.arrayValue.flatMap { index < $0.count ? $0[index] : nil }
            }
        }
    }

    var data: Data { Data(serialized(pretty: true).utf8) }
}

/// Paths written like `modules.0.sha256` (numbers are array indexes).
func components(_ text: String) -> [JSONPath.Component] {
    text.split(separator: "/").map { part in Int(part).map(JSONPath.Component.index) ?? .key(String(part)) }
}
