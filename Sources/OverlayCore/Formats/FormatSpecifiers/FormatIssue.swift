/// A problem in a format string, or between a source string and its translation (FORMATS.md §4.3–4.5): a content
/// finding, not an exception.
package struct FormatIssue: Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable, CustomStringConvertible {
        package var description: String { rawValue }

        /// `%n`: a write-back conversion; always rejected.
        case writeBack = "format.write-back"
        /// A `%` that starts no well-formed specifier, `%%`, `%{name}` or `%#@name@`.
        case strayPercent = "format.stray-percent"
        /// A well-formed but accidental specifier made of prose, e.g. `100% sure` (`% s`).
        case accidentalSpecifier = "format.accidental-specifier"
        /// `% @`: a space flag on `%@`, which CF ignores; it prints what `%@` prints (a warning).
        case spacedObject = "format.spaced-object"
        /// `% ld` read like a typo for `%ld`; a warning where the source reads that argument with the same class.
        case spacedNumber = "format.spaced-number"
        /// `%#@na me@`: CF ends the token and reads what follows as an ordinary specifier.
        case brokenVariableToken = "format.broken-variable-token"
        /// The string ends inside a specifier (a lone `%`, `%1$`, `%-5`).
        case trailingPercent = "format.trailing-percent"
        /// A conversion letter CF does not know; CF drops the `%` silently.
        case unknownConversion = "format.unknown-conversion"
        /// Positional (`%1$@`) and sequential (`%@`) specifiers in one string.
        case mixedPositional = "format.mixed-positional"
        /// A position of 0 or above 127.
        case positionOutOfRange = "format.position-out-of-range"
        /// `%s %S %P %p`: a raw pointer argument; a Swift `String` is not one.
        case pointerArgument = "format.pointer-argument"
        /// One slot read with two different classes.
        case conflictingSlot = "format.conflicting-slot"
        /// A translation slot whose class or size differs from the source's.
        case classMismatch = "format.class-mismatch"
        /// A translation slot of the same kind as the source's but another size (`%d` for `%ld`).
        case sizeMismatch = "format.size-mismatch"
        /// Strict mode: the same class printed in another numeric style (`%d` for `%x`).
        case styleMismatch = "format.style-mismatch"
        /// The translation's slots are not exactly 1…k.
        case gap = "format.gap"
        /// The translation uses a slot the source does not have.
        case unknownSlot = "format.unknown-slot"
        /// The translation leaves out a slot the source uses (a warning).
        case unusedSlot = "format.unused-slot"
        /// The translation uses a `%{name}` the source lacks.
        case unknownName = "format.unknown-name"
        /// The translation leaves out a `%{name}` of the source (a warning).
        case omittedName = "format.omitted-name"
        /// A `%#@v@` token whose variable is not defined where a class is needed.
        case unknownVariable = "format.unknown-variable"
        /// A variable whose variants are all the same text reads an argument of another class (a warning).
        case consumingVariable = "format.consuming-variable"
        /// A variant specifier reads the plural slot with another size than `NSStringFormatValueTypeKey`.
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
        return "\(severity.rawValue): \(code)\(place): \(message)"
    }

    package func finding(at location: Finding.Location = Finding.Location()) -> Finding {
        Finding(code: code.rawValue, severity: severity, message: message, location: location)
    }
}
