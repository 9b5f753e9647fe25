import OverlayCore

// The CLDR rule-text parser, kept in the tests as an oracle: the app ships rules that scripts/generate-cldr.py
// already parsed, and GeneratedCLDRDataTests checks them against this second, independent parse of the XML.

/// A CLDR plural rule that cannot be parsed, e.g. `n % = 1` or `v = 3..1`; the location is line 1 and the column in
/// the condition text, when the problem has a position.
typealias PluralRuleError = Diagnostic<PluralRuleErrorCode>

enum PluralRuleErrorCode: String, DiagnosticCode {
    case invalidCharacter = "plural.invalid_character"
    case unexpectedToken = "plural.unexpected_token"
    case unexpectedEnd = "plural.unexpected_end"
    case unknownOperand = "plural.unknown_operand"
    /// An integer too large for the evaluator, or a modulus of zero.
    case invalidNumber = "plural.invalid_number"
    case invalidRange = "plural.invalid_range"
    /// A non-`other` category with no condition, or `other` with one.
    case invalidCategoryCondition = "plural.invalid_category_condition"
}

extension PluralRules {
    /// Builds rules from CLDR condition texts (samples after `@` are ignored); only `other` has no condition.
    init(conditions: [PluralCategory: String]) throws(PluralRuleError) {
        var rules: [Rule] = []
        for category in conditions.keys.sorted() {
            let condition: PluralCondition
            do {
                condition = try PluralCondition(parsing: conditions[category] ?? "")
            } catch {
                throw PluralRuleError(code: error.code, message: "\(category): \(error.message)", location: error.location)
            }
            switch (category, condition.alternatives.isEmpty) {
            case (.other, true):
                continue
            case (.other, false):
                throw PluralRuleError(code: .invalidCategoryCondition,
                                      message: "'other' has a condition; CLDR 'other' applies when nothing else matches, remove it")
            case (_, true):
                throw PluralRuleError(code: .invalidCategoryCondition,
                                      message: "'\(category)' has no condition; give it one or drop the category")
            case (_, false):
                rules.append(Rule(category, condition.alternatives))
            }
        }
        self.init(rules: rules)
    }
}

extension PluralCondition {
    /// The largest integer a rule may contain; keeps `%` on digit strings inside `UInt64`.
    static let maximumInteger: UInt64 = 1_000_000_000_000

    /// CLDR rule syntax (TR35 §5.2) with legacy `is`, `in`, `within`, `not`; samples after `@` are ignored.
    init(parsing text: String) throws(PluralRuleError) {
        var parser = PluralConditionParser(tokens: try PluralToken.tokenize(text), endColumn: text.count + 1)
        self = try parser.parseCondition()
    }
}

private struct PluralToken: Equatable {
    enum Kind: Equatable {
        case word(String)
        case integer(UInt64)
        case symbol(String)  // % = != .. ,
    }

    var kind: Kind
    var column: Int

    static func tokenize(_ text: String) throws(PluralRuleError) -> [PluralToken] {
        let characters = Array(text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        var tokens: [PluralToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character == " " || character == "\t" || character == "\n" {
                index += 1
            } else if character.isASCII, character.isLetter {
                var word = ""
                while index < characters.count, characters[index].isASCII, characters[index].isLetter {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(PluralToken(kind: .word(word), column: column))
            } else if character.isASCII, character.isNumber {
                var value: UInt64 = 0
                while index < characters.count, characters[index].isASCII, let digit = characters[index].wholeNumberValue {
                    value = value * 10 + UInt64(digit)
                    guard value <= PluralCondition.maximumInteger else {
                        throw PluralRuleError(
                            code: .invalidNumber,
                            message: "integer at column \(column) exceeds \(PluralCondition.maximumInteger); use a smaller value",
                            location: SourceLocation(line: 1, column: column))
                    }
                    index += 1
                }
                tokens.append(PluralToken(kind: .integer(value), column: column))
            } else {
                let pair = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
                if pair == "!=" || pair == ".." {
                    tokens.append(PluralToken(kind: .symbol(pair), column: column))
                    index += 2
                } else if character == "%" || character == "=" || character == "," {
                    tokens.append(PluralToken(kind: .symbol(String(character)), column: column))
                    index += 1
                } else {
                    throw PluralRuleError(
                        code: .invalidCharacter,
                        message: "unexpected character '\(character)' at column \(column); rules use operands, integers, % = != .. ,",
                        location: SourceLocation(line: 1, column: column))
                }
            }
        }
        return tokens
    }
}

private struct PluralConditionParser {
    var tokens: [PluralToken]
    var endColumn: Int
    var position = 0

    mutating func parseCondition() throws(PluralRuleError) -> PluralCondition {
        guard !tokens.isEmpty else { return PluralCondition(alternatives: []) }
        var alternatives: [[PluralRelation]] = []
        repeat {
            var relations = [try parseRelation()]
            while acceptWord("and") { relations.append(try parseRelation()) }
            alternatives.append(relations)
        } while acceptWord("or")
        if position < tokens.count { throw unexpected("'and', 'or' or the end of the rule") }
        return PluralCondition(alternatives: alternatives)
    }

    private mutating func parseRelation() throws(PluralRuleError) -> PluralRelation {
        guard position < tokens.count else { throw unexpected("an operand") }
        guard case .word(let name) = tokens[position].kind else { throw unexpected("an operand") }
        guard let operand = PluralRelation.Operand(rawValue: name) else {
            throw PluralRuleError(
                code: .unknownOperand,
                message: "unknown operand '\(name)' at column \(tokens[position].column); use one of n i v w f t c e",
                location: SourceLocation(line: 1, column: tokens[position].column))
        }
        position += 1
        var modulus: UInt64?
        if acceptSymbol("%") || acceptWord("mod") {
            let column = position < tokens.count ? tokens[position].column : endColumn
            let value = try parseInteger()
            guard value > 0 else {
                throw PluralRuleError(code: .invalidNumber, message: "modulus 0 at column \(column); use a positive modulus",
                                      location: SourceLocation(line: 1, column: column))
            }
            modulus = value
        }
        var negated = false
        var within = false
        if acceptSymbol("=") {
        } else if acceptSymbol("!=") {
            negated = true
        } else if acceptWord("is") {
            negated = acceptWord("not")
            let value = try parseInteger()
            return PluralRelation(operand, mod: modulus, negated: negated, [value, value])
        } else {
            negated = acceptWord("not")
            if acceptWord("within") {
                within = true
            } else if !acceptWord("in") {
                throw unexpected("'=', '!=', 'is', 'in' or 'within'")
            }
        }
        return PluralRelation(operand, mod: modulus, negated: negated, within: within, try parseRangeList())
    }

    /// Each range's low and high in turn, the form `PluralRelation` takes.
    private mutating func parseRangeList() throws(PluralRuleError) -> [UInt64] {
        var bounds: [UInt64] = []
        repeat {
            let column = position < tokens.count ? tokens[position].column : endColumn
            let low = try parseInteger()
            var high = low
            if acceptSymbol("..") { high = try parseInteger() }
            guard low <= high else {
                throw PluralRuleError(code: .invalidRange,
                                      message: "range \(low)..\(high) at column \(column) is empty; write the smaller bound first",
                                      location: SourceLocation(line: 1, column: column))
            }
            bounds += [low, high]
        } while acceptSymbol(",")
        return bounds
    }

    private mutating func parseInteger() throws(PluralRuleError) -> UInt64 {
        guard position < tokens.count, case .integer(let value) = tokens[position].kind else { throw unexpected("an integer") }
        position += 1
        return value
    }

    private mutating func acceptWord(_ word: String) -> Bool {
        guard position < tokens.count, tokens[position].kind == .word(word) else { return false }
        position += 1
        return true
    }

    private mutating func acceptSymbol(_ symbol: String) -> Bool {
        guard position < tokens.count, tokens[position].kind == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private func unexpected(_ expected: String) -> PluralRuleError {
        guard position < tokens.count else {
            return PluralRuleError(code: .unexpectedEnd, message: "rule ends where \(expected) is expected; complete the relation",
                                   location: SourceLocation(line: 1, column: endColumn))
        }
        let token = tokens[position]
        let found = switch token.kind {
        case .word(let word): "'\(word)'"
        case .integer(let value): "\(value)"
        case .symbol(let symbol): "'\(symbol)'"
        }
        return PluralRuleError(code: .unexpectedToken,
                               message: "found \(found) at column \(token.column) where \(expected) is expected",
                               location: SourceLocation(line: 1, column: token.column))
    }
}
