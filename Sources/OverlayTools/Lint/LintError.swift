package import OverlayCore

/// Why `overlay lint` could not start: a path or an `--allow` pattern it cannot use. Problems with single files
/// found while walking (unreadable, too large, not UTF-8) are findings instead, so one bad file never hides the
/// rest.
package typealias LintError = Diagnostic<LintErrorCode>

package enum LintErrorCode: String, DiagnosticCode {
    /// The path or pattern at fault.
    package typealias Context = String

    /// A path to lint does not exist.
    case pathNotFound = "lint.path-not-found"
    /// A path to lint is neither a directory nor a `.swift` file.
    case notSwiftSource = "lint.not-swift-source"
    /// An `--allow` pattern that can never match (empty, absolute).
    case invalidAllow = "lint.invalid-allow"
}

extension LintError {
    package init(code: Code, message: String, subject: String) {
        self.init(code: code, message: message, context: subject)
    }

    /// The path or pattern at fault.
    package var subject: String { context }
}
