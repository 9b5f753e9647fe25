import Foundation

/// A table's keys merged when a revision is activated, so that building a handle at launch hashes no key.
///
/// The merge of a handle (``MergedTableValues/merge(table:chain:shipped:developmentTable:translatedKeys:overlays:overlayModule:device:)``)
/// puts the shipped development keys into a ``KeyIndex``, then, for each table of the chain, finds each of its keys
/// there: 4,000 hashed keys for a 2,000-key table with one overlay, most of a cold launch. None of that depends on the
/// user's languages, only on the shipped catalog (bound to the store by the source hash) and the revision. So the
/// store writes, per table name of a revision, a section of its index file (docs/FORMATS.md §8) holding:
/// - the ``KeyIndex`` of the development keys and, after them, every key a shipped translation adds;
/// - per overlay localization, which `.strings` entry (or `.stringsdict` entry) answers each development key;
/// - per shipped localization, which keys it has.
/// A launch then merges any chain by walking those answers in chain order.
///
/// **Fit.** A section is used only when its source hash is the `Localizer`'s and its development region the
/// shipped module's, when every table of the chain has its answers (an overlay localization in the same
/// `.lproj` folder), every overlay answer names an entry of the file, every `.stringsdict` answer's key is in the
/// file, and the index itself reads (``KeyIndex/init(seed:entryCount:slots:bounds:arena:stringKeys:)``). Anything
/// else, and the handle is merged by hashing as before. Whether an overlay answer's entry has the key it answers
/// (its bytes compared, or looked up when they differ: a canonically equal spelling) is checked on that key's first
/// lookup (``MergedTableValues``); a key whose answer does not fit takes its value from the hashed merge. A damaged
/// section costs time, never a key another key's value.
enum LaunchKeys {
    /// The section's name in the revision index file's directory: NUL-prefixed, so no file path meets it.
    static func sectionPath(table: String) -> String { "\u{0}keys/\(table)" }

    private static let magic = Array("OVLYKEYS".utf8)
    /// magic, seed, then entry, known, slot, arena, string-key, string-byte and layer counts, then the byte counts
    /// of the source hash and the development region.
    private static let headerSize = 8 + 8 + 7 * 4 + 2 + 2
    fileprivate static let overlayKind: UInt8 = 0
    private static let shippedKind: UInt8 = 1
    /// An overlay answer: the key's `.stringsdict` entry.
    static let pluralAnswer: Int32 = -2
    static let noAnswer: Int32 = -1

    /// One table of the chain that a section answers for.
    struct Layer {
        var isOverlay: Bool
        /// The normalized locale identifier, as the chain names it.
        var locale: String
        /// The overlay's `.lproj` folder; empty for a shipped layer.
        var folder: String
        /// Per entry (the known entries only, for an overlay): an overlay's `.strings` entry, ``pluralAnswer`` or
        /// ``noAnswer``; for a shipped table 0 when it has the key, ``noAnswer`` otherwise.
        var answers: [Int32]
    }

    /// A section read back. Each layer's answers stay in the section's bytes until a chain asks for that layer.
    struct Section {
        var sourceHash: String
        var developmentRegion: String
        var index: KeyIndex
        var knownCount: Int
        /// Where the layer headers start in ``bytes``, how many there are, and where the first layer's answers start.
        var layerHeaders: Int
        var layerCount: Int
        var answersStart: Int
        var bytes: Data

        /// Where the answers of the layer start in ``bytes``, and its folder; nil when the section has no such layer.
        /// The headers are walked in the bytes (checked when the section was read), not kept in an array: the first
        /// array of a new element type costs the runtime a type's metadata at launch.
        func layer(overlay: Bool, locale: String) -> (folder: String, offset: Int)? {
            let wanted = Array(locale.utf8)
            return bytes.withUnsafeBytes { raw -> (folder: String, offset: Int)? in
                var header = layerHeaders
                var answers = answersStart
                for _ in 0..<layerCount {
                    let isOverlay = raw[header] == LaunchKeys.overlayKind
                    let (localeCount, folderCount) = (Int(raw[header + 1]), Int(raw[header + 2]))
                    let localeStart = header + 3
                    if isOverlay == overlay, raw[localeStart..<(localeStart + localeCount)].elementsEqual(wanted) {
                        let folder = UnsafeRawBufferPointer(
                            rebasing: raw[(localeStart + localeCount)..<(localeStart + localeCount + folderCount)])
                        return (String(decoding: folder, as: UTF8.self), answers)
                    }
                    header = localeStart + localeCount + folderCount
                    answers += (isOverlay ? knownCount : index.count) * 4
                }
                return nil
            }
        }
    }

    // MARK: Writing

    /// The sections of a revision's `files` for the shipped module it overlays, one per table name an `.lproj`
    /// folder has. None for a revision with `Base.lproj` or String Catalogs: those tables are read by the catalog
    /// loader at launch, and merged by hashing.
    ///
    /// `seed` is the key index's hash seed (the store derives it from its own random identifier, so a publisher cannot
    /// choose keys that collide, and a revision written twice is written the same); `scanned` holds the `.strings`
    /// tables already read, by path.
    static func sections(
        of files: [String: Data], shipped: CatalogModule, sourceHash: String, seed: UInt64 = .random(in: .min ... .max),
        scanned: [String: OverlayStrings?] = [:]
    ) -> [(path: String, data: Data)] {
        guard !files.keys.contains(where: { $0.hasPrefix("Base.lproj/") || $0.hasSuffix(".xcstrings") }) else { return [] }
        var tables: [String: Set<String>] = [:]  // table name → the `.lproj` folders that have it
        for path in files.keys {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].hasSuffix(".lproj") else { continue }
            for suffix in [".strings", ".stringsdict"] where parts[1].hasSuffix(suffix) {
                tables[String(parts[1].dropLast(suffix.count)), default: []].insert(String(parts[0]))
            }
        }
        return tables.keys.sorted().compactMap { name in
            section(table: name, folders: tables[name]!, files: files, shipped: shipped, sourceHash: sourceHash, seed: seed,
                    scanned: scanned)
                .map { (sectionPath(table: name), $0) }
        }
    }

    /// One table's section: the same merge ``MergedTableValues`` makes, for every layer a chain could have.
    static func section(
        table name: String, folders: Set<String>, files: [String: Data], shipped: CatalogModule, sourceHash: String,
        seed: UInt64, scanned: [String: OverlayStrings?]
    ) -> Data? {
        let developmentRegion = shipped.developmentRegion
        let developmentTable = LocalizerSnapshot.table(name, of: shipped, locale: developmentRegion)
        guard let known = developmentTable ?? LocalizerSnapshot.translatedKeys(name, of: shipped) else { return nil }
        let builder = KeyIndex.Builder(capacity: known.plurals.count + known.strings.count, seed: seed)
        for key in known.plurals.keys { _ = builder.insert(key) }
        for key in known.strings.keys { _ = builder.insert(key) }
        let knownCount = builder.entryCount

        var layers: [Layer] = []
        // As the launch lists a revision: sorted folder names, a later spelling of one locale wins.
        var folderOfLocale: [String: String] = [:]
        for folder in folders.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            folderOfLocale[normalizedLocale(String(folder.dropLast(".lproj".count)))] = folder
        }
        for (locale, folder) in folderOfLocale.sorted(by: { $0.key < $1.key }) {
            var answers = [Int32](repeating: noAnswer, count: knownCount)
            if let data = files["\(folder)/\(name).stringsdict"], let file = try? StringsdictReader.readFile(data, locale: locale) {
                for entry in file.entries {
                    if let found = builder.entry(for: entry.key), found < knownCount { answers[found] = pluralAnswer }
                }
            }
            let path = "\(folder)/\(name).strings"
            if let data = files[path], let strings = scanned[path] ?? OverlayStrings.read(data) {
                strings.forEachKeyReversed(&answers) { answers, position, key in  // the last duplicate wins
                    if let found = builder.entry(utf8: key), found < knownCount, answers[found] == noAnswer {
                        answers[found] = Int32(position)
                    }
                }
            }
            layers.append(Layer(isOverlay: true, locale: locale, folder: folder, answers: answers))
        }
        var shippedEntries: [(locale: String, entries: [Int])] = []
        for locale in Set(shipped.localizations.keys).union([developmentRegion]).sorted() {
            guard let table = locale == developmentRegion
                ? developmentTable : LocalizerSnapshot.table(name, of: shipped, locale: locale)
            else { continue }
            var entries: [Int] = []
            for key in table.plurals.keys { entries.append(builder.insert(key).entry) }
            for key in table.strings.keys { entries.append(builder.insert(key).entry) }
            shippedEntries.append((locale, entries))
        }
        for (locale, entries) in shippedEntries {
            var answers = [Int32](repeating: noAnswer, count: builder.entryCount)
            for entry in entries { answers[entry] = 0 }
            layers.append(Layer(isOverlay: false, locale: locale, folder: "", answers: answers))
        }
        return encode(KeyIndex.parts(of: builder), knownCount: knownCount, layers: layers, sourceHash: sourceHash,
                      developmentRegion: developmentRegion)
    }

    /// The slots start at a multiple of 8 from the section's start (and the revision index file starts each part at
    /// one), so a mapped section's index is read in place.
    private static func aligned(_ offset: Int) -> Int { (offset + 7) & ~7 }

    /// Little-endian: the header, per layer its kind, locale and folder (byte counts as UInt8), zeros to a multiple
    /// of 8, the index's slots
    /// (UInt64), bounds (UInt32) and arena, its keys outside ASCII (UInt32 byte count, UTF-8), then each layer's
    /// answers (Int32).
    private static func encode(
        _ parts: KeyIndex.Parts, knownCount: Int, layers: [Layer], sourceHash: String, developmentRegion: String
    ) -> Data? {
        let hash = Array(sourceHash.utf8)
        let region = Array(developmentRegion.utf8)
        guard hash.count <= Int(UInt16.max), region.count <= Int(UInt16.max), parts.arena.count < Int(UInt32.max),
            layers.allSatisfy({ $0.locale.utf8.count <= 255 && $0.folder.utf8.count <= 255 })
        else { return nil }
        var out = magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        let stringBytes = parts.stringKeys.reduce(0) { $0 + 4 + $1.utf8.count }
        put(parts.seed)
        for count in [parts.entryCount, knownCount, parts.slots.count, parts.arena.count, parts.stringKeys.count,
                      stringBytes, layers.count] {
            put(UInt32(count))
        }
        put(UInt16(hash.count))
        put(UInt16(region.count))
        out += hash
        out += region
        for layer in layers {
            out.append(layer.isOverlay ? overlayKind : shippedKind)
            out.append(UInt8(layer.locale.utf8.count))
            out.append(UInt8(layer.folder.utf8.count))
            out += Array(layer.locale.utf8)
            out += Array(layer.folder.utf8)
        }
        out += [UInt8](repeating: 0, count: aligned(out.count) - out.count)
        for slot in parts.slots { put(slot) }
        for bound in parts.bounds { put(bound) }
        out += parts.arena
        for key in parts.stringKeys {
            put(UInt32(key.utf8.count))
            out += Array(key.utf8)
        }
        for layer in layers {
            for answer in layer.answers { put(answer) }
        }
        return Data(out)
    }

    // MARK: Reading

    /// The section in `data`, or nil when it does not read as one: another magic, counts that do not add up to its
    /// length, answers out of range, or an index that does not read.
    /// With `inPlace`, the index reads the section's bytes where they are (their `Data` must not change: a view of a
    /// mapped file) instead of copying them.
    static func read(_ data: Data, inPlace: Bool = false) -> Section? {
        data.withUnsafeBytes { raw -> Section? in
            guard raw.count >= headerSize, raw.prefix(8).elementsEqual(magic) else { return nil }
            func word(_ offset: Int) -> Int { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
            func half(_ offset: Int) -> Int { Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) }
            let seed = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let (entryCount, knownCount, slotCount, arenaCount) = (word(16), word(20), word(24), word(28))
            let (stringKeyCount, stringBytes, layerCount) = (word(32), word(36), word(40))
            let (hashCount, regionCount) = (half(44), half(46))
            // Each count is bounded by the bytes it needs before anything is allocated for it.
            guard knownCount <= entryCount, entryCount <= raw.count / 8, slotCount <= raw.count / 8,
                layerCount <= raw.count / 3, stringKeyCount <= raw.count / 4
            else { return nil }
            var position = headerSize
            func take(_ count: Int) -> UnsafeRawBufferPointer? {
                guard count >= 0, count <= raw.count - position else { return nil }
                defer { position += count }
                return UnsafeRawBufferPointer(rebasing: raw[position..<(position + count)])
            }
            func text(_ count: Int) -> String? { take(count).map { String(decoding: $0, as: UTF8.self) } }
            guard let sourceHash = text(hashCount), let region = text(regionCount) else { return nil }
            let layerHeaders = position
            var answerBytes = 0
            for _ in 0..<layerCount {
                guard let head = take(3), head[0] == overlayKind || head[0] == shippedKind,
                    take(Int(head[1])) != nil, take(Int(head[2])) != nil
                else { return nil }
                answerBytes += (head[0] == overlayKind ? knownCount : entryCount) * 4
            }
            guard take(aligned(position) - position) != nil, let slots = take(slotCount * 8), let bounds = take(entryCount * 8), let arena = take(arenaCount),
                let keyBytes = take(stringBytes)
            else { return nil }
            var stringKeys: [String] = []
            var keyPosition = 0
            for _ in 0..<stringKeyCount {
                guard keyPosition + 4 <= keyBytes.count else { return nil }
                let length = Int(UInt32(littleEndian: keyBytes.loadUnaligned(fromByteOffset: keyPosition, as: UInt32.self)))
                guard length <= keyBytes.count - keyPosition - 4 else { return nil }
                stringKeys.append(String(decoding: keyBytes[(keyPosition + 4)..<(keyPosition + 4 + length)], as: UTF8.self))
                keyPosition += 4 + length
            }
            guard keyPosition == keyBytes.count else { return nil }
            let answersStart = position
            guard take(answerBytes) != nil else { return nil }
            guard position == raw.count,
                let index = KeyIndex(seed: seed, entryCount: entryCount, slots: slots, bounds: bounds, arena: arena,
                                     stringKeys: stringKeys, owner: inPlace ? DataOwner(data) : nil)
            else { return nil }
            return Section(sourceHash: sourceHash, developmentRegion: region, index: index, knownCount: knownCount,
                           layerHeaders: layerHeaders, layerCount: layerCount, answersStart: answersStart, bytes: data)
        }
    }

    // MARK: Merging at launch

    /// The handle's values merged from the revision's section for `tableName`; nil when there is none or it does not
    /// fit (see the type's documentation), and the caller merges by hashing.
    static func merge(
        table tableName: String, chain: [String], shipped: CatalogModule?, developmentTable: CatalogTable?,
        overlays: OverlayModules, overlayModule moduleName: String, device: String,
        hashed: @escaping @Sendable () -> MergedTableValues
    ) -> MergedTableValues? {
        guard let sourceHash = overlays.sourceHash, let listing = overlays.listing(moduleName), listing.hasStringsIndex,
            !listing.hasStringCatalogs
        else { return nil }
        let file = listing.revision.path + "/" + OverlayStrings.revisionIndexFile
        let developmentRegion = shipped?.developmentRegion ?? "en"
        guard let data = OverlayStrings.parts([sectionPath(table: tableName)], inRevisionIndexAt: file)[0],
            let section = read(data, inPlace: true), section.sourceHash == sourceHash, section.developmentRegion == developmentRegion
        else { return nil }
        return section.bytes.withUnsafeBytes { raw in
            merge(section, raw, table: tableName, chain: chain, shipped: shipped, developmentTable: developmentTable,
                  overlays: overlays, overlayModule: moduleName, listing: listing, device: device, hashed: hashed)
        }
    }

    private static func merge(
        _ section: Section, _ raw: UnsafeRawBufferPointer, table tableName: String, chain: [String],
        shipped: CatalogModule?, developmentTable: CatalogTable?, overlays: OverlayModules, overlayModule moduleName: String,
        listing: OverlayModules.Listing, device: String, hashed: @escaping @Sendable () -> MergedTableValues
    ) -> MergedTableValues? {
        let index = section.index
        let knownCount = section.knownCount
        let developmentRegion = section.developmentRegion
        func answer(_ offset: Int, _ entry: Int) -> Int32 {
            Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4 * entry, as: Int32.self))
        }
        var answers = [MergedTableValues.Answer](repeating: .none, count: index.count)
        var unanswered = knownCount
        var layers: [MergedTableValues.Layer] = []
        let revision = listing.revision.revision
        for locale in chain {
            if unanswered > 0, let table = overlays.table(tableName, module: moduleName, locale: locale) {
                guard case .text(let strings, let plurals) = table,
                    let answered = section.layer(overlay: true, locale: locale), answered.folder == listing.locales[locale]
                else { return nil }
                let layer = Int32(layers.count)
                layers.append(.init(kind: .overlay, locale: locale, revision: revision, source: .overlay(table)))
                // Each entry's key is checked on its first lookup (`MergedTableValues`), not here: checking all of
                // them read every key of the table at launch.
                let entryCount = strings?.entries.count ?? 0
                for entry in 0..<knownCount where answers[entry].layer < 0 {
                    let found = answer(answered.offset, entry)
                    if found == noAnswer { continue }
                    if found == pluralAnswer {
                        guard plurals[index.key(at: entry)] != nil else { return nil }
                        answers[entry] = .init(layer: layer, entry: -1)
                    } else {
                        guard found >= 0, Int(found) < entryCount else { return nil }
                        answers[entry] = .init(layer: layer, entry: found)
                    }
                    unanswered -= 1
                }
            }
            guard let shipped,
                let table = locale == developmentRegion
                    ? developmentTable : LocalizerSnapshot.table(tableName, of: shipped, locale: locale)
            else { continue }
            guard let answered = section.layer(overlay: false, locale: locale) else { return nil }
            let layer = Int32(layers.count)
            layers.append(.init(kind: .shipped, locale: locale, revision: nil, source: .shipped(table)))
            for entry in 0..<index.count where answers[entry].layer < 0 && answer(answered.offset, entry) == 0 {
                answers[entry] = .init(layer: layer, entry: -1)
                if entry < knownCount { unanswered -= 1 }
            }
        }
        return MergedTableValues(index: index, answers: answers, layers: layers, device: device, hashed: hashed)
    }
}

/// Keeps a `Data` (and so the mapping it views) alive for an index that reads its bytes in place.
private final class DataOwner {
    let data: Data
    init(_ data: Data) { self.data = data }
}
