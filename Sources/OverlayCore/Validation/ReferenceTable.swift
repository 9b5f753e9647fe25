/// What one table's values are checked against, prepared per key on first use and shared by every locale.
///
/// Normally the development language's table. A table the development language lacks (its text lives in code) is
/// *derived*: a key's reference is what the translations agree on, each slot with the class most read it as (a tie
/// leaves it disputed), every slot optional. A key that is itself a format (`"favorite %lld"`) names arguments the
/// code passes: its slots join the reference.
package final class ReferenceTable {
    private let development: CatalogTable?
    /// In locale order.
    private let translations: [CatalogTable]
    private let plainStrings: PlainStrings
    private var values: [String: ShippedValue?] = [:]

    /// Without a module or table every key is unknown.
    package init(module: CatalogModule?, table tableName: String) {
        let development = module?.developmentTables[tableName]
        self.development = development
        plainStrings = module?.plainStrings ?? .asWritten
        if development == nil, let module {
            translations = module.localeIdentifiers.compactMap { identifier -> CatalogTable? in
                identifier == module.developmentRegion ? nil : module.localizations[identifier]?.tables[tableName]
            }
        } else {
            translations = []
        }
        values.reserveCapacity(development?.keyCount ?? 0)
    }

    package func value(forKey key: String) -> ShippedValue? {
        if let known = values[key] { return known }
        let value: ShippedValue?
        if let development {
            value = development.value(forKey: key).map {
                ShippedValue([$0], key: key, showsPlainAsWritten: showsPlainAsWritten(key, in: [development]))
            }
        } else {
            let shipped = translations.compactMap { $0.value(forKey: key) }
            value = shipped.isEmpty ? nil : ShippedValue(
                shipped, key: key, isDerived: true, showsPlainAsWritten: showsPlainAsWritten(key, in: translations))
        }
        values[key] = .some(value)
        return value
    }

    /// A String Catalog key always (a SwiftUI or `String(localized:)` literal), a `.strings` key as the module says.
    private func showsPlainAsWritten(_ key: String, in tables: [CatalogTable]) -> Bool {
        plainStrings == .asWritten
            || tables.contains { $0.origins[key]?.file.hasSuffix(".xcstrings") == true }
    }
}

/// One key's reference: its slot map and, for a plain development value, the fast path's specifier sequence.
package final class ShippedValue {
    /// Nil for a derived reference.
    let value: CatalogValue?
    /// The development value, or the translations a derived reference agrees on.
    private let texts: [CatalogValue]
    private let key: String
    private let showsPlainAsWritten: Bool

    /// `texts`: the development value, or (`isDerived`) the translations the reference agrees on.
    init(_ texts: [CatalogValue], key: String, isDerived: Bool = false, showsPlainAsWritten: Bool = false) {
        value = isDerived ? nil : texts.first
        self.texts = texts
        self.key = key
        self.showsPlainAsWritten = showsPlainAsWritten
    }

    /// A plain translation without arguments is shown as written, so its `%` is text (FORMATS.md §4.6); a reference
    /// that writes `%%` says the app formats it.
    package private(set) lazy var acceptsPlainText: Bool = {
        guard showsPlainAsWritten, ValueRules.takesNoArguments(.string(key)) else { return false }
        return texts.allSatisfy { ValueRules.takesNoArguments($0) && !ValueRules.escapesPercent($0) }
    }()

    /// The value's (or the agreement's) slots, plus those of a key that is itself a format.
    package private(set) lazy var slots: SlotMap = {
        var map = value.map(ValueRules.slotMap) ?? SlotMap.agreement(of: texts.map(ValueRules.slotMap))
        if key.utf8.contains(UInt8(ascii: "%")) { map.fill(from: SlotMap(key)) }
        return map
    }()

    /// Locales of a key mostly share their sequence.
    var lastVerdict: (translation: [UInt8], clean: Bool)?

    /// Nil unless a plain development value whose key holds no `%`.
    private(set) lazy var sequence: [UInt8]? = {
        guard case .string(let text)? = value, !key.utf8.contains(UInt8(ascii: "%")) else { return nil }
        return SpecifierSequence.of(text)
    }()
}
