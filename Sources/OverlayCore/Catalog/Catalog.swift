import Foundation

/// A catalog of string tables: modules → localizations → tables, the same shape for a publish source and for the
/// shipped catalog of a build.
public struct Catalog: Sendable, Equatable {
    package var modules: [String: CatalogModule]

    package init(modules: [String: CatalogModule] = [:]) {
        self.modules = modules
    }

    /// Module names in byte order, for deterministic output.
    public var moduleNames: [String] { modules.keys.sorted(by: String.utf8Precedes) }
}

/// How an app shows a `.strings` value that takes no arguments (FORMATS.md §4.6): as written (a `%` in it is no
/// defect), or through `String(format:)` (a lone `%` is an error).
package enum PlainStrings: String, Sendable, CaseIterable {
    case asWritten = "as-written"
    case formatted
}

package struct CatalogModule: Sendable, Equatable {
    package var name: String
    /// `CFBundleDevelopmentRegion` of the module's Info.plist, else the `.xcstrings` source language, else `en`.
    package var developmentRegion: String
    /// By normalized identifier (`fr-CA`); `Base.lproj` is kept apart in `base`, consulted after the development
    /// language key by key.
    package var localizations: [String: CatalogLocalization]
    package var base: CatalogLocalization?
    /// `OverlayPlainStrings` of the module's Info.plist, or a command's default; nil: ``PlainStrings/asWritten``.
    package var plainStrings: PlainStrings?

    package init(
        name: String, developmentRegion: String, localizations: [String: CatalogLocalization] = [:],
        base: CatalogLocalization? = nil
    ) {
        self.name = name
        self.developmentRegion = developmentRegion
        self.localizations = localizations
        self.base = base
    }

    package var localeIdentifiers: [String] {
        localizations.keys.sorted(by: String.utf8Precedes)
    }

    /// The development language's tables with `Base.lproj` filled in key by key: the reference every translation is
    /// checked against and the input of the source hash.
    package var developmentTables: [String: CatalogTable] {
        var tables = localizations[developmentRegion]?.tables ?? [:]
        for name in base?.tables.keys ?? [:].keys { tables[name] = table(name, locale: developmentRegion) }
        tables[CatalogTable.infoPlistTableName] = nil
        return tables
    }

    /// The table `name` of `locale`; in the development region, `Base.lproj`'s fills it in key by key.
    package func table(_ name: String, locale: String) -> CatalogTable? {
        var table = localizations[locale]?.tables[name]
        if locale == developmentRegion, let base = base?.tables[name] {
            var merged = table ?? CatalogTable(name: name)
            merged.fill(from: base)
            table = merged
        }
        return table
    }

    /// Changes the localization `identifier` names (`Base`: ``base``) in place, starting it in `directoryName` if absent.
    package mutating func updateLocalization(
        _ identifier: String, directoryName: String, _ change: (inout CatalogLocalization) -> Void
    ) {
        // Taken out, not copied, so changing its tables does not copy their dictionaries.
        var localization = (identifier == "Base" ? base.take() : localizations.removeValue(forKey: identifier))
            ?? CatalogLocalization(identifier: identifier, directoryName: directoryName)
        change(&localization)
        if identifier == "Base" { base = localization } else { localizations[identifier] = localization }
    }
}

/// One `.lproj` folder (or one language of an `.xcstrings` catalog) of a module.
package struct CatalogLocalization: Sendable, Equatable {
    /// Normalized (`fr-CA`); `Base` for Base.lproj.
    package var identifier: String
    /// As on disk (`fr_CA.lproj`).
    package var directoryName: String
    package var tables: [String: CatalogTable]
    /// Tables with a file that could not be read; their keys are unknown, so nothing is reported missing there.
    package var unreadableTables: Set<String>

    package init(
        identifier: String, directoryName: String, tables: [String: CatalogTable] = [:],
        unreadableTables: Set<String> = []
    ) {
        self.identifier = identifier
        self.directoryName = directoryName
        self.tables = tables
        self.unreadableTables = unreadableTables
    }
}

/// One table of one localization: `.strings` and `.stringsdict` merged, the `.stringsdict` winning on a collision.
package struct CatalogTable: Sendable, Equatable {
    /// Never published: the OS reads it from the app bundle.
    package static let infoPlistTableName = "InfoPlist"

    package var name: String
    package var strings: [String: String]
    package var plurals: [String: StringsdictEntry]
    package var origins: KeyOrigins
    /// `shouldTranslate: false` in a String Catalog.
    package var nonTranslatableKeys: Set<String>
    package var files: [String]
    package var rejectedEntries: [String: StringsdictFile.Rejection] = [:]

    package init(
        name: String, strings: [String: String] = [:], plurals: [String: StringsdictEntry] = [:],
        origins: [String: KeyOrigin] = [:], nonTranslatableKeys: Set<String> = [], files: [String] = []
    ) {
        self.name = name
        self.strings = strings
        self.plurals = plurals
        self.origins = KeyOrigins(origins)
        self.nonTranslatableKeys = nonTranslatableKeys
        self.files = files
    }

    package var keySet: Set<String> { Set(strings.keys).union(plurals.keys) }

    /// Byte order.
    package var keys: [String] {
        let unordered = plurals.isEmpty ? Array(strings.keys) : strings.isEmpty ? Array(plurals.keys) : Array(keySet)
        return unordered.sorted(by: String.utf8Precedes)
    }

    package var keyCount: Int {
        plurals.isEmpty ? strings.count : strings.isEmpty ? plurals.count : keySet.count
    }

    package var isEmpty: Bool { strings.isEmpty && plurals.isEmpty }

    /// The `.stringsdict` entry wins over the `.strings` value.
    package func value(forKey key: String) -> CatalogValue? {
        if let plural = plurals[key] { return .plural(plural) }
        if let string = strings[key] { return .string(string) }
        return nil
    }

    package mutating func fill(from other: CatalogTable) {
        nonTranslatableKeys.formUnion(other.nonTranslatableKeys)
        for (key, rejection) in other.rejectedEntries where value(forKey: key) == nil && rejectedEntries[key] == nil {
            rejectedEntries[key] = rejection
        }
        files += other.files.filter { !files.contains($0) }
        for (key, value) in other.strings where strings[key] == nil && plurals[key] == nil {
            strings[key] = value
            origins[key] = other.origins[key]
        }
        for (key, value) in other.plurals where plurals[key] == nil && strings[key] == nil {
            plurals[key] = value
            origins[key] = other.origins[key]
        }
    }
}

package enum CatalogValue: Sendable, Equatable {
    case string(String)
    case plural(StringsdictEntry)
}

extension String {
    /// Byte order of the UTF-8 encodings, as `a.utf8.lexicographicallyPrecedes(b.utf8)`, but compared with `memcmp`
    /// (sorting a table's keys element by element was a seventh of validation's time).
    package static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let order = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                let common = Swift.min(left.count, right.count)
                let compared = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return compared != 0 ? compared < 0 : left.count < right.count
            }
        }
        return (order ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

package struct KeyOrigin: Sendable, Hashable {
    /// Relative to the catalog root (`Checkout/fr.lproj/Localizable.strings`).
    package var file: String
    package var line: Int?

    package init(file: String, line: Int? = nil) {
        self.file = file
        self.line = line
    }
}

/// A table's ``KeyOrigin`` by key packed in 8 bytes (file position, line): a `String` and an `Int?` per key were a
/// sixth of a large catalog's model.
package struct KeyOrigins: Sendable, Equatable {
    private var files: [String] = []
    /// The line 0 means none.
    private var packed: [String: UInt64] = [:]

    package init(_ origins: [String: KeyOrigin] = [:]) {
        for (key, origin) in origins { self[key] = origin }
    }

    package var count: Int { packed.count }

    package subscript(key: String) -> KeyOrigin? {
        get {
            guard let value = packed[key] else { return nil }
            let line = Int(value & 0xFFFF_FFFF)
            return KeyOrigin(file: files[Int(value >> 32)], line: line == 0 ? nil : line)
        }
        set {
            guard let origin = newValue else {
                packed[key] = nil
                return
            }
            packed[key] = pack(origin)
        }
    }

    @discardableResult
    package mutating func updateValue(_ origin: KeyOrigin, forKey key: String) -> KeyOrigin? {
        let previous = self[key]
        packed[key] = pack(origin)
        return previous
    }

    package mutating func reserveCapacity(_ capacity: Int) {
        packed.reserveCapacity(capacity)
    }

    private mutating func pack(_ origin: KeyOrigin) -> UInt64 {
        // One to three files per table: a linear search is cheapest.
        var position = files.count
        if let known = files.lastIndex(of: origin.file) {
            position = known
        } else {
            files.append(origin.file)
        }
        return UInt64(position) << 32 | UInt64(UInt32(clamping: origin.line ?? 0))
    }

    package static func == (lhs: KeyOrigins, rhs: KeyOrigins) -> Bool {
        lhs.count == rhs.count && lhs.packed.keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
}

extension CatalogValue {
    /// Compared by UTF-8 bytes, not Unicode equivalence: "identical to what the build shipped" means exactly that. A
    /// plural entry compares as its canonical property list, the bytes a rejected entry is compared by too.
    package func isIdentical(to other: CatalogValue) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.plural(let a), .plural(let b)):
            PropertyListWriter.xml(a.propertyListValue) == PropertyListWriter.xml(b.propertyListValue)
        default: false
        }
    }
}

extension CatalogTable {
    /// The rejected entries of this table as error findings, in key order; each is marked already shipped when
    /// `shipped` rejects the very same entry (equal canonical bytes).
    package func rejectionFindings(module: String, locale: String, shipped: CatalogTable?) -> [Finding] {
        rejectedEntries.keys.sorted(by: String.utf8Precedes).compactMap { key in
            guard let rejection = rejectedEntries[key] else { return nil }
            let error = rejection.error
            return Finding(
                code: error.findingCode, severity: .error, message: error.message,
                location: .init(
                    file: origins[key]?.file, line: error.location?.line, column: error.location?.column,
                    module: module, locale: locale, table: name, key: key),
                isAlreadyShipped: shipped?.rejectedEntries[key]?.canonical == rejection.canonical)
        }
    }
}
