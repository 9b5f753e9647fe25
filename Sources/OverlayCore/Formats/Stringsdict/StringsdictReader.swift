package import Foundation

/// Reads a `.stringsdict` table with every check of FORMATS.md §2.4. A problem of the whole file throws; a problem
/// of one entry rejects that entry only.
package enum StringsdictReader {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let widthRuleKey = "NSStringVariableWidthRuleType"
    static let deviceRuleKey = "NSStringDeviceSpecificRuleType"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"
    /// Device names of `NSStringDeviceSpecificRuleType`, plus catalogs' `other`.
    package static let devices: Set<String> = ["appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac", "other"]

    /// `locale` decides whether a plural variable may go without `other` (``MissingOtherRule``); without it every
    /// variable needs one. `acceptingBinary` only for the app's own bundle.
    package static func readFile(
        _ data: Data, limits: ParseLimits = .propertyList, locale: String? = nil, acceptingBinary: Bool = false
    ) throws(StringsdictError) -> StringsdictFile {
        let root: PropertyListValue
        do {
            root = try PropertyListReader.read(data, limits: limits, acceptingBinary: acceptingBinary)
        } catch {
            throw StringsdictError(
                code: error.code == .duplicateKey ? .duplicateKey : .malformedPropertyList,
                message: error.message, location: error.location, cause: error)
        }
        return try readFile(root, locale: locale)
    }

    package static func readFile(_ root: PropertyListValue, locale: String? = nil) throws(StringsdictError) -> StringsdictFile {
        guard let entries = root.dictionaryEntries else {
            throw StringsdictError(
                code: .topLevelNotDictionary,
                message: "The top level is \(root.kindWithArticle), not a dict of lookup keys; make it a <dict>.",
                location: root.location)
        }
        var file = StringsdictFile(entries: [])
        for entry in entries {
            var context = EntryReader(key: entry.key, locale: locale)
            do throws(StringsdictError) {
                let value = try context.readEntry(entry.value, keyLocation: entry.keyLocation)
                file.entries.append(StringsdictFile.Entry(key: entry.key, entry: value, location: entry.keyLocation))
                file.warnings += context.warnings
            } catch {
                file.rejected.append(
                    StringsdictFile.Rejection(key: entry.key, error: error, canonical: PropertyListWriter.xml(entry.value)))
            }
        }
        return file
    }
}

struct EntryReader {
    let key: String
    let locale: String?
    var warnings: [Finding] = []

    func fail(_ code: StringsdictError.Code, _ message: String, at location: SourceLocation?) -> StringsdictError {
        StringsdictError(code: code, message: message, location: location, key: key)
    }

    mutating func warn(_ code: String, _ message: String, at location: SourceLocation?) {
        let place = Finding.Location(line: location?.line, column: location?.column, key: key)
        warnings.append(Finding(code: code, severity: .warning, message: message, location: place))
    }

    mutating func readEntry(_ value: PropertyListValue, keyLocation: SourceLocation?) throws(StringsdictError) -> StringsdictEntry {
        guard let fields = value.dictionaryEntries else {
            throw fail(
                .entryNotDictionary,
                "The value of \"\(key)\" is \(value.kindWithArticle), not an entry dict; use a <dict> with "
                    + "NSStringLocalizedFormatKey (or put plain strings in a .strings file).",
                at: value.location ?? keyLocation)
        }
        let kinds = [StringsdictReader.formatKey, StringsdictReader.widthRuleKey, StringsdictReader.deviceRuleKey]
        let present = fields.filter { kinds.contains($0.key) }
        guard present.count == 1, let kind = present.first else {
            let found = present.isEmpty ? "none of them" : present.map(\.key).joined(separator: " and ")
            throw fail(
                .entryKind,
                "An entry needs exactly one of NSStringLocalizedFormatKey, NSStringVariableWidthRuleType or "
                    + "NSStringDeviceSpecificRuleType, and this one has \(found); keep exactly one.",
                at: present.dropFirst().first?.keyLocation ?? value.location)
        }
        switch kind.key {
        case StringsdictReader.formatKey:
            return .format(try readFormat(kind, fields: fields))
        case StringsdictReader.widthRuleKey:
            try rejectSiblings(of: kind, in: fields)
            return .width(try readWidthRule(kind.value))
        default:
            try rejectSiblings(of: kind, in: fields)
            return .device(try readDeviceRule(kind.value))
        }
    }

    private func rejectSiblings(of rule: PropertyListEntry, in fields: [PropertyListEntry]) throws(StringsdictError) {
        if let extra = fields.first(where: { $0.key != rule.key }) {
            throw fail(
                .unexpectedKey,
                "\"\(extra.key)\" has no meaning beside \(rule.key); remove it.", at: extra.keyLocation)
        }
    }

    private func readWidthRule(_ value: PropertyListValue) throws(StringsdictError) -> [Int: String] {
        guard let variants = value.dictionaryEntries else {
            throw fail(.invalidWidth, "NSStringVariableWidthRuleType must be a dict of width → string.", at: value.location)
        }
        guard !variants.isEmpty else {
            throw fail(.emptyRule, "The width rule has no variants; add at least one width.", at: value.location)
        }
        var result: [Int: String] = [:]
        for variant in variants {
            guard let width = Int(variant.key), width >= 0, variant.key.allSatisfy(\.isASCII) else {
                throw fail(
                    .invalidWidth, "The width \"\(variant.key)\" is not a non-negative integer; use a number such as 20.",
                    at: variant.keyLocation)
            }
            guard let text = variant.value.stringValue else {
                throw fail(
                    .nonStringVariant, "The variant for width \(variant.key) is \(variant.value.kindWithArticle); use a string.",
                    at: variant.value.location)
            }
            if result.updateValue(text, forKey: width) != nil {
                throw fail(
                    .invalidWidth, "The width \(width) appears twice (as \"\(variant.key)\"); keep one.",
                    at: variant.keyLocation)
            }
        }
        return result
    }

    private mutating func readDeviceRule(_ value: PropertyListValue) throws(StringsdictError) -> [String: StringsdictEntry] {
        guard let variants = value.dictionaryEntries else {
            throw fail(.unknownDevice, "NSStringDeviceSpecificRuleType must be a dict of device → variant.", at: value.location)
        }
        guard !variants.isEmpty else {
            throw fail(.emptyRule, "The device rule has no variants; add at least `other`.", at: value.location)
        }
        var result: [String: StringsdictEntry] = [:]
        for variant in variants {
            guard StringsdictReader.devices.contains(variant.key) else {
                throw fail(
                    .unknownDevice,
                    "\"\(variant.key)\" is not a device; use one of "
                        + StringsdictReader.devices.sorted().joined(separator: ", ") + ".",
                    at: variant.keyLocation)
            }
            switch variant.value {
            case .string(let text, _):
                result[variant.key] = .text(text)
            case .dictionary:
                result[variant.key] = try readEntry(variant.value, keyLocation: variant.keyLocation)
            default:
                throw fail(
                    .nonStringVariant,
                    "The \(variant.key) variant is \(variant.value.kindWithArticle); use a string or an entry dict.",
                    at: variant.value.location)
            }
        }
        return result
    }
}
