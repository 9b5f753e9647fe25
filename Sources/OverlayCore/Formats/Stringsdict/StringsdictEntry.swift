/// One top-level entry of a `.stringsdict` table (FORMATS.md §2).
package indirect enum StringsdictEntry: Sendable, Equatable {
    case format(PluralFormat)
    /// `NSStringVariableWidthRuleType`: width → text, chosen by the largest width ≤ the requested one.
    case width([Int: String])
    /// `NSStringDeviceSpecificRuleType`: device name (`iphone`, `mac`, `other`, …) → variant.
    case device([String: StringsdictEntry])
    /// A plain string: only valid as a device variant.
    case text(String)
}

/// A format string with `%#@name@` tokens and the variables they name.
package struct PluralFormat: Sendable, Equatable {
    package var format: String
    /// One flat namespace per entry: nested tokens name siblings.
    package var variables: [String: PluralVariable]

    package init(format: String, variables: [String: PluralVariable]) {
        self.format = format
        self.variables = variables
    }
}

/// One `NSStringPluralRuleType` variable.
package struct PluralVariable: Sendable, Equatable {
    /// `NSStringFormatValueTypeKey` without the `%`, e.g. `d`, `ld`, `lu`, `f`.
    package var valueType: String
    package var forms: [PluralCategory: String]

    package init(valueType: String, forms: [PluralCategory: String]) {
        self.valueType = valueType
        self.forms = forms
    }
}
