/// Why `overlay lint` could not start: a path or an `--allow` pattern it cannot use. Problems with single files
/// found while walking (unreadable, too large, not UTF-8) are findings instead, so one bad file never hides the
/// rest.
package struct LintError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable error kind.
    package struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        package let rawValue: String

        package init(rawValue: String) { self.rawValue = rawValue }

        /// A path to lint does not exist.
        package static let pathNotFound = Code(rawValue: "lint.path-not-found")
        /// A path to lint is neither a directory nor a `.swift` file.
        package static let notSwiftSource = Code(rawValue: "lint.not-swift-source")
        /// An `--allow` pattern that can never match (empty, absolute).
        package static let invalidAllow = Code(rawValue: "lint.invalid-allow")

        package var description: String { rawValue }
    }

    package var code: Code
    /// What is wrong and how to fix it.
    package var message: String
    /// The path or pattern at fault.
    package var subject: String

    package init(code: Code, message: String, subject: String) {
        self.code = code
        self.message = message
        self.subject = subject
    }

    package var description: String { message }
}
