// libFuzzer entry: any bytes through StrictJSON and every artifact decoder (manifest, table artifact,
// signature file, module header, cache headers). Every accepted JSON value must survive the writer
// (compact and pretty) unchanged; every accepted artifact must re-encode to bytes that decode to an equal
// value and re-encode identically; every rejection must carry a message. Otherwise the process traps.
import Foundation
import OverlayCore
import OverlayPublishing

extension FuzzHarness {
    /// One libFuzzer input (`LLVMFuzzerTestOneInput`).
    public static func json(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        let data = Data(bytes: start, count: count)
        checkJSON(data)
        checkArtifact(data, Manifest.decode, { $0.encoded() })
        checkArtifact(data, TableArtifact.decode, { $0.encoded() })
        checkArtifact(data, SignatureFile.decode, { $0.encoded() })
        checkArtifact(data, ModuleHeader.decode, { $0.encoded() })
        checkArtifact(data, CacheHeaders.decode, { $0.encoded() })
        return 0
    }
}

func checkJSON(_ data: Data) {
    let value: JSONValue
    do {
        value = try StrictJSON.parse(data)
    } catch {
        precondition(!error.message.isEmpty, "empty message for \(error.code)")
        return
    }
    for pretty in [false, true] {
        let text = value.serialized(pretty: pretty)
        guard let reread = try? StrictJSON.parse(text) else { fatalError("writer output rejected: \(text)") }
        precondition(reread == value, "value changed through the writer (pretty: \(pretty))")
    }
}

func checkArtifact<T: Equatable>(
    _ data: Data, _ decode: (Data, ArtifactLimits) throws(ArtifactError) -> T, _ encode: (T) -> Data
) {
    let value: T
    do {
        value = try decode(data, .default)
    } catch {
        precondition(!error.message.isEmpty, "empty message for \(error.code)")
        return
    }
    let encoded = encode(value)
    let decoded: T
    do {
        decoded = try decode(encoded, .default)
    } catch {
        fatalError("\(T.self) encoder output rejected: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
    }
    precondition(decoded == value, "\(T.self) changed through encode/decode")
    precondition(encode(decoded) == encoded, "\(T.self) encoding is not a fixed point")
}
