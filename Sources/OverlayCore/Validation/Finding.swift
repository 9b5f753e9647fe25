/// One problem found in a catalog or an artifact: what, how bad, where, and how to fix it.
public struct Finding: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// Where a finding points. Every field is optional; the more is known, the more is filled in.
    public struct Location: Sendable, Hashable {
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
    /// The value it is about is byte-identical to the one the build shipped (same module, table, locale and key),
    /// so it cannot change what the app shows: reported so the team can fix it, but it never blocks a publish nor
    /// rejects an archive.
    public var isAlreadyShipped: Bool

    public init(
        code: String, severity: Severity, message: String, location: Location = Location(),
        isAlreadyShipped: Bool = false
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.isAlreadyShipped = isAlreadyShipped
    }

    /// An error that blocks: an error about something the build does not already ship.
    public var isBlocking: Bool { severity == .error && !isAlreadyShipped }
}
