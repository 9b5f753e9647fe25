import Foundation

/// `overlay-module.json` must be present and bound to where the archive came from: the module and revision the
/// manifest lists, and the build's source hash.
enum ModuleHeaderRule {
    static func check(
        _ files: [String: Data], expectedModule: String?, expectedRevision: Int?, sourceHash: String, file: String
    ) -> (header: ModuleHeader?, findings: [Finding]) {
        let location = Finding.Location(file: "\(file):\(ModuleHeader.fileName)", module: expectedModule)
        guard let data = files[ModuleHeader.fileName] else {
            return (nil, [Finding(
                code: "archive.missing-header", severity: .error,
                message: "the archive has no \(ModuleHeader.fileName); it was not made by 'overlay publish'", location: location)])
        }
        let header: ModuleHeader
        do {
            header = try ModuleHeader.decode(data)
        } catch {
            return (nil, [error.finding(file: location.file)])
        }
        var findings: [Finding] = []
        if let expectedModule, header.module != expectedModule {
            findings.append(Finding(
                code: "binding.module", severity: .error,
                message: "the archive holds module \(header.module), the manifest lists it as \(expectedModule)",
                location: location))
        }
        if let expectedRevision, header.revision != expectedRevision {
            findings.append(Finding(
                code: "binding.revision", severity: .error,
                message: "the archive's header says revision \(header.revision), the manifest says \(expectedRevision); it belongs to another publish",
                location: location))
        }
        if header.sourceHash != sourceHash {
            findings.append(Finding(
                code: "binding.source-hash", severity: .error,
                message: "the archive was built from a catalog with source hash \(header.sourceHash), this build ships \(sourceHash)",
                location: location))
        }
        return (findings.isAcceptable ? header : nil, findings)
    }
}
