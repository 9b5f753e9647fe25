/// What a subcommand accepts: its options and how many positional arguments.
struct CommandSignature {
    enum Kind {
        case flag
        case value
        case repeated
    }

    struct Option {
        let name: String
        let kind: Kind
        let valueName: String
        let help: String
        /// Whether an empty value (`--name ""`, `--name=`) means something; otherwise it is a usage error.
        var allowsEmpty = false
    }

    var positionals: [String]
    var minimumPositionals: Int
    var maximumPositionals: Int?
    var options: [Option]

    init(positionals: [String] = [], minimum: Int? = nil, maximum: Int?? = nil, options: [Option] = []) {
        self.positionals = positionals
        self.minimumPositionals = minimum ?? positionals.count
        self.maximumPositionals = maximum ?? positionals.count
        self.options = options
    }

}

extension CommandSignature.Option {
    static func flag(_ name: String, _ help: String) -> CommandSignature.Option {
        CommandSignature.Option(name: name, kind: .flag, valueName: "", help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String) -> CommandSignature.Option {
        CommandSignature.Option(name: name, kind: .value, valueName: valueName, help: help)
    }

    static func repeated(_ name: String, _ valueName: String, _ help: String, allowsEmpty: Bool = false)
        -> CommandSignature.Option
    {
        CommandSignature.Option(name: name, kind: .repeated, valueName: valueName, help: help, allowsEmpty: allowsEmpty)
    }
}

/// A usage mistake: reported with the usage line and exit code 64.
struct UsageError: Error {
    let message: String
}

/// Parsed command line of one subcommand.
struct ParsedArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var wantsHelp = false

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError(message: "missing required option --\(name)") }
        return value
    }

    /// Parses `arguments` against `signature`. `--name value`, `--name=value`, `--` ends options; a token that looks
    /// like a negative number (`-1`, `-0.5`) is a positional, so `overlay plural ru -1` works.
    ///
    /// Refused with a usage error, never guessed: an unknown option, a value option given twice, a flag with a value,
    /// an empty value or positional (an empty path would mean the working directory) unless the option says an empty
    /// value means something, and a value that is itself an option (`--out --json`: write `--out=--json` to mean it).
    static func parse(_ arguments: [String], signature: CommandSignature) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if optionsEnded || !token.hasPrefix("-") || token == "-" || Self.looksNumeric(token) {
                guard !token.isEmpty else {
                    let name = signature.positionals[safe: result.positionals.count] ?? signature.positionals.last ?? "argument"
                    throw UsageError(message: "an empty argument is not a \(name); pass a non-empty value")
                }
                result.positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            if token == "-h" || token == "--help" {
                result.wantsHelp = true
                continue
            }
            guard token.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(token)'; options are spelled --name")
            }
            var name = String(token.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = signature.options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)'")
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw UsageError(message: "--\(name) takes no value") }
                result.flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                    if value.hasPrefix("--"), value.count > 2 {
                        throw UsageError(message: "--\(name) needs a value (\(option.valueName)), not the option '\(value)'; write --\(name)=\(value) if that is the value")
                    }
                } else {
                    throw UsageError(message: "--\(name) needs a value (\(option.valueName))")
                }
                if value.isEmpty && !option.allowsEmpty {
                    throw UsageError(message: "--\(name) needs a value (\(option.valueName)); an empty one is not")
                }
                if option.kind == .value, result.values[name] != nil {
                    throw UsageError(message: "--\(name) given more than once")
                }
                result.values[name, default: []].append(value)
            }
        }
        if result.wantsHelp { return result }
        if result.positionals.count < signature.minimumPositionals {
            let missing = signature.positionals.dropFirst(result.positionals.count).first ?? "argument"
            throw UsageError(message: "missing \(missing)")
        }
        if let maximum = signature.maximumPositionals, result.positionals.count > maximum {
            throw UsageError(message: "unexpected argument '\(result.positionals[maximum])'")
        }
        return result
    }

    private static func looksNumeric(_ token: String) -> Bool {
        guard token.count > 1, token.hasPrefix("-") else { return false }
        let next = token[token.index(after: token.startIndex)]
        return next.isNumber || next == "."
    }
}

extension Array {
    /// The element at `index`, or nil past either end.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
