package import OverlayCore

/// The content of one language's compiled table: what `xcstringstool compile` writes to
/// `<lang>.lproj/<Table>.strings` and `<Table>.stringsdict`.
package struct XCStringsCompiledTable: Sendable, Equatable {
    /// Plain strings: key → text.
    package var strings: [String: String]
    /// Plural, device and substitution entries: key → entry.
    package var stringsdict: [String: StringsdictEntry]

    package init(strings: [String: String] = [:], stringsdict: [String: StringsdictEntry] = [:]) {
        self.strings = strings
        self.stringsdict = stringsdict
    }
}

/// Compilation the way Xcode does it (FORMATS.md §3.2), with these decisions where Apple's behaviour is
/// unverified:
/// - **States:** every value present is compiled, whatever its `state` (`new`, `needs_review`, `stale`,
///   unknown). ``XCStringsCatalog/check(file:)`` reports unreviewed translations as warnings.
/// - **Source language:** an entry without a source localization (or with an empty one) compiles to its
///   key as the text. `shouldTranslate: false` entries compile for the source language only.
/// - **Plural variations** become `.format` entries with one generated variable `arg<N>` (suffixed with
///   `_` if a substitution already has that name), where N is the argument slot of the first numeric
///   specifier of the *source* text (its `other` form, its string unit, or the key), else of this
///   localization's `other` form, else 1. The variable's value type is that specifier's length and
///   conversion (`"%lld items"` → `lld`), defaulting to `lld` (what Swift interpolation of `Int` writes).
///   The format key is `%#@arg1@`, or `%N$#@argN@` when N > 1.
/// - **Device variations** become `.device` entries keyed by device name; a device variant is `.text`,
///   or a nested `.format` when it has plural variations, substitutions or `%#@…@` tokens. Empty
///   variants are left out.
/// - **Substitutions** become variables named after the substitution with value type
///   `formatSpecifier`; `%arg` in their forms becomes `%<argNum>$<formatSpecifier>`. The string unit
///   holding the tokens is the format key. A device variant sees its parent's substitutions too.
///   Without `argNum`, the argument is the one the substitution's token reads in the format key (`%N$#@name@`
///   reads N, `%#@name@` the next sequential argument), as Xcode infers it. A name CF cannot read
///   (`total.strings`) is renamed in the variable and in every token (`total_strings`).
/// - A localization with variations compiles its variations; a string unit beside them is ignored.
extension XCStringsCatalog {
    /// Compiles every entry into per-language tables, keyed by language tag. The source language's
    /// table is always present.
    package func compile() -> [String: XCStringsCompiledTable] {
        var tables: [String: XCStringsCompiledTable] = [sourceLanguage: XCStringsCompiledTable()]
        for entry in entries {
            let hint = pluralArgumentHint(for: entry)
            var languages = entry.shouldTranslate ? Set(entry.localizations.keys) : []
            languages.insert(sourceLanguage)
            for language in languages {
                var compiled = entry.localizations[language].flatMap {
                    XCStringsCompiler.compile($0, hint: hint, inherited: [:])
                }
                if compiled == nil, language == sourceLanguage { compiled = .text(entry.key) }
                switch compiled {
                case .text(let text)?: tables[language, default: XCStringsCompiledTable()].strings[entry.key] = text
                case .entry(let value)?:
                    tables[language, default: XCStringsCompiledTable()].stringsdict[entry.key] = value
                case nil: continue
                }
            }
        }
        return tables
    }

    /// The slot and value type of the plural argument, from the source text of `entry`.
    func pluralArgumentHint(for entry: XCStringsEntry) -> (slot: Int, valueType: String)? {
        var texts: [String] = []
        if let source = entry.localizations[sourceLanguage] {
            switch source.variations {
            case .plural(let forms)?:
                texts += [forms[.other]?.value].compactMap { $0 }
            case .device(let devices)?:
                for device in devices.keys.sorted() {
                    if case .plural(let forms)? = devices[device]?.variations, let other = forms[.other] {
                        texts.append(other.value)
                    }
                }
            case nil:
                break
            }
            if let unit = source.stringUnit, source.substitutions.isEmpty { texts.append(unit.value) }
        }
        texts.append(entry.key)
        return texts.lazy.compactMap(XCFormatTokens.firstNumericArgument(in:)).first
    }
}

/// Turns one localization into a `.strings` text or a `.stringsdict` entry.
enum XCStringsCompiler {
    enum Output: Equatable {
        case text(String)
        case entry(StringsdictEntry)
    }

    static func compile(_ localization: XCLocalization, hint: (slot: Int, valueType: String)?,
                        inherited: [String: XCSubstitution]) -> Output? {
        let substitutions = inherited.merging(localization.substitutions) { _, own in own }
        let names = XCFormatTokens.cfNames(for: substitutions.keys)
        switch localization.variations {
        case .plural(let forms)?:
            return .entry(.format(pluralFormat(forms, substitutions: substitutions, names: names, hint: hint)))
        case .device(let devices)?:
            var variants: [String: StringsdictEntry] = [:]
            for (device, variant) in devices {
                switch compile(variant, hint: hint, inherited: substitutions) {
                case .text(let text)?: variants[device.rawValue] = .text(text)
                case .entry(let entry)?: variants[device.rawValue] = entry
                case nil: continue
                }
            }
            return variants.isEmpty ? nil : .entry(.device(variants))
        case nil:
            guard let unit = localization.stringUnit else { return nil }
            if localization.substitutions.isEmpty, XCFormatTokens.tokenNames(in: unit.value).isEmpty {
                return .text(unit.value)
            }
            let format = XCFormatTokens.renamingTokens(in: unit.value, names)
            return .entry(.format(PluralFormat(
                format: format, variables: variables(substitutions, names: names, format: unit.value))))
        }
    }

    /// The substitutions as variables under CF-readable names; `format` is the text whose tokens give a missing
    /// `argNum`.
    static func variables(
        _ substitutions: [String: XCSubstitution], names: [String: String], format: String?
    ) -> [String: PluralVariable] {
        let slots = format.map(XCFormatTokens.tokenSlots(in:)) ?? [:]
        var result: [String: PluralVariable] = [:]
        for (name, substitution) in substitutions {
            let argNum = substitution.argNum ?? slots[name]
            result[names[name] ?? name] = PluralVariable(
                valueType: substitution.formatSpecifier,
                forms: substitution.plural.mapValues {
                    XCFormatTokens.renamingTokens(
                        in: XCFormatTokens.replacingArg(in: $0.value, argNum: argNum, specifier: substitution.formatSpecifier),
                        names)
                })
        }
        return result
    }

    static func pluralFormat(_ forms: [PluralCategory: XCStringUnit], substitutions: [String: XCSubstitution],
                             names: [String: String], hint: (slot: Int, valueType: String)?) -> PluralFormat {
        let argument = hint ?? forms[.other].flatMap { XCFormatTokens.firstNumericArgument(in: $0.value) }
            ?? (slot: 1, valueType: "lld")
        var variables = variables(substitutions, names: names, format: nil)
        var name = "arg\(argument.slot)"
        while variables[name] != nil { name += "_" }
        variables[name] = PluralVariable(
            valueType: argument.valueType, forms: forms.mapValues { XCFormatTokens.renamingTokens(in: $0.value, names) })
        let format = argument.slot == 1 ? "%#@\(name)@" : "%\(argument.slot)$#@\(name)@"
        return PluralFormat(format: format, variables: variables)
    }
}
