package import Foundation
package import OverlayCore

/// Writes `.stringsdict` tables as XML property lists, keys sorted by bytes, so the same table gives the same bytes.
///
/// ```swift
/// let data = StringsdictWriter.write(["n.items": .format(PluralFormat(format: "%#@v@", variables: [...]))])
/// try StringsdictReader.read(data)   // the same entries
/// ```
package enum StringsdictWriter {
    package static func write(_ entries: [String: StringsdictEntry]) -> Data {
        PropertyListWriter.xml(.dictionary(sorted(entries).map { PropertyListEntry(key: $0.key, keyLocation: nil, value: value(of: $0.value)) }, nil))
    }

    static func value(of entry: StringsdictEntry) -> PropertyListValue {
        switch entry {
        case .text(let text):
            return .string(text, nil)
        case .format(let format):
            var members = [PropertyListEntry(key: "NSStringLocalizedFormatKey", keyLocation: nil, value: .string(format.format, nil))]
            for (name, variable) in sorted(format.variables) {
                var fields = [
                    PropertyListEntry(key: "NSStringFormatSpecTypeKey", keyLocation: nil, value: .string("NSStringPluralRuleType", nil)),
                    PropertyListEntry(key: "NSStringFormatValueTypeKey", keyLocation: nil, value: .string(variable.valueType, nil)),
                ]
                for category in PluralCategory.allCases {
                    if let text = variable.forms[category] {
                        fields.append(PropertyListEntry(key: category.rawValue, keyLocation: nil, value: .string(text, nil)))
                    }
                }
                members.append(PropertyListEntry(key: name, keyLocation: nil, value: .dictionary(fields, nil)))
            }
            return .dictionary(members, nil)
        case .width(let variants):
            let widths = variants.keys.sorted().map { PropertyListEntry(key: String($0), keyLocation: nil, value: .string(variants[$0]!, nil)) }
            return .dictionary([PropertyListEntry(key: "NSStringVariableWidthRuleType", keyLocation: nil, value: .dictionary(widths, nil))], nil)
        case .device(let variants):
            let devices = sorted(variants).map { PropertyListEntry(key: $0.key, keyLocation: nil, value: value(of: $0.value)) }
            return .dictionary([PropertyListEntry(key: "NSStringDeviceSpecificRuleType", keyLocation: nil, value: .dictionary(devices, nil))], nil)
        }
    }

    private static func sorted<Value>(_ dictionary: [String: Value]) -> [(key: String, value: Value)] {
        dictionary.sorted(by: { (a: (key: String, value: Value), b: (key: String, value: Value)) in
            String.utf8Precedes(a.key, b.key)
        })
    }
}
