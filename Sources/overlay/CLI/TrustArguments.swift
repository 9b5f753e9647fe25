import OverlayCore
import OverlayTools
import OverlayPublishing

extension ParsedArguments {
    /// `--trust PEM...` and `--threshold N` as the set of keys a build trusts. The threshold ranges from 1 to the
    /// number of distinct keys given: a higher one could never be met, so nothing would ever be accepted.
    func trustedKeys() throws -> TrustedKeys {
        let paths = all("trust")
        guard !paths.isEmpty else { throw UsageError(message: "missing required option --trust") }
        let requested = try value("threshold").map { text throws(UsageError) in
            try NumberArgument.integer(text, option: "threshold", range: 1...Int(Int32.max))
        }
        let keys = try publicKeys("trust")
        let distinct = Set(keys.map(\.keyID)).count
        let threshold = requested ?? 1
        guard threshold <= distinct else {
            throw UsageError(message: "--threshold \(threshold) needs at least \(threshold) different --trust keys, and \(distinct) \(distinct == 1 ? "was" : "were") given: a manifest could never carry enough signatures, so nothing would ever be accepted")
        }
        do {
            return try TrustedKeys(keys, threshold: threshold)
        } catch {
            throw CommandFailure(message: error.message)
        }
    }

    /// The public keys of every `--<option> PEM`.
    func publicKeys(_ option: String) throws -> [Ed25519PublicKey] {
        try all(option).map { path in
            do { return try KeyFiles.publicKey(at: path) } catch let error as ToolError { throw CommandFailure(message: error.message) }
        }
    }

    /// A duration option such as `--max-age 90d`, in seconds, within the option's range (``DurationArgument/ranges``).
    func seconds(_ option: String, default fallback: Double) throws(UsageError) -> Double {
        guard let text = value(option) else { return fallback }
        return try DurationArgument.seconds(text, option: option)
    }

    /// A whole-number option within `range`, or nil when it was not given.
    func integer(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        return try NumberArgument.integer(text, option: option, range: range)
    }

    /// `--app-version`, by the grammar of an origin folder (``NameGrammar``): nothing that could name another folder.
    func appVersion(required isRequired: Bool = true) throws(UsageError) -> String? {
        guard let text = try isRequired ? required("app-version") : value("app-version") else { return nil }
        guard NameGrammar.isAppVersion(text) else {
            throw UsageError(message: "--app-version '\(text)' is not an app version (\(NameGrammar.appVersionRule)); it names a folder of the origin")
        }
        return text
    }
}
