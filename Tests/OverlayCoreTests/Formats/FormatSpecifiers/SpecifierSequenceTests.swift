import Testing
@testable import OverlayCore

/// `SpecifierSequence` stands in for the full parse on validation's fast path: a compatibility check must depend on
/// the two sequences alone, and the fast path may only accept what the full check accepts.
@Suite struct SpecifierSequenceTests {
    @Test("sequences of plain strings", arguments: [
        ("Title", ""),
        ("Pay %@ for %ld items", "%@%ld"),
        ("%1$@ a %2$-5.2lf", "%1$@%2$-5.2lf"),
        ("100%% sure, %d", "%d"),
        ("50% off", nil),  // a space flag: only the full parse tells a typo (`% ld`) from prose
        ("%*.*Lf %n %s", "%*.*Lf%n%s"),
        ("%2$ld von %1$@", "%2$ld%1$@"),
        ("%2$*1$d %1$d", "%2$*1$d%1$d"),
        ("%5%d", nil),
        ("%{name}", nil),
        ("%#@items@", nil),
        ("%#x", nil),
        ("%k", nil),
        ("%é", nil),
        ("ends in %", nil),
        ("ends in %1$", nil),
    ] as [(String, String?)])
    func sequence(text: String, expected: String?) {
        #expect(SpecifierSequence.of(text).map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    /// The claim the fast path rests on, over strings of random specifiers and literal noise: a string's sequence,
    /// parsed, has the string's slot map and issues in the same order (offsets aside), so checking a translation
    /// against a source gives what checking their sequences gives.
    @Test func compatibilityDependsOnTheSequencesAlone() {
        var generator = FormatStringGenerator(seed: 1)
        var compared = 0
        for round in 0..<5_000 {
            let source = round % 2 == 0 ? generator.string() : generator.positionalString()
            let translation = generator.translation(of: source, round: round)
            guard let sourceSequence = SpecifierSequence.of(source), let sequence = SpecifierSequence.of(translation)
            else { continue }
            let (sourceText, text) = (String(decoding: sourceSequence, as: UTF8.self), String(decoding: sequence, as: UTF8.self))
            let (a, b) = (SlotMap(translation), SlotMap(text))
            #expect(a.classes == b.classes && a.names == b.names && a.styles == b.styles, "\(translation)")
            #expect(withoutOffsets(a.issues) == withoutOffsets(b.issues), "\(translation)")
            for strict in [false, true] {
                let strings = ValueRules.compatibility(source: SlotMap(source), translation: .string(translation), strict: strict)
                let sequences = ValueRules.compatibility(source: SlotMap(sourceText), translation: .string(text), strict: strict)
                #expect(withoutOffsets(strings) == withoutOffsets(sequences), "\(source) | \(translation)")
            }
            compared += 1
        }
        #expect(compared > 2_000)
    }

    /// The fast path against the full check over random pairs: related (same specifiers reworded or reordered, one
    /// specifier changed) and unrelated. It accepts exactly the pairs the full check finds nothing in, whenever both
    /// sequences can be read, and never otherwise.
    @Test func fastPathAcceptsExactlyWhatTheFullCheckAccepts() {
        var generator = FormatStringGenerator(seed: 2)
        var accepted = 0
        for round in 0..<5_000 {
            let source = round % 3 == 0 ? generator.positionalString() : generator.string()
            let translation = generator.translation(of: source, round: round)
            for strict in [false, true] {
                let shipped = ShippedValue([.string(source)], key: "k")
                let full = ValueRules.compatibility(source: SlotMap(source), translation: .string(translation), strict: strict)
                let fast = PlaceholderVerdicts(strict: strict).isClean(translation, shipped: shipped)
                let readable = SpecifierSequence.of(source) != nil && SpecifierSequence.of(translation) != nil
                #expect(fast == (readable && full.isEmpty), "\(source) | \(translation): \(full)")
                if fast { accepted += 1 }
            }
        }
        #expect(accepted > 1_000)
    }

    private func withoutOffsets(_ issues: [FormatIssue]) -> [FormatIssue] {
        issues.map { FormatIssue(code: $0.code, severity: $0.severity, message: $0.message) }
    }
}

/// Format strings made of random specifiers (positional, `%%`, `%n`, stray and trailing `%`, `*` widths and
/// precisions, length modifiers, named substitutions, variable tokens) between random literal text.
struct FormatStringGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let literals = ["", " ", "a", "items", "d", "5", "$", ".", "l", "50% ", "é", "Привет ", "設定", "\n", "-", "*"]
    static let conversions: [String] = "@diDuUxXoOcCfFeEgGaAsSPpn".map(String.init) + ["k", "y", "é", "%", " ", "{", ""]
    static let lengths = ["", "", "", "h", "hh", "l", "ll", "q", "L", "z", "t", "j"]
    static let positions = ["", "", "", "1$", "2$", "3$", "0$", "128$", "1"]
    static let amounts = ["", "", "5", "05", "*", "*1$", "*2$", "*0$"]

    mutating func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }

    mutating func specifier() -> String {
        switch random.next() % 12 {
        case 0: return "%%"
        case 1: return pick(["%{name}", "%{user_1}", "%{", "%{1x}", "%#@v@", "%1$#@v@", "%#@", "%"])
        default:
            var flags = ""
            for flag in ["-", "+", " ", "0", "#"] where random.next() % 6 == 0 { flags += flag }
            let precision = random.next() % 3 == 0 ? "." + pick(["", "2", "*", "*1$", "*3$"]) : ""
            return "%" + pick(Self.positions) + flags + pick(Self.amounts) + precision + pick(Self.lengths)
                + pick(Self.conversions)
        }
    }

    /// A translation of `source`: reworded, reordered, one specifier changed, unrelated, or the same.
    mutating func translation(of source: String, round: Int) -> String {
        switch round % 5 {
        case 0: restyle(source, reordering: false)
        case 1: mutate(source)
        case 2: string()
        case 3: restyle(source, reordering: true)
        default: source
        }
    }

    mutating func string() -> String {
        var text = pick(Self.literals)
        for _ in 0..<(random.next() % 4) { text += specifier() + pick(Self.literals) }
        return text
    }

    /// Only positional specifiers (`%2$ld`, `*1$` amounts), sometimes reading one slot twice or with another class.
    mutating func positionalString() -> String {
        var text = pick(Self.literals)
        for _ in 0..<(1 + random.next() % 3) {
            var flags = ""
            for flag in ["-", "+", "0", " "] where random.next() % 8 == 0 { flags += flag }
            let width = pick(["", "", "5", "*1$", "*2$", "*3$"])
            let precision = random.next() % 4 == 0 ? "." + pick(["", "2", "*1$", "*3$"]) : ""
            let conversion = pick(["@", "@", "d", "ld", "lld", "lu", "f", "Lf", "x", "s", "n", "i", "hd"])
            text += "%" + pick(["1$", "2$", "3$"]) + flags + width + precision + conversion + pick(Self.literals)
        }
        return text
    }

    /// The same specifiers with other literal text around them, `%%` added or left out, and with `reordering` in
    /// another order.
    mutating func restyle(_ text: String, reordering: Bool) -> String {
        var pieces: [Substring] = []
        var rest = Substring(text)
        while let index = rest.utf8.firstIndex(of: UInt8(ascii: "%")) {
            let piece = specifierPiece(rest[index...])
            pieces.append(piece)
            rest = rest[piece.endIndex...]
        }
        if reordering { pieces.shuffle(using: &random) }
        var out = pick(["", "Новый ", "x "])
        for piece in pieces where piece != "%%" {
            out += piece + pick(["", " ", "·", "%% ", " and "])
        }
        return out
    }

    /// One specifier swapped for a random one.
    mutating func mutate(_ text: String) -> String {
        var pieces = text.split(separator: "%", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return text + specifier() }
        let index = 1 + Int(random.next() % UInt64(pieces.count - 1))
        pieces[index] = String(specifier().dropFirst()) + pieces[index].drop { $0.isASCII && !$0.isWhitespace }
        return pieces.joined(separator: "%")
    }

    /// `%` and the bytes `SpecifierSequence` reads with it (body run and one conversion), or `%%`.
    private func specifierPiece(_ text: Substring) -> Substring {
        let bytes = Array(text.utf8)
        var end = 1
        if bytes.count > 1, bytes[1] == UInt8(ascii: "%") {
            end = 2
        } else {
            while end < bytes.count, SpecifierSequence.isSpecifierBody(bytes[end]) { end += 1 }
            if end < bytes.count, SpecifierSequence.isConversion(bytes[end]) { end += 1 }
        }
        return text[..<text.utf8.index(text.startIndex, offsetBy: end)]
    }
}

