/// A manifest must be for this build: the same app version and the same source hash.
enum ManifestBindingRule {
    static func check(_ manifest: Manifest, context: ValidationContext, file: String) -> [Finding] {
        var findings: [Finding] = []
        let location = Finding.Location(file: file)
        if manifest.appVersion != context.appVersion {
            findings.append(Finding(
                code: "binding.app-version", severity: .error,
                message: "the manifest is for app version \(manifest.appVersion), this build is \(context.appVersion); publish for \(context.appVersion) or fetch from its folder",
                location: location))
        }
        if manifest.sourceHash != context.sourceHash {
            findings.append(Finding(
                code: "binding.source-hash", severity: .error,
                message: "the manifest was published from a catalog with source hash \(manifest.sourceHash), this build ships \(context.sourceHash); publish from the catalog this build was made with",
                location: location))
        }
        for module in manifest.modules where module.revision > manifest.revision {
            findings.append(Finding(
                code: "binding.module-revision", severity: .error,
                message: "module \(module.name) claims revision \(module.revision), later than the manifest's \(manifest.revision)",
                location: .init(file: file, module: module.name)))
        }
        return findings
    }
}
