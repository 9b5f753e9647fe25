/// A problem in a format string, or between a source string and its translation (FORMATS.md §4.3–4.5): a content
/// finding, not an exception.
package struct FormatIssue: Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable {
        // What each code means and whether it blocks: FORMATS.md §4.7.
        case writeBack = "format.write-back"
        case strayPercent = "format.stray-percent"
        case accidentalSpecifier = "format.accidental-specifier"
        case spacedObject = "format.spaced-object"
        case spacedNumber = "format.spaced-number"
        case brokenVariableToken = "format.broken-variable-token"
        case trailingPercent = "format.trailing-percent"
        case unknownConversion = "format.unknown-conversion"
        case mixedPositional = "format.mixed-positional"
        case positionOutOfRange = "format.position-out-of-range"
        case pointerArgument = "format.pointer-argument"
        case conflictingSlot = "format.conflicting-slot"
        case classMismatch = "format.class-mismatch"
        case sizeMismatch = "format.size-mismatch"
        case styleMismatch = "format.style-mismatch"
        case gap = "format.gap"
        case unknownSlot = "format.unknown-slot"
        case unusedSlot = "format.unused-slot"
        case unknownName = "format.unknown-name"
        case omittedName = "format.omitted-name"
        case unknownVariable = "format.unknown-variable"
        case consumingVariable = "format.consuming-variable"
        case variantTypeMismatch = "format.variant-type-mismatch"
    }

    package var code: Code
    package var severity: Finding.Severity
    package var message: String
    /// Offset in Unicode scalars of the offending `%` in the string it was found in, when known.
    package var offset: Int?
    /// The specifier as written, for issues about one specifier whose fix depends on its text (`% ld`).
    package var specifier: String?
    /// The argument slot the specifier reads, once a ``SlotMap`` has numbered it.
    package var slot: Int?

    static func error(_ code: Code, _ message: String, at offset: Int? = nil) -> FormatIssue {
        FormatIssue(code: code, severity: .error, message: message, offset: offset)
    }

    static func warning(_ code: Code, _ message: String, at offset: Int? = nil) -> FormatIssue {
        FormatIssue(code: code, severity: .warning, message: message, offset: offset)
    }

    package var description: String {
        let place = offset.map { " at offset \($0)" } ?? ""
        return "\(severity.rawValue): \(code.rawValue)\(place): \(message)"
    }

    package func finding(at location: Finding.Location = Finding.Location()) -> Finding {
        Finding(code: code.rawValue, severity: severity, message: message, location: location)
    }
}
