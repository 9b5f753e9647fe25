import OverlayCore
import OverlayTools

extension ParsedArguments {
    /// `--trust PEM...` and `--threshold N` as the set of keys a build trusts.
    func trustedKeys() throws -> TrustedKeys {
        let paths = all("trust")
        guard !paths.isEmpty else { throw UsageError(message: "missing required option --trust") }
        let threshold = try value("threshold").map { text throws(UsageError) -> Int in
            guard let number = Int(text), number >= 1 else { throw UsageError(message: "--threshold takes a positive integer") }
            return number
        } ?? 1
        let keys = try paths.map { path in
            do { return try KeyFiles.publicKey(at: path) } catch let error as ToolError { throw CommandFailure(message: error.message) }
        }
        do {
            return try TrustedKeys(keys, threshold: threshold)
        } catch {
            throw CommandFailure(message: error.message)
        }
    }

    /// A duration option such as `--max-age 90d`, in seconds.
    func seconds(_ option: String, default fallback: Double) throws(UsageError) -> Double {
        guard let text = value(option) else { return fallback }
        return try DurationArgument.seconds(text, option: option)
    }
}
