// libFuzzer entry: any bytes, split at NUL into command-line arguments, through the CLI's readers — the strict UTF-8
// argv decoding, the argument parser, the duration and whole-number readers with their ranges, and the terminal
// escaping. The reader files are the CLI's own (symbolic links into Sources/overlay/CLI), compiled into this target.
// Nothing may trap; every refusal carries a message; every accepted value honours its range. Otherwise the process
// traps.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let tokens = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    let decoded = ArgumentBytes.decode(tokens)
    precondition(decoded.arguments.count == tokens.count)
    precondition((decoded.invalid != nil) == tokens.contains { String(validating: $0, as: UTF8.self) == nil })
    if let invalid = decoded.invalid {
        precondition(!ArgumentBytes.refusal(invalid).message.isEmpty)
        precondition(!invalid.unicodeScalars.contains { $0.value < 0x20 || $0.value >= 0x7F && $0 != "…" })
    }
    checkParser(decoded.arguments)
    for argument in decoded.arguments {
        checkDuration(argument)
        checkNumber(argument)
        checkEscaping(argument)
    }
    return 0
}

let signature = CommandSignature(
    positionals: ["<catalog>", "<more>"], minimum: 1, maximum: .some(3),
    options: [
        .flag("json", "."), .value("out", "dir", "."), .value("revision", "n", "."),
        .repeated("key", "pem", "."), .repeated("arg", "value", ".", allowsEmpty: true),
    ])

func checkParser(_ arguments: [String]) {
    let parsed: ParsedArguments
    do {
        parsed = try ParsedArguments.parse(arguments, signature: signature)
    } catch {
        precondition(!error.message.isEmpty)
        return
    }
    if parsed.wantsHelp { return }
    precondition((1...3).contains(parsed.positionals.count))
    precondition(!parsed.positionals.contains(""))
    for option in signature.options where option.kind != .flag {
        let values = parsed.all(option.name)
        precondition(option.kind == .repeated || values.count <= 1)
        precondition(option.allowsEmpty || !values.contains(""))
    }
    precondition(parsed.flags.isSubset(of: ["json"]))
}

func checkDuration(_ text: String) {
    if let seconds = DurationArgument.parse(text) {
        precondition(seconds.isFinite && seconds >= 0)
        _ = DurationArgument.describe(seconds)
    }
    for option in ["expires-in", "max-age", "timeout", "other"] {
        do {
            let seconds = try DurationArgument.seconds(text, option: option)
            precondition((DurationArgument.ranges[option] ?? DurationArgument.defaultRange).contains(seconds))
            // What the sync command does with a timeout: never traps inside the range.
            _ = Int(seconds * 1000)
        } catch {
            precondition(!error.message.isEmpty)
        }
    }
}

func checkNumber(_ text: String) {
    if let value = NumberArgument.parse(text) {
        precondition(value >= 0)
        let digits = text.drop { $0 == "0" }
        precondition(String(value) == (digits.isEmpty ? "0" : String(digits)))
    }
    do {
        let value = try NumberArgument.integer(text, option: "revision", range: 1...9_007_199_254_740_991)
        precondition(value >= 1 && value <= 9_007_199_254_740_991)
    } catch {
        precondition(!error.message.isEmpty)
    }
}

func checkEscaping(_ text: String) {
    let escaped = TerminalText.escaped(text)
    precondition(!escaped.unicodeScalars.contains { TerminalText.needsEscape($0, keepingTabs: false) })
    let kept = TerminalText.escaped(text, keepingTabs: true)
    precondition(!kept.unicodeScalars.contains { $0 != "\t" && TerminalText.needsEscape($0, keepingTabs: true) })
    if !text.unicodeScalars.contains(where: { TerminalText.needsEscape($0, keepingTabs: false) }) {
        precondition(escaped == text)
    }
}
