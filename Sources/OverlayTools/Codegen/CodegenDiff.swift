import OverlayCore

/// How a generated file on disk differs from what `overlay codegen` makes now, member by member: what
/// `--check` reports when the file is stale.
public struct CodegenDiff: Sendable, Equatable {
    /// `Table.member` names, in byte order.
    public var added: [String] = []
    public var removed: [String] = []
    /// Members whose declaration or doc comment changed (a new text, a new parameter type).
    public var changed: [String] = []
    /// Whether the file is byte for byte what would be written.
    public var isCurrent: Bool

    /// Compares the file's text (nil when it does not exist) with the generated text.
    public init(existing: String?, generated: String) {
        isCurrent = existing.map { $0.utf8.elementsEqual(generated.utf8) } ?? false
        guard !isCurrent else { return }
        let old = Self.members(of: existing ?? "")
        let new = Self.members(of: generated)
        added = new.keys.filter { old[$0] == nil }.sorted(by: String.utf8Precedes)
        removed = old.keys.filter { new[$0] == nil }.sorted(by: String.utf8Precedes)
        changed = new.keys.filter { old[$0] != nil && old[$0] != new[$0] }.sorted(by: String.utf8Precedes)
    }

    /// One line per kind, or a note that only the header or the namespace differs.
    public var summary: String {
        if isCurrent { return "current" }
        var parts: [String] = []
        func list(_ names: [String], _ verb: String) {
            guard !names.isEmpty else { return }
            let shown = names.prefix(10).joined(separator: ", ")
            parts.append("\(names.count) \(verb): \(shown)\(names.count > 10 ? ", …" : "")")
        }
        list(added, "added")
        list(removed, "removed")
        list(changed, "changed")
        return parts.isEmpty ? "the header, imports or access level differ" : parts.joined(separator: "; ")
    }

    /// `Table.member` → its doc lines and declaration, read from the shape ``CodegenWriter`` writes (a struct per
    /// table at four spaces, each member on one line at eight, after its `///` lines). A file edited by hand still
    /// reads: lines of other shapes are skipped.
    static func members(of text: String) -> [String: String] {
        var result: [String: String] = [:]
        var table = ""
        var pending: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    ") && !line.hasPrefix("     "), let name = declaredName(line.dropFirst(4), "struct ") {
                table = name
                pending = []
            } else if line.hasPrefix("        ///") {
                pending.append(line)
            } else if line.hasPrefix("        ") && !line.hasPrefix("         "),
                let name = declaredName(line.dropFirst(8), "var ") ?? declaredName(line.dropFirst(8), "func ")
            {
                if name != "handle" { result["\(table).\(name)"] = (pending + [line]).joined(separator: "\n") }
                pending = []
            } else {
                pending = []
            }
        }
        return result
    }

    /// The name after `keyword` in a declaration that may start with an access modifier.
    private static func declaredName(_ line: Substring, _ keyword: String) -> String? {
        var rest = line
        for modifier in ["public ", "internal ", "package "] where rest.hasPrefix(modifier) {
            rest = rest.dropFirst(modifier.count)
        }
        guard rest.hasPrefix(keyword) else { return nil }
        let name = rest.dropFirst(keyword.count).prefix { $0 != ":" && $0 != "(" && $0 != " " }
        let bare = name.hasPrefix("`") && name.hasSuffix("`") && name.count > 1 ? name.dropFirst().dropLast() : name
        return bare.isEmpty ? nil : String(bare)
    }
}
