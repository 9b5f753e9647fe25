import Foundation

/// Where a command writes: data and human output to stdout, diagnostics to stderr.
///
/// `out` and `err` write text as given: data (`--json`, the string `resolve` renders) and the multi-line help.
/// `line`, `note` and `diagnostic` are for human lines that echo names, keys, values or paths: they escape control
/// characters (``TerminalText``), so each stays one line on the terminal.
final class Console: Sendable {
    private let standardError = FileHandle.standardError
    let colorsErrors: Bool

    init() {
        colorsErrors = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// `text` on stdout as it is, no newline added: a large output written piece by piece.
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func err(_ text: String) {
        standardError.write(Data((text + "\n").utf8))
    }

    /// One human line on stdout, control characters escaped.
    func line(_ text: String) {
        out(TerminalText.escaped(text))
    }

    /// One human line on stderr (progress, notes), control characters escaped.
    func note(_ text: String) {
        err(TerminalText.escaped(text))
    }

    /// `error: message` or `warning: message`, red/yellow on a terminal; the prefix and the message are escaped.
    func diagnostic(_ severity: String, _ message: String, prefix: String = "") {
        let label: String
        if colorsErrors {
            let color = severity == "error" ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
            label = "\(color)\(severity):\u{1B}[0m"
        } else {
            label = "\(severity):"
        }
        let message = TerminalText.escaped(message)
        err(prefix.isEmpty ? "\(label) \(message)" : "\(TerminalText.escaped(prefix)): \(label) \(message)")
    }
}
