/// Text echoed to a terminal: control characters (C0, DEL, C1) and the Unicode line, paragraph and bidirectional
/// controls become visible escapes — `\n`, `\r`, `\t`, `\u{1B}` — so every printed line is one line and a key or a
/// path cannot move the cursor, recolour the screen or reorder what follows. `--json` output keeps exact strings.
enum TerminalText {
    /// `text` with every such character escaped; with `keepingTabs`, a tab stays a tab (tab-separated output).
    static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingTabs: keepingTabs) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingTabs: keepingTabs) else {
                out.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepingTabs: Bool) -> Bool {
        switch scalar.value {
        case 0x09: !keepingTabs
        case 0x00...0x1F, 0x7F...0x9F: true
        // Line and paragraph separators; bidirectional embeddings, overrides and isolates.
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
