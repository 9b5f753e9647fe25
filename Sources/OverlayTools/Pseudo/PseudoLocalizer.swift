package import OverlayCore

/// How pseudo-localized text looks. Every style brackets each text, so a truncated label shows a missing `]`, and a
/// string the app never looked up shows up unbracketed: it is hard-coded.
public enum PseudoStyle: String, Sendable, CaseIterable {
    /// Letters replaced by accented look-alikes: `[Šåṽé]` (finds text that does not pass through Overlay, and fonts
    /// that lack diacritics).
    case accented
    /// Accented and about 40 % longer (`[Šåṽé~~]`), as German or Finnish text often is: finds layouts that clip.
    case expanded
    /// Letters shown right to left (each run inside U+202E … U+202C), for an RTL pseudo locale such as `ar-XB`:
    /// finds layouts that do not mirror.
    case rtl
    /// The text unchanged between `⟦` and `⟧`: finds truncation and hard-coded strings without changing the words.
    case bounded
}

/// Rewrites text the way a pseudo-locale shows it, keeping everything a device reads as format intact: specifiers
/// (`%@`, `%1$ld`, `%.2f`), `%%`, variable tokens `%#@v@`, named substitutions `%{name}`, and the placeholders apps
/// substitute themselves (`{name}`, `${name}`), markup tags (`<b>`) and entities (`&amp;`). A text whose format does
/// not parse cleanly is only bracketed, so the pseudo text never reads an argument the source does not.
///
/// ```swift
/// PseudoLocalizer(style: .accented).text("Hello, %@!")    // "[Ĥéļļö, %@!]"
/// ```
public struct PseudoLocalizer: Sendable {
    public var style: PseudoStyle

    public init(style: PseudoStyle) {
        self.style = style
    }

    /// A whole text: transformed and bracketed.
    public func text(_ text: String) -> String {
        bracket(body(text, inVariant: false))
    }

    /// A plural variant's text: transformed, not bracketed (the entry's format key carries the brackets).
    public func variant(_ text: String) -> String {
        body(text, inVariant: true)
    }

    /// A catalog value; a plural keeps its variables and value types, and gains the categories `categories` needs
    /// (copies of its `other` variant), so the pseudo locale's CLDR rules find every form they select.
    package func value(_ value: CatalogValue, categories: Set<PluralCategory>) -> CatalogValue {
        switch value {
        case .string(let text): .string(self.text(text))
        case .plural(let entry): .plural(self.entry(entry, categories: categories))
        }
    }

    func entry(_ entry: StringsdictEntry, categories: Set<PluralCategory>) -> StringsdictEntry {
        switch entry {
        case .text(let text):
            return .text(self.text(text))
        case .width(let variants):
            return .width(variants.mapValues(text))
        case .device(let variants):
            return .device(variants.mapValues { self.entry($0, categories: categories) })
        case .format(let format):
            let variables = format.variables.mapValues { variable in
                var forms = variable.forms.mapValues(self.variant)
                if let other = forms[.other] {
                    for category in categories where forms[category] == nil { forms[category] = other }
                }
                return PluralVariable(valueType: variable.valueType, forms: forms)
            }
            return .format(PluralFormat(format: text(format.format), variables: variables))
        }
    }

    private func bracket(_ text: String) -> String {
        style == .bounded ? "⟦\(text)⟧" : "[\(text)]"
    }

    /// The text with its literal runs rewritten and every format token kept as written.
    private func body(_ text: String, inVariant: Bool) -> String {
        guard style != .bounded else { return text }
        let parsed = FormatParser.parse(text, inVariant: inVariant)
        guard !parsed.issues.contains(where: { $0.severity == .error }) else { return text }
        var output = ""
        var letters = 0
        for token in parsed.tokens {
            switch token {
            case .literal(let literal):
                let (rewritten, count) = rewrite(literal)
                output += rewritten
                letters += count
            case .specifier(let spec): output += spec.text
            case .percent: output += "%%"
            case .variable(let variable):
                output += Self.scalars(of: text, from: variable.offset, length: variable.length)
            case .named(let name, _): output += "%{\(name)}"
            }
        }
        if style == .expanded, letters > 0 { output += String(repeating: "~", count: max(2, (letters * 2 + 4) / 5)) }
        return output
    }

    private static func scalars(of text: String, from offset: Int, length: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[offset..<min(offset + length, scalars.count)])
        return String(view)
    }

    /// Rewrites the letters of a literal run outside protected spans; returns the text and how many letters it had.
    private func rewrite(_ literal: String) -> (String, Int) {
        var output = String.UnicodeScalarView()
        var letters = 0
        var protectedUntil: Unicode.Scalar?
        var run = String.UnicodeScalarView()  // letters awaiting an RTL override
        func flushRun() {
            guard !run.isEmpty else { return }
            output.append("\u{202E}")
            output.append(contentsOf: run)
            output.append("\u{202C}")
            run = String.UnicodeScalarView()
        }
        let scalars = Array(literal.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if let closing = protectedUntil {
                output.append(scalar)
                if scalar == closing { protectedUntil = nil }
                continue
            }
            if let closing = Self.protectedSpan(opening: scalar, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                flushRun()
                protectedUntil = closing
                output.append(scalar)
                continue
            }
            guard scalar.properties.isAlphabetic else {
                // Inner punctuation and spaces stay inside an RTL run so a sentence reads as one mirrored line.
                if style == .rtl, !run.isEmpty, scalar == " " || scalar == "'" || scalar == "-" {
                    run.append(scalar)
                } else {
                    flushRun()
                    output.append(scalar)
                }
                continue
            }
            letters += 1
            switch style {
            case .rtl: run.append(scalar)
            case .accented, .expanded: output.append(Self.accents[scalar] ?? scalar)
            case .bounded: output.append(scalar)
            }
        }
        flushRun()
        return (String(output), letters)
    }

    /// Placeholders apps fill in themselves, markup tags and HTML entities are kept verbatim: the scalar that
    /// closes the span opened by `scalar`, or nil when `scalar` opens none.
    private static func protectedSpan(opening scalar: Unicode.Scalar, next: Unicode.Scalar?) -> Unicode.Scalar? {
        switch scalar {
        case "{": return "}"
        case "$" where next == "{": return "}"
        case "<" where next.map { $0.properties.isAlphabetic || $0 == "/" } ?? false: return ">"
        case "&" where next.map { $0.properties.isAlphabetic || $0 == "#" } ?? false: return ";"
        default: return nil
        }
    }

    /// ASCII letters → accented look-alikes of the same width class.
    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let marked = "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, marked.unicodeScalars))
    }()
}
