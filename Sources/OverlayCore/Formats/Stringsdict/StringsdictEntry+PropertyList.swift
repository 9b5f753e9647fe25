extension StringsdictEntry {
    /// Members in a fixed order (names by bytes, categories in CLDR order): the same entry always gives the same bytes.
    package var propertyListValue: PropertyListValue {
        switch self {
        case .text(let text):
            return .string(text, nil)
        case .format(let format):
            var members = [member("NSStringLocalizedFormatKey", .string(format.format, nil))]
            for name in format.variables.keys.sorted(by: String.utf8Precedes) {
                guard let variable = format.variables[name] else { continue }
                var fields = [
                    member("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType", nil)),
                    member("NSStringFormatValueTypeKey", .string(variable.valueType, nil)),
                ]
                for category in PluralCategory.allCases {
                    if let text = variable.forms[category] { fields.append(member(category.rawValue, .string(text, nil))) }
                }
                members.append(member(name, .dictionary(fields, nil)))
            }
            return .dictionary(members, nil)
        case .width(let variants):
            let widths = variants.keys.sorted().map { member(String($0), .string(variants[$0]!, nil)) }
            return .dictionary([member("NSStringVariableWidthRuleType", .dictionary(widths, nil))], nil)
        case .device(let variants):
            let devices = variants.keys.sorted(by: String.utf8Precedes).map { member($0, variants[$0]!.propertyListValue) }
            return .dictionary([member("NSStringDeviceSpecificRuleType", .dictionary(devices, nil))], nil)
        }
    }

    private func member(_ key: String, _ value: PropertyListValue) -> PropertyListEntry {
        PropertyListEntry(key: key, keyLocation: nil, value: value)
    }
}
