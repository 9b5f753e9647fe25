import Foundation

/// Where a command writes: data and human output to stdout, diagnostics to stderr.
final class Console: Sendable {
    private let standardError = FileHandle.standardError
    let colorsErrors: Bool

    init() {
        colorsErrors = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func err(_ text: String) {
        standardError.write(Data((text + "\n").utf8))
    }

    /// `error: message` or `warning: message`, red/yellow on a terminal.
    func diagnostic(_ severity: String, _ message: String, prefix: String = "") {
        let label: String
        if colorsErrors {
            let color = severity == "error" ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
            label = "\(color)\(severity):\u{1B}[0m"
        } else {
            label = "\(severity):"
        }
        err(prefix.isEmpty ? "\(label) \(message)" : "\(prefix): \(label) \(message)")
    }
}
