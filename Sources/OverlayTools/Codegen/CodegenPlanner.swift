import OverlayCore

/// Turns a catalog module into a ``CodegenModule``: names, parameter types and doc lines, deterministically (keys and
/// tables in byte order, so a collision is always settled the same way).
///
/// Names are flat: `checkout.cta.title` in table `Localizable` of module `Checkout` is
/// `Checkout.Localizable.checkoutCtaTitle` (docs/DESIGN.md, "Typed keys").
enum CodegenPlanner {
    /// The longest doc-comment line, in characters; longer texts end in `…`.
    static let maxDocumentationLine = 160
    /// The most doc-comment lines one member gets.
    static let maxDocumentationLines = 12

    static func plan(_ module: CatalogModule) -> CodegenModule {
        var notes: [CodegenNote] = []
        var tables: [CodegenTable] = []
        var typeNames = Set<String>()
        let developmentTables = module.developmentTables
        for tableName in developmentTables.keys.sorted(by: String.utf8Precedes) {
            guard let table = developmentTables[tableName], !table.isEmpty else { continue }
            let typeName = unique(typeName(for: tableName), in: &typeNames)
            var members: [CodegenMember] = []
            var used = Set<String>()
            var firstKey: [String: String] = [:]
            for key in table.keys {
                guard let value = table.value(forKey: key) else { continue }
                let origin = table.origins[key]
                func note(_ name: String?, _ reason: CodegenNote.Reason, _ message: String) {
                    notes.append(CodegenNote(
                        table: tableName, key: key, name: name, reason: reason, message: message, file: origin?.file,
                        line: origin?.line))
                }
                let slots = slotMap(of: value)
                if let unsupported = slots.classes.sorted(by: { $0.key < $1.key }).first(where: { $0.value == .pointer }) {
                    note(nil, .unsupported, "argument \(unsupported.key) is a pointer (%p or %n), which Swift code cannot pass; no member is generated (look it up with LocalizedTable.format)")
                    continue
                }
                let isFormat = !slots.issues.contains { $0.severity == .error }
                let proposed = memberName(for: key)
                var name = proposed.name
                for (reason, message) in proposed.notes { note(name, reason, message) }
                if used.contains(name) {
                    var counter = 2
                    while used.contains("\(proposed.name)_\(counter)") { counter += 1 }
                    name = "\(proposed.name)_\(counter)"
                    let other = firstKey[proposed.name].map { " as key \(SwiftIdentifier.stringLiteral($0)) does" } ?? ""
                    note(name, .collision, "makes the name \(proposed.name)\(other); this key is named \(name)")
                }
                used.insert(name)
                firstKey[name] = key
                if !isFormat {
                    note(name, .asWritten, "the text is not a valid format (\(slots.issues.first { $0.severity == .error }?.message ?? "")); the member returns it as written")
                }
                members.append(CodegenMember(
                    key: key, name: name, parameters: isFormat ? parameters(slots) : [],
                    isFormatted: isFormat && needsRendering(value), documentation: documentation(of: value)))
            }
            tables.append(CodegenTable(table: tableName, typeName: typeName, members: members))
        }
        let namespace = typeName(for: module.name)
        return CodegenModule(
            module: module.name, namespace: namespace, developmentRegion: module.developmentRegion, tables: tables,
            notes: notes)
    }

    // MARK: - Names

    /// A type name (`Localizable`, `MainScreen`) for a table or module name.
    static func typeName(for text: String) -> String {
        var name = SwiftIdentifier.upperCamel(SwiftIdentifier.words(of: text))
        if name.isEmpty { name = "Table" + SwiftIdentifier.digest(text) }
        if name.first?.isNumber == true { name = "_" + name }
        if SwiftIdentifier.reservedTypes.contains(name) || SwiftIdentifier.keywords.contains(name) { name += "_" }
        return name
    }

    private static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(name)_\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// The member name of `key` and why it is not simply its camel-cased words. Format specifiers in a key (String
    /// Catalog keys are often the English text) do not take part: `Imported %lld notes` → `importedNotes`.
    static func memberName(for key: String) -> (name: String, notes: [(CodegenNote.Reason, String)]) {
        let text = literalText(of: key)
        var notes: [(CodegenNote.Reason, String)] = []
        var name = SwiftIdentifier.lowerCamel(SwiftIdentifier.words(of: text))
        if text.unicodeScalars.contains(where: { !$0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }) {
            notes.append((.nonASCII, "has letters or digits outside ASCII, which are left out of the name"))
        }
        if name.isEmpty {
            name = "key" + SwiftIdentifier.digest(key)
            notes.append((.noName, key.isEmpty ? "is empty; the member is named \(name)" : "has no ASCII letter or digit; the member is named \(name) (a digest of the key)"))
        } else if name.first?.isNumber == true {
            name = "_" + name
            notes.append((.leadingDigit, "starts with a digit; the member is named \(name)"))
        }
        if SwiftIdentifier.reservedMembers.contains(name) {
            name += "_"
            notes.append((.reserved, "makes a name Swift or the generated type reserves; the member is named \(name)"))
        } else if SwiftIdentifier.keywords.contains(name) {
            notes.append((.keyword, "makes the Swift keyword \(name); the member is declared as `\(name)`"))
        }
        return (name, notes)
    }

    /// The literal text of a key, its format tokens left out.
    private static func literalText(of key: String) -> String {
        guard key.contains("%") else { return key }
        return FormatParser.parse(key).tokens.map { token -> String in
            if case .literal(let text) = token { return text }
            return " "
        }.joined()
    }

    // MARK: - Parameters

    static func slotMap(of value: CatalogValue) -> SlotMap {
        switch value {
        case .string(let text): SlotMap(text)
        case .plural(let entry): SlotMap(entry: entry)
        }
    }

    /// Slots 1…the highest one read, then the substitutions in byte order. A slot no text reads still takes an
    /// argument (printf counts it), so it becomes a `String` parameter the value never shows.
    private static func parameters(_ slots: SlotMap) -> [CodegenParameter] {
        var parameters: [CodegenParameter] = []
        if let highest = slots.positions.last {
            for position in 1...highest {
                parameters.append(CodegenParameter(
                    source: .slot(position), label: nil, name: "arg\(position)", type: swiftType(slots[position])))
            }
        }
        var labels = Set<String>()
        for (index, name) in slots.names.sorted(by: String.utf8Precedes).enumerated() {
            var label = name
            if SwiftIdentifier.reservedMembers.contains(label) || label == "inout" || label == "var" || label == "let" {
                label += "_"
            }
            label = unique(label, in: &labels)
            parameters.append(CodegenParameter(source: .substitution(name), label: label, name: "sub\(index + 1)", type: "String"))
        }
        return parameters
    }

    /// The Swift type an app passes for an argument class (``SlotMap``): `%@` a `String`, `%d`/`%lld` an `Int`,
    /// `%u`/`%llu` a `UInt`, `%f` a `Double`, `%C` a `Character`; a plural variable's value type decides its slot.
    static func swiftType(_ argumentClass: ArgumentClass?) -> String {
        switch argumentClass {
        case .object?, .cstring?, .unistring?, nil: "String"
        case .int32?, .int64?: "Int"
        case .uint32?, .uint64?: "UInt"
        case .double?, .longdouble?: "Double"
        case .unichar?: "Character"
        case .pointer?: "Never"  // refused before a member is planned
        }
    }

    /// Whether lookups must render the value: a `%` in a string (`%%` too), or any `.stringsdict` entry.
    private static func needsRendering(_ value: CatalogValue) -> Bool {
        switch value {
        case .string(let text): text.contains("%")
        case .plural: true
        }
    }

    // MARK: - Documentation

    /// The development text, one line per string: plural forms as `- name.category: text`, width and device
    /// variants likewise.
    static func documentation(of value: CatalogValue) -> [String] {
        var lines: [String]
        switch value {
        case .string(let text): lines = [text]
        case .plural(let entry): lines = describe(entry, prefix: "")
        }
        if lines.count > maxDocumentationLines {
            lines = Array(lines.prefix(maxDocumentationLines - 1)) + ["…"]
        }
        return lines.map(documentationLine)
    }

    private static func describe(_ entry: StringsdictEntry, prefix: String) -> [String] {
        switch entry {
        case .text(let text):
            return [prefix + text]
        case .width(let variants):
            return variants.keys.sorted().map { "\(prefix)- width \($0): \(variants[$0]!)" }
        case .device(let variants):
            return variants.keys.sorted(by: String.utf8Precedes).flatMap { describe(variants[$0]!, prefix: "\(prefix)- \($0): ") }
        case .format(let plural):
            var lines = [prefix + plural.format]
            for name in plural.variables.keys.sorted(by: String.utf8Precedes) {
                guard let variable = plural.variables[name] else { continue }
                for category in variable.forms.keys.sorted() {
                    lines.append("\(prefix)- \(name).\(category.rawValue): \(variable.forms[category]!)")
                }
            }
            return lines
        }
    }

    /// One doc-comment line: control, format (bidi) and separator characters shown escaped, so a text can never
    /// end the comment line, reorder what a reviewer sees, or break the file; long lines cut with `…`.
    static func documentationLine(_ text: String) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= maxDocumentationLine {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let category = scalar.properties.generalCategory
                if scalar.value < 0x20 || scalar.value == 0x7F || category == .control || category == .format
                    || category == .lineSeparator || category == .paragraphSeparator || category == .surrogate
                    || category == .unassigned || category == .privateUse
                {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return out
    }
}
