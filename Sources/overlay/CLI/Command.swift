/// One `overlay` subcommand: its name, its help, and what it does.
protocol Command {
    static var name: String { get }
    /// One line for `overlay --help`.
    static var summary: String { get }
    /// The usage line without the leading `overlay `.
    static var usage: String { get }
    /// Paragraphs shown by `overlay help <name>` after the usage line and before the options.
    static var discussion: String { get }
    static var signature: CommandSignature { get }

    /// Runs the command and returns the process exit code.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

/// Process exit codes (sysexits for usage).
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

/// A failure to report as `error: …` with exit code 1.
struct CommandFailure: Error {
    let message: String
}

extension Command {
    static func helpText() -> String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: overlay \(usage)"]
        if !discussion.isEmpty {
            lines += ["", discussion]
        }
        let options = signature.options
        if !options.isEmpty {
            lines += ["", "OPTIONS:"]
            let labels = options.map { option -> String in
                switch option.kind {
                case .flag: "--\(option.name)"
                case .value: "--\(option.name) <\(option.valueName)>"
                case .repeated: "--\(option.name) <\(option.valueName)> ..."
                }
            }
            let width = min(34, (labels.map(\.count).max() ?? 0) + 2)
            for (label, option) in zip(labels, options) {
                let padded = label.count >= width ? label + "  " : label + String(repeating: " ", count: width - label.count)
                lines.append("  " + padded + option.help)
            }
        }
        lines += ["  -h, --help" + String(repeating: " ", count: max(2, 34 - 8)) + "Show this help."]
        return lines.joined(separator: "\n")
    }
}
