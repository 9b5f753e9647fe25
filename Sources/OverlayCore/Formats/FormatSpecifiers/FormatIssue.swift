/// A problem in a format string, or between a source string and its translation (FORMATS.md §4.3–4.5).
///
/// Issues are content findings, not exceptions: the parser and the compatibility check return them.
package struct FormatIssue: Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable issue code such as `format.write-back`.
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
        /// `% ld`: a number printed with a leading space, read where it stands like a typo for `%ld` (not prose: no
        /// digit before the `%`, no letter after the conversion). An error until compared with the source: a warning
        /// where the source reads that argument with the same class (``SlotMap/demoteSpacedNumbers(against:)``).
        case spacedNumber = "format.spaced-number"
        /// `%#@na me@`: a name character CF does not accept ends the token, and what follows is read as an
        /// ordinary specifier that consumes an argument.
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
        /// A variable whose variants are all the same text reads an argument printed with another class: it only
        /// consumes the argument (a warning).
        case consumingVariable = "format.consuming-variable"
        /// A variant specifier reads the plural slot with another size than `NSStringFormatValueTypeKey`.
        case variantTypeMismatch = "format.variant-type-mismatch"
    }

    /// What kind of problem this is.
    package var code: Code
    /// Errors reject the string; warnings inform.
    package var severity: Finding.Severity
    /// One sentence naming the problem and the fix.
    package var message: String
    /// Offset in Unicode scalars of the offending `%` in the string it was found in, when known.
    package var offset: Int?
    /// The specifier as written, for issues about one specifier whose fix depends on its text (`% ld`).
    package var specifier: String?
    /// The argument slot the specifier reads, once a ``SlotMap`` has numbered it.
    package var slot: Int?

    /// Creates an issue.
    package init(code: Code, severity: Finding.Severity, message: String, offset: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.offset = offset
    }

    /// Creates an error-severity issue.
    static func error(_ code: Code, _ message: String, at offset: Int? = nil) -> FormatIssue {
        FormatIssue(code: code, severity: .error, message: message, offset: offset)
    }

    /// Creates a warning-severity issue.
    static func warning(_ code: Code, _ message: String, at offset: Int? = nil) -> FormatIssue {
        FormatIssue(code: code, severity: .warning, message: message, offset: offset)
    }

    package var description: String {
        let place = offset.map { " at offset \($0)" } ?? ""
        return "\(severity.rawValue): \(code)\(place): \(message)"
    }

    /// This issue as a validation finding at `location`.
    package func finding(at location: Finding.Location = Finding.Location()) -> Finding {
        Finding(code: code.rawValue, severity: severity, message: message, location: location)
    }
}
