/// What one table's values are checked against, prepared on first use by key and shared by every locale.
///
/// Normally the development language's table (with `Base.lproj` filled in). A module can ship a table the
/// development language lacks: its text lives in code (`NSLocalizedString(key, value: "…", comment:)`) or in a
/// storyboard, and only translations are files. Such a table is *derived*: a key's reference is what the module's
/// translations agree on — each argument slot with the class most translations read it as (a tie leaves the slot
/// disputed, so nothing may read it) — and every slot is optional, since no source says which ones the text uses.
///
/// A key that is itself a format (`"notifications.label.favorite %lld"`, the call site of a String Catalog key or
/// a `.strings` key written the same way) names arguments the code passes even where the development text leaves
/// them out ("starred"): those slots join the reference, so a translation may use them.
package final class ReferenceTable {
    /// Whether the development language has this table.
    let isDerived: Bool
    private let development: CatalogTable?
    /// Translations of a derived table, in locale order.
    private let translations: [CatalogTable]
    /// How the module's app shows a `.strings` value without arguments.
    private let plainStrings: PlainStrings
    private var values: [String: ShippedValue?] = [:]

    /// The reference for `tableName` of `module`: its development table, else its translations' agreement.
    package convenience init(module: CatalogModule?, table tableName: String) {
        let development = module?.developmentTables[tableName]
        let plainStrings = module?.plainStrings ?? .asWritten
        guard development == nil, let module else {
            self.init(development: development, plainStrings: plainStrings)
            return
        }
        let translations = module.localeIdentifiers.compactMap { identifier -> CatalogTable? in
            identifier == module.developmentRegion ? nil : module.localizations[identifier]?.tables[tableName]
        }
        self.init(translations: translations, plainStrings: plainStrings)
    }

    /// A development table (nil: the build ships no such table, so every key is unknown).
    init(development: CatalogTable?, plainStrings: PlainStrings = .asWritten) {
        isDerived = false
        self.development = development
        translations = []
        self.plainStrings = plainStrings
        values.reserveCapacity(development?.keyCount ?? 0)
    }

    private init(translations: [CatalogTable], plainStrings: PlainStrings) {
        isDerived = !translations.isEmpty
        development = nil
        self.translations = translations
        self.plainStrings = plainStrings
    }

    /// The reference of `key`, or nil when the build ships no such key in this table.
    package func value(forKey key: String) -> ShippedValue? {
        if let known = values[key] { return known }
        let value: ShippedValue?
        if let development {
            value = development.value(forKey: key).map {
                ShippedValue($0, key: key, showsPlainAsWritten: showsPlainAsWritten(key, in: [development]))
            }
        } else {
            let shipped = translations.compactMap { $0.value(forKey: key) }
            value = shipped.isEmpty ? nil : ShippedValue(
                agreementOf: shipped, key: key, showsPlainAsWritten: showsPlainAsWritten(key, in: translations))
        }
        values[key] = .some(value)
        return value
    }

    /// Whether the app shows this key's text without formatting it when it takes no arguments: a String Catalog key
    /// always (the key is a SwiftUI or `String(localized:)` literal), a `.strings` key as the module says.
    private func showsPlainAsWritten(_ key: String, in tables: [CatalogTable]) -> Bool {
        plainStrings == .asWritten
            || tables.contains { $0.origins[key]?.file.hasSuffix(".xcstrings") == true }
    }

    /// Every key this table can answer: the development table's, or those of any translation of a derived one.
    var keySet: Set<String> {
        if let development { return development.keySet }
        return translations.reduce(into: Set<String>()) { $0.formUnion($1.keySet) }
    }
}

/// One key's reference value: its slot map (built on first use) and, for a plain development value, the specifier
/// sequence the validation fast path compares.
package final class ShippedValue {
    /// The development value; nil for a derived reference.
    let value: CatalogValue?
    private let key: String
    private let agreed: SlotMap?
    /// The app shows the key's text as written when it takes no arguments (``ReferenceTable``).
    private let showsPlainAsWritten: Bool
    /// A derived reference's translations all take no arguments.
    private let translationsTakeNoArguments: Bool

    init(_ value: CatalogValue, key: String, showsPlainAsWritten: Bool = false) {
        self.value = value
        self.key = key
        self.showsPlainAsWritten = showsPlainAsWritten
        agreed = nil
        translationsTakeNoArguments = false
    }

    /// The agreement of the shipped translations of a derived table's key.
    init(agreementOf translations: [CatalogValue], key: String, showsPlainAsWritten: Bool = false) {
        value = nil
        self.key = key
        self.showsPlainAsWritten = showsPlainAsWritten
        agreed = SlotMap.agreement(of: translations.map(ValueRules.slotMap))
        translationsTakeNoArguments = translations.allSatisfy {
            ValueRules.takesNoArguments($0) && !ValueRules.escapesPercent($0)
        }
    }

    /// Whether a plain translation that takes no arguments is shown as written, so a `%` in it is text: the key
    /// and its reference take no arguments and the app does not format such a value (FORMATS.md §4.6). A reference
    /// that writes `%%` says otherwise: only `String(format:)` turns it into one `%`, so the app formats it.
    package private(set) lazy var acceptsPlainText: Bool = {
        guard showsPlainAsWritten, !key.utf8.contains(UInt8(ascii: "%")) || !FormatParser.parse(key).readsArguments
        else { return false }
        return value.map { ValueRules.takesNoArguments($0) && !ValueRules.escapesPercent($0) }
            ?? translationsTakeNoArguments
    }()

    /// The slots every translation is checked against: the value's (or the agreement's), plus those of a key that is
    /// itself a format.
    package private(set) lazy var slots: SlotMap = {
        var map = agreed ?? value.map(ValueRules.slotMap) ?? SlotMap()
        if key.utf8.contains(UInt8(ascii: "%")) { map.fill(from: SlotMap(key)) }
        return map
    }()

    /// The last translation sequence checked against this value, and its verdict.
    var lastVerdict: (translation: [UInt8], clean: Bool)?

    /// The specifier sequence of a plain development value whose key holds no `%`; nil otherwise (the fast path then
    /// leaves the entry to the full check).
    private(set) lazy var sequence: [UInt8]? = {
        guard case .string(let text)? = value, !key.utf8.contains(UInt8(ascii: "%")) else { return nil }
        return SpecifierSequence.of(text)
    }()
}
