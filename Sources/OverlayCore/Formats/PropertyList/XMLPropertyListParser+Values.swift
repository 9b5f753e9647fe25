import Foundation

extension XMLPropertyListParser {
    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        if peek("\u{FEFF}") { index += 3 }
        while true {
            try skipMisc()
            guard peek("<!DOCTYPE") else { break }
            try skipDoctype()
        }
        guard !isAtEnd else { throw error(.malformed, "The file holds no <plist> element; add one.") }
        let plist = try readStartTag()
        guard plist.name == "plist" else {
            throw error(.unexpectedElement, "The root element is <\(plist.name)>, not <plist>; wrap the value in <plist>.")
        }
        guard !plist.isEmpty else { throw error(.missingValue, "<plist/> holds no value; add one.") }
        try skipMisc()
        if peek("</") { throw error(.missingValue, "<plist> holds no value; add one.") }
        let value = try parseValue(depth: 1)
        try skipMisc()
        try readEndTag(closing: "plist", openedAt: plist.location)
        try skipMisc()
        guard isAtEnd else {
            throw error(.malformed, "Content follows </plist>; a property list holds exactly one value.")
        }
        return value
    }

    mutating func parseValue(depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard depth <= maximumDepth else {
            throw error(.tooDeep, "Values are nested deeper than \(maximumDepth) levels; flatten the structure.")
        }
        let tag = try readStartTag()
        let at = tag.location
        switch tag.name {
        case "dict":
            return tag.isEmpty ? .dictionary([], at) : try parseDictionary(tag, depth: depth)
        case "array":
            return tag.isEmpty ? .array([], at) : try parseArray(tag, depth: depth)
        case "string":
            return .string(try text(of: tag), at)
        case "true", "false":
            if !tag.isEmpty { try readEndTag(closing: tag.name, openedAt: at) }
            return .boolean(tag.name == "true", at)
        case "integer":
            let text = try text(of: tag)
            guard let value = Int64(text) else {
                throw error(.invalidValue,
                    "<integer> holds \"\(text.prefix(40))\", not a decimal 64-bit integer without spaces; fix the number.",
                    at: at)
            }
            return .integer(value, at)
        case "real":
            let text = try text(of: tag).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value = Double(text) else {
                throw error(.invalidValue, "<real> holds \"\(text.prefix(40))\", not a number; fix it.", at: at)
            }
            return .real(value, at)
        case "date":
            let text = try text(of: tag).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let date = Self.date(iso8601: text) else {
                throw error(.invalidValue,
                    "<date> holds \"\(text.prefix(40))\", not YYYY-MM-DDTHH:MM:SSZ; fix the date.", at: at)
            }
            return .date(date, at)
        case "data":
            let text = try text(of: tag).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: text) else {
                throw error(.invalidValue, "<data> is not valid base64; re-encode it.", at: at)
            }
            return .data(data, at)
        default:
            throw error(.unexpectedElement,
                "<\(tag.name)> is not a property-list value here; use dict, array, string, integer, real, "
                    + "true, false, date or data.", at: at)
        }
    }

    private mutating func text(of tag: StartTag) throws(PropertyListError) -> String {
        tag.isEmpty ? "" : try readText(closing: tag.name, openedAt: tag.location)
    }

    private mutating func parseDictionary(_ tag: StartTag, depth: Int) throws(PropertyListError) -> PropertyListValue {
        var entries: [PropertyListEntry] = []
        var seen: [String: SourceLocation] = [:]
        while true {
            try skipMisc()
            if peek("</") {
                try readEndTag(closing: "dict", openedAt: tag.location)
                return .dictionary(entries, tag.location)
            }
            guard !isAtEnd else {
                throw error(.malformed, "<dict> opened at \(tag.location) is never closed; add </dict>.")
            }
            let keyTag = try readStartTag()
            guard keyTag.name == "key" else {
                throw error(.unexpectedElement,
                    "<dict> expects <key> here, found <\(keyTag.name)>; put a <key> before each value.",
                    at: keyTag.location)
            }
            let key = try text(of: keyTag)
            if let first = seen[key] {
                throw error(.duplicateKey,
                    "The key \"\(key)\" already appears at \(first) in this dict; remove one of them.",
                    at: keyTag.location)
            }
            seen[key] = keyTag.location
            try skipMisc()
            if peek("</") || isAtEnd {
                throw error(.missingValue,
                    "The key \"\(key)\" has no value; add one after </key>.", at: keyTag.location)
            }
            let value = try parseValue(depth: depth + 1)
            entries.append(PropertyListEntry(key: key, keyLocation: keyTag.location, value: value))
        }
    }

    private mutating func parseArray(_ tag: StartTag, depth: Int) throws(PropertyListError) -> PropertyListValue {
        var values: [PropertyListValue] = []
        while true {
            try skipMisc()
            if peek("</") {
                try readEndTag(closing: "array", openedAt: tag.location)
                return .array(values, tag.location)
            }
            guard !isAtEnd else {
                throw error(.malformed, "<array> opened at \(tag.location) is never closed; add </array>.")
            }
            values.append(try parseValue(depth: depth + 1))
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the only RFC 3339 form XML property lists use.
    static func date(iso8601 text: String) -> Date? {
        text.utf8.count == 20 && text.hasSuffix("Z") ? RFC3339.date(from: text) : nil
    }
}
