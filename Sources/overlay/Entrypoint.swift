import Foundation
import OverlayTools

@main
enum Overlay {
    /// All subcommands, in the order `overlay --help` lists them.
    static var commands: [any Command.Type] {
        [
            KeygenCommand.self, SourceHashCommand.self, CheckCommand.self, PublishCommand.self, ValidateCommand.self,
            SyncCommand.self, ResolveCommand.self, InspectCommand.self, DisableCommand.self, PluralCommand.self,
            LintCommand.self, MatrixCommand.self, PseudoCommand.self, CodegenCommand.self,
        ]
    }

    static func main() {
        let decoded = ArgumentBytes.decode(ArgumentBytes.current())
        exit(run(decoded.arguments, invalidArgument: decoded.invalid, console: Console()))
    }

    /// Runs one command line. `invalidArgument` is the first argument that was not valid UTF-8 (shown escaped): it is
    /// refused as a usage error of the command it was given to.
    static func run(_ arguments: [String], invalidArgument: String? = nil, console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.err(overview())
            return ExitCode.usage
        }
        if first == "-h" || first == "--help" {
            console.out(overview())
            return ExitCode.success
        }
        // The store's crash-test child (`overlay matrix` spawns it): a hidden mode, never listed, so that installing the
        // one `overlay` binary is all the matrix needs.
        if first == TortureChild.command {
            return TortureChild.run(Array(arguments.dropFirst()))
        }
        if first == "--version" {
            console.out("overlay \(OverlayVersion.current)")
            return ExitCode.success
        }
        if first == "help" {
            guard arguments.count > 1 else {
                console.out(overview())
                return ExitCode.success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                console.diagnostic("error", "unknown command '\(arguments[1])'")
                console.err("See 'overlay --help'.")
                return ExitCode.usage
            }
            console.out(command.helpText())
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.diagnostic("error", invalidArgument.map { ArgumentBytes.refusal($0).message } ?? "unknown command '\(first)'")
            console.err("See 'overlay --help'.")
            return ExitCode.usage
        }
        do {
            if let invalidArgument { throw ArgumentBytes.refusal(invalidArgument) }
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), signature: command.signature)
            if parsed.wantsHelp {
                console.out(command.helpText())
                return ExitCode.success
            }
            return try command.run(parsed, console: console)
        } catch let error as UsageError {
            console.diagnostic("error", error.message)
            console.err("USAGE: overlay \(command.usage)")
            console.err("See 'overlay help \(command.name)'.")
            return ExitCode.usage
        } catch let error as CommandFailure {
            console.diagnostic("error", error.message)
            return ExitCode.failure
        } catch {
            console.diagnostic("error", "\(error)")
            return ExitCode.failure
        }
    }

    static func overview() -> String {
        var lines = [
            "OVERVIEW: Over-the-air localization updates: signed, build-bound, validated string tables.",
            "",
            "USAGE: overlay <command> [options]",
            "",
            "COMMANDS:",
        ]
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        for command in commands {
            lines.append("  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary)
        }
        lines += ["", "See 'overlay help <command>' for a command's options and examples."]
        return lines.joined(separator: "\n")
    }
}
