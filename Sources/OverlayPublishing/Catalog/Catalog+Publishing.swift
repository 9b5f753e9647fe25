package import OverlayCore

// What publish and check ask of a catalog beyond what a device needs.
extension Catalog {
    /// This catalog with `plainStrings` set on every module whose `Info.plist` does not declare how its app shows a
    /// value that takes no arguments (`check --plain-strings`, `publish --plain-strings`).
    package func declaringPlainStrings(_ plainStrings: PlainStrings) -> Catalog {
        var copy = self
        for name in modules.keys where modules[name]?.plainStrings == nil {
            copy.modules[name]?.plainStrings = plainStrings
        }
        return copy
    }
}

extension SourceHash {
    /// How two catalogs' structures differ, as a person reads it: `+ Module/Table key (signature)` for a key only
    /// `other` has, `- …` for one only `catalog` has, `~ … (a → b)` for changed arguments; at most `limit` lines.
    package static func differences(from catalog: Catalog, to other: Catalog, limit: Int = 5) -> [String] {
        func entries(_ catalog: Catalog) -> [String: String] {
            var result: [String: String] = [:]
            for line in lines(of: catalog) {
                let fields = line.dropLast().split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 4 else { continue }
                result["\(fields[0])/\(fields[1]) \(fields[2])"] = String(fields[3])
            }
            return result
        }
        let mine = entries(catalog)
        let theirs = entries(other)
        var result: [String] = []
        for key in Set(mine.keys).union(theirs.keys).sorted() {
            switch (mine[key], theirs[key]) {
            case (nil, let added?): result.append("+ \(key) (\(added.isEmpty ? "no arguments" : added))")
            case (let removed?, nil): result.append("- \(key) (\(removed.isEmpty ? "no arguments" : removed))")
            case (let a?, let b?) where a != b: result.append("~ \(key) (\(a.isEmpty ? "none" : a) → \(b.isEmpty ? "none" : b))")
            default: continue
            }
            if result.count == limit { break }
        }
        return result
    }
}
