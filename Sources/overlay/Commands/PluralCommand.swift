import OverlayCore

/// `overlay plural LOCALE NUMBER... [--ordinal] [--json]`: the CLDR category of each number, as written.
enum PluralCommand: Command {
    static let name = "plural"
    static let summary = "Print the CLDR plural category of numbers in a locale."
    static let usage = "plural <locale> <number>... [--ordinal] [--json]"
    static let discussion = """
        Numbers are taken as written, because CLDR categories depend on the visible digits:
        in English "1" is one and "1.0" is other. Compact exponents are accepted ("1.2c6").
        Output: one line per number, in input order, the category as the last token.

        EXAMPLES:
          overlay plural ru 1 2 5 21 1.5        # one few many one other
          overlay plural ar 0 1 2 3 11 100      # zero one two few many other
          overlay plural en 1 2 3 4 --ordinal   # one two few other
        """
    static let signature = CommandSignature(
        positionals: ["<locale>", "<number>"], minimum: 2, maximum: .some(nil),
        options: [
            .flag("ordinal", "Use ordinal rules (1st, 2nd, 3rd) instead of cardinal ones."),
            .flag("json", "Print a JSON object instead of lines."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let locale = arguments.positionals[0]
        let ordinal = arguments.flag("ordinal")
        let rules = ordinal ? PluralRules.ordinal(for: locale) : PluralRules.cardinal(for: locale)
        var results: [(String, PluralCategory)] = []
        for number in arguments.positionals.dropFirst() {
            guard let operands = PluralOperands(number) else {
                throw UsageError(message: "'\(number)' is not a number: write digits with an optional '-', one '.', and an optional 'c'/'e' exponent, e.g. 1.5 or 1.2c6")
            }
            results.append((number, rules.category(for: operands)))
        }
        if arguments.flag("json") {
            let items = results.map { JSONOutput.object([("number", .string($0.0)), ("category", .string($0.1.rawValue))]) }
            console.out(JSONOutput.object([
                ("locale", .string(locale)),
                ("rules", .string(ordinal ? "ordinal" : "cardinal")),
                ("results", .array(items)),
            ]).rendered())
        } else {
            for (number, category) in results { console.out("\(number) \(category.rawValue)") }
        }
        return ExitCode.success
    }
}
