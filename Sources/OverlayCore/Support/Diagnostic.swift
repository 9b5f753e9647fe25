/// The stable codes of one package error (or warning) type; each raw value appears in reports and findings.
package protocol DiagnosticCode: RawRepresentable<String>, Sendable, Hashable, CustomStringConvertible {
    /// What else a diagnostic of these codes records about its place (an entry name, a JSON path, a system call).
    associatedtype Context: Sendable, Hashable = NoContext

    /// The diagnostic as reports and the tools print it.
    static func describe(_ diagnostic: Diagnostic<Self>) -> String
}

extension DiagnosticCode {
    package var description: String { rawValue }

    /// `line:column: message`, or just the message.
    package static func describe(_ diagnostic: Diagnostic<Self>) -> String {
        diagnostic.locationPrefix + diagnostic.message
    }
}

/// No context beyond the code, the message and the location.
package struct NoContext: Sendable, Hashable {
    package init() {}
}

/// One shape for every package error: a stable code, one sentence naming the problem and the fix, the place in the
/// text when it has one, and what the code's domain adds (``DiagnosticCode/Context``). Each domain names its own
/// (`typealias ZIPError = Diagnostic<ZIPErrorCode>`), so `ZIPError.Code` and its initializer read as before.
package struct Diagnostic<Codes: DiagnosticCode>: Error, Hashable, CustomStringConvertible {
    /// A generic parameter is no member type: the alias lets `ZIPError.Code.truncated` be spelled as before.
    package typealias Code = Codes

    package var code: Code
    /// One sentence naming the problem and how to fix it.
    package var message: String
    /// Line and column (1-based) of the problem, when it has a place in the text.
    package var location: SourceLocation?
    package var context: Code.Context

    package init(code: Code, message: String, location: SourceLocation? = nil, context: Code.Context) {
        self.code = code
        self.message = message
        self.location = location
        self.context = context
    }

    /// `line:column: `, or nothing without a location.
    package var locationPrefix: String { location.map { "\($0): " } ?? "" }

    package var description: String { Code.describe(self) }
}

extension Diagnostic where Codes.Context == NoContext {
    package init(code: Code, message: String, location: SourceLocation? = nil) {
        self.init(code: code, message: message, location: location, context: NoContext())
    }
}

/// What an error about a JSON document adds: the path of the rejected value and the parser's own error.
package struct JSONContext: Sendable, Hashable {
    package var path: JSONPath?
    package var cause: JSONError?

    package init(path: JSONPath?, cause: JSONError?) {
        self.path = path
        self.cause = cause
    }
}
