import Foundation
import OverlayCore

/// `state.json` read leniently: a bad module entry is a problem named, not the end of the read.
struct ParsedState: Sendable {
    struct Revision: Sendable { var sha256: String; var revision: Int }
    struct Module: Sendable { var active: Revision?; var previous: Revision?; var rejected: [String] }

    var appVersion: String
    var sourceHash: String
    var modules: [String: Module] = [:]
    var highestSeenRevision: Int?
    var highestSeenSHA256: String?
    var etag: String?
    var problems: [String] = []

    init(_ data: Data) throws {
        let root = try JSONNode(StrictJSON.parse(data)).object()
        appVersion = try root.required("app_version").string()
        sourceHash = try root.required("source_hash").string()
        highestSeenRevision = try? root.optional("highest_manifest_revision")?.int()
        highestSeenSHA256 = try? root.optional("highest_manifest_sha256")?.string()
        etag = try? root.optional("etag")?.string()
        // Required, as the app requires it: without it the device reads the store as empty.
        for (name, node) in try root.required("modules").object().members {
            do {
                let object = try node.object()
                func revision(_ key: String) throws -> Revision? {
                    guard let node = object.optional(key) else { return nil }
                    let entry = try node.object()
                    let sha = try entry.required("sha256").string()
                    let dir = try entry.required("dir").string()
                    guard dir == "\(StoreFormat.modulesDirectory)/\(name)/\(sha)" else {
                        throw StateProblem(text: "\(key) names directory \(dir), not modules/\(name)/\(sha)")
                    }
                    return Revision(sha256: sha, revision: try entry.required("revision").int())
                }
                let rejected = (try? object.required("rejected").array().map { try $0.string() }) ?? []
                modules[name] = Module(active: try revision("active"), previous: try revision("previous"), rejected: rejected)
            } catch {
                problems.append("state.json: module \(name): \(error); it is read as having no overlay")
            }
        }
    }

    struct StateProblem: Error, CustomStringConvertible { var text: String; var description: String { text } }
}
