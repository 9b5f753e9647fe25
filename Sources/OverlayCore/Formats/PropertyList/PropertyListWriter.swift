package import Foundation

/// Writes XML property lists deterministically: tab indentation as Xcode writes them, entries in the given order.
package enum PropertyListWriter {
    package static func xml(_ value: PropertyListValue) -> Data {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(value, indent: 0, into: &out)
        out += "</plist>\n"
        return Data(out.utf8)
    }

    private static func write(_ value: PropertyListValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .string(let text, _): out += "\(pad)<string>\(escape(text))</string>\n"
        case .integer(let number, _): out += "\(pad)<integer>\(number)</integer>\n"
        case .real(let number, _): out += "\(pad)<real>\(number)</real>\n"
        case .boolean(let flag, _): out += "\(pad)<\(flag ? "true" : "false")/>\n"
        case .date(let date, _): out += "\(pad)<date>\(RFC3339.string(from: date))</date>\n"
        case .data(let data, _): out += "\(pad)<data>\(data.base64EncodedString())</data>\n"
        case .array(let items, _):
            guard !items.isEmpty else {
                out += "\(pad)<array/>\n"
                return
            }
            out += "\(pad)<array>\n"
            for item in items { write(item, indent: indent + 1, into: &out) }
            out += "\(pad)</array>\n"
        case .dictionary(let entries, _):
            guard !entries.isEmpty else {
                out += "\(pad)<dict/>\n"
                return
            }
            out += "\(pad)<dict>\n"
            for entry in entries {
                out += "\(pad)\t<key>\(escape(entry.key))</key>\n"
                write(entry.value, indent: indent + 1, into: &out)
            }
            out += "\(pad)</dict>\n"
        }
    }

    /// Escapes XML specials; a carriage return is written as a character reference so XML's line-ending
    /// normalisation cannot turn it into a newline.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
