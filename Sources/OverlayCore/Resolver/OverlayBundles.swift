public import Foundation

/// Foundation bundles for code that keeps `NSLocalizedString`: `localizer.bundle(for: "Checkout") ?? .module`.
///
/// ``Localizer/bundle(for:cacheDirectory:)`` writes, once per content, a language bundle holding the Localizer's answer
/// for every key, whole (temporary folder, fsync, rename) under the caches folder, named by the SHA-256 of its content:
/// `Bundle` caches by path for the life of the process, so a path never changes under it.
public enum OverlayBundles {
    /// Where ``Localizer/bundle(for:cacheDirectory:)`` writes by default: `<Caches>/OverlayBundles`.
    public static var defaultCacheDirectory: URL? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.appendingPathComponent("OverlayBundles")
    }

    /// One module's tables for one locale, as files.
    struct Contents {
        /// The resolved locale's folder name.
        var lproj: String
        /// In name order.
        var files: [(name: String, data: Data)]

        /// The SHA-256 of everything written: the folder name.
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

    /// Every table of `module` as the snapshot resolves it, as XML property lists with keys in byte order. Nil when
    /// neither the build nor the store has the module.
    static func contents(of module: String, in snapshot: LocalizerSnapshot) -> Contents? {
        let shipped = snapshot.catalog.modules[module]
        let chain = snapshot.chain(for: module)
        let overlay = snapshot.overlays.listing(module)
        guard shipped != nil || overlay != nil else { return nil }
        // The build's tables only: an overlay serves no key the build lacks.
        var names = Set(shipped?.base?.tables.keys ?? [:].keys)
        for localization in shipped?.localizations.values ?? [:].values { names.formUnion(localization.tables.keys) }
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
        let locale = chain.first ?? shipped?.developmentRegion ?? "en"
        return Contents(lproj: NameGrammar.isModuleName(locale) ? "\(locale).lproj" : "Overlay.lproj", files: files)
    }

    /// The bundle under `cache/<module>/<digest>/`, written first if absent; nil when anything fails.
    static func bundle(
        for module: String, contents: Contents, cache: URL, syscalls: Syscalls, keeping inUse: Set<String>
    ) -> (bundle: Bundle, directory: String)? {
        let folderName = NameGrammar.isModuleName(module) ? module : "module-" + SHA256.hash(Data(module.utf8)).hex
        let folder = cache.appendingPathComponent(folderName).path
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

    /// A folder already there (another process wrote the same content first) is kept.
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

    /// Content folders a module keeps: older ones not in use go when a new one is written.
    static let keptDirectories = 4

    /// Best effort; never a folder in `inUse`, whose `Bundle` reads files lazily. Debris of writes interrupted an hour
    /// ago or more goes too.
    private static func prune(_ folder: String, keeping inUse: Set<String>, syscalls: Syscalls) {
        guard let names = try? syscalls.listDirectory(folder) else { return }
        var others: [(path: String, modified: FileTime)] = []
        for name in names {
            let path = "\(folder)/\(name)"
            guard !inUse.contains(path), let modified = (try? syscalls.status(path))??.modified else { continue }
            if name.hasPrefix(".writing-") {
                if modified.seconds < Int(Date().timeIntervalSince1970) - 3600 { try? syscalls.removeTree(path) }
            } else {
                others.append((path, modified))
            }
        }
        let room = max(0, keptDirectories - inUse.count)
        for old in others.sorted(by: { $0.modified > $1.modified }).dropFirst(room) { try? syscalls.removeTree(old.path) }
    }
}
