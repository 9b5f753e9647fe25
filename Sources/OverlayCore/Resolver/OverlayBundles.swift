public import Foundation

/// Foundation bundles for code that keeps `NSLocalizedString`: `localizer.bundle(for: "Checkout") ?? .module`.
///
/// ``Localizer/bundle(for:)`` serves what the Localizer serves, through `Bundle`: for the module's resolved locale it
/// writes once a directory whose tables hold, for every key, the Localizer's own answer — the overlay where it has
/// one, else the shipped value, per key along the fallback chain — and returns its `<lang>.lproj` as a bundle (a
/// language bundle: `Bundle` reads its tables without choosing a language, so `setPreferredLanguages` is honoured).
///
/// The directory lives under the caches folder (iOS may purge it: it is derived, and rewritten when missing), never
/// in the store. Its name is the SHA-256 of its content, so a new revision or language gets a new path: `Bundle`
/// caches instances and tables by path for the life of the process, and an old path never changes under it.
/// It is written as a whole (temporary folder, fsync, rename), so a crash leaves it complete or absent.
public enum OverlayBundles {
    /// The raw active revision directory of `module` in `revisions`; nil when it has none or the directory is gone.
    package static func bundle(for module: String, in revisions: [String: ActiveRevision]) -> Bundle? {
        guard let revision = revisions[module] else { return nil }
        return Bundle(url: revision.directory)
    }

    /// The raw active revision directory of `module` in `snapshot`, for tools that inspect a store. Apps use
    /// ``Localizer/bundle(for:)``: a revision directory falls back per table, not per key, and picks its language
    /// from the system.
    public static func bundle(for module: String, in snapshot: StoreSnapshot) -> Bundle? {
        bundle(for: module, in: snapshot.modules)
    }

    /// Where ``Localizer/bundle(for:)`` writes by default: `<Caches>/OverlayBundles`.
    public static var defaultCacheDirectory: URL? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.appendingPathComponent("OverlayBundles")
    }

    /// One module's tables for one locale, as files: what a merged bundle holds.
    struct Contents {
        /// The `.lproj` folder name: the resolved locale.
        var lproj: String
        /// File name → bytes, in name order.
        var files: [(name: String, data: Data)]

        /// The folder name under the module's folder: the SHA-256 of everything written.
        var digest: String {
            var hasher = SHA256()
            hasher.update(Array("\(lproj)\n".utf8))
            for file in files {
                hasher.update(Array("\(file.name)\n\(file.data.count)\n".utf8))
                hasher.update(Array(file.data))
            }
            return hasher.finalize().hex
        }
    }

    /// Every table of `module` as the snapshot resolves it: `<Table>.strings` for plain values and `<Table>.stringsdict`
    /// for entries, XML property lists with keys in byte order. Nil when neither the build nor the store has the module.
    static func contents(of module: String, in snapshot: LocalizerSnapshot) -> Contents? {
        let shipped = snapshot.catalog.modules[module]
        let overlay = snapshot.overlays.listing(module) != nil ? snapshot.overlays.module(module, locales: snapshot.chain(for: module)) : nil
        guard shipped != nil || overlay != nil else { return nil }
        var names = Set<String>()
        for module in [shipped, overlay].compactMap({ $0 }) {
            for localization in module.localizations.values { names.formUnion(localization.tables.keys) }
            names.formUnion(module.base?.tables.keys ?? [:].keys)
        }
        names.remove(CatalogTable.infoPlistTableName)
        var files: [(name: String, data: Data)] = []
        for name in names.sorted(by: String.utf8Precedes) {
            let values = snapshot.table(name, in: module).values
            var strings: [PropertyListEntry] = []
            var plurals: [PropertyListEntry] = []
            for key in values.keys.sorted(by: String.utf8Precedes) {
                switch values[key]!.value {
                case .string(let text): strings.append(PropertyListEntry(key: key, keyLocation: nil, value: .string(text, nil)))
                case .plural(let entry): plurals.append(PropertyListEntry(key: key, keyLocation: nil, value: entry.propertyListValue))
                }
            }
            if !strings.isEmpty { files.append(("\(name).strings", PropertyListWriter.xml(.dictionary(strings, nil)))) }
            if !plurals.isEmpty { files.append(("\(name).stringsdict", PropertyListWriter.xml(.dictionary(plurals, nil)))) }
        }
        let locale = snapshot.chain(for: module).first ?? shipped?.developmentRegion ?? "en"
        return Contents(lproj: isPlainName(locale) ? "\(locale).lproj" : "Overlay.lproj", files: files)
    }

    /// The language bundle holding `contents` under `cache/<module>/<digest>/`, written first if it is not there.
    /// Nil when anything fails: the caller falls back to the shipped bundle.
    static func bundle(
        for module: String, contents: Contents, cache: URL, syscalls: Syscalls, keeping inUse: Set<String>
    ) -> (bundle: Bundle, directory: String)? {
        let folder = cache.appendingPathComponent(isPlainName(module) ? module : "module-" + SHA256.hash(Data(module.utf8)).hex).path
        let directory = "\(folder)/\(contents.digest)"
        let lproj = "\(directory)/\(contents.lproj)"
        do {
            if try syscalls.status(lproj)?.isDirectory != true {
                try syscalls.makeDirectories(folder)
                try write(contents, to: directory, in: folder, syscalls: syscalls)
                prune(folder, keeping: inUse.filter { $0.hasPrefix(folder + "/") }.union([directory]), syscalls: syscalls)
            }
        } catch {
            return nil
        }
        return Bundle(path: lproj).map { ($0, directory) }
    }

    /// Writes the folder under a temporary name, fsyncs every file and folder, then renames it into place. A folder
    /// already there (another thread or process wrote the same content first) is kept.
    private static func write(_ contents: Contents, to directory: String, in folder: String, syscalls: Syscalls) throws {
        let temporary = "\(folder)/.writing-\(StoreLayout.uniqueSuffix())"
        do {
            try syscalls.makeDirectory(temporary)
            try syscalls.makeDirectory("\(temporary)/\(contents.lproj)")
            try syscalls.writeNewFiles(contents.files.map { ("\(temporary)/\(contents.lproj)/\($0.name)", $0.data) })
            try syscalls.fsyncDirectory("\(temporary)/\(contents.lproj)")
            try syscalls.fsyncDirectory(temporary)
            do {
                try syscalls.rename(temporary, directory)
            } catch let error as StoreError where error.cause == EEXIST || error.cause == ENOTEMPTY {
                try? syscalls.removeTree(temporary)
                return
            }
            try syscalls.fsyncDirectory(folder)
        } catch {
            try? syscalls.removeTree(temporary)
            throw error
        }
    }

    /// The most content folders a module keeps: older ones not in use go when a new one is written.
    static let keptDirectories = 4

    /// Removes the oldest content folders of `folder` past ``keptDirectories``, never one in `inUse` (handed out by
    /// this Localizer: its `Bundle` reads the files lazily), and the debris of writes interrupted an hour ago or more.
    /// Best effort: what cannot be removed stays.
    private static func prune(_ folder: String, keeping inUse: Set<String>, syscalls: Syscalls) {
        guard let names = try? syscalls.listDirectory(folder) else { return }
        var others: [(path: String, modified: Date)] = []
        for name in names {
            let path = "\(folder)/\(name)"
            guard !inUse.contains(path), let modified = modificationDate(path) else { continue }
            if name.hasPrefix(".writing-") {
                if modified < Date(timeIntervalSinceNow: -3600) { try? syscalls.removeTree(path) }
            } else {
                others.append((path, modified))
            }
        }
        let room = max(0, keptDirectories - inUse.count)
        for old in others.sorted(by: { $0.modified > $1.modified }).dropFirst(room) { try? syscalls.removeTree(old.path) }
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Whether `name` can be a path component as it is: letters, digits, `_ . -`, not starting with `.`.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && name.first != "." && name.first != "-"
            && name.utf8.allSatisfy { $0 < 0x80 && (($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x2E || $0 == 0x2D) }
    }
}
