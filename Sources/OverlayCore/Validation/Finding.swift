/// One problem found in a catalog or an artifact: what, how bad, where, and how to fix it.
public struct Finding: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// Where a finding points. Every field is optional; the more is known, the more is filled in.
    public struct Location: Sendable, Hashable, Codable {
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var module: String?
        public var locale: String?
        public var table: String?
        public var key: String?

        public init(
            file: String? = nil, line: Int? = nil, column: Int? = nil, module: String? = nil,
            locale: String? = nil, table: String? = nil, key: String? = nil
        ) {
            self.file = file
            self.line = line
            self.column = column
            self.module = module
            self.locale = locale
            self.table = table
            self.key = key
        }
    }

    /// A stable, machine-readable identifier such as `strings.missing-semicolon`.
    public var code: String
    public var severity: Severity
    /// One sentence that says what is wrong and how to fix it.
    public var message: String
    public var location: Location

    public init(code: String, severity: Severity, message: String, location: Location = Location()) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
    }
}
