package import Foundation

extension ModuleLoader {
    /// Nil with an error finding (a link, not a regular file, too large, unreadable); an `optional` file that does
    /// not exist (`Info.plist`) is nil without one.
    package mutating func readFile(relativePath: String, url: URL, optional: Bool = false) -> Data? {
        do {
            return try BoundedFile.read(url.path, maxBytes: CatalogLoader.maxFileBytes, followSymlinks: false)
        } catch .notFound where optional {
            return nil
        } catch .symbolicLink where findings.contains(where: { $0.code == "catalog.symlink" && $0.location.file == relativePath }) {
            return nil  // the directory listing already reported it
        } catch {
            findings.append(Self.finding(for: error, relativePath: relativePath))
            return nil
        }
    }

    /// Byte order, without symbolic links (each one not hidden is an error finding): nothing outside the catalog is
    /// read or published.
    package mutating func listEntries(of directory: URL, relativePath: String?) throws -> [String] {
        var kept: [String] = []
        for name in try CatalogLoader.sortedEntries(of: directory) {
            guard BoundedFile.kind(of: directory.appendingPathComponent(name).path) == .symbolicLink else {
                kept.append(name)
                continue
            }
            if name.hasPrefix(".") { continue }
            findings.append(Self.finding(for: .symbolicLink, relativePath: relativePath.map { "\($0)/\(name)" } ?? name))
        }
        return kept
    }

    package static func finding(for failure: BoundedFile.Failure, relativePath: String) -> Finding {
        let location = Finding.Location(file: relativePath)
        switch failure {
        case .symbolicLink:
            return Finding(
                code: "catalog.symlink", severity: .error,
                message: "this is a symbolic link; a catalog is read without following links (one could point outside it, and whatever it names would be published): replace the link with the file or folder itself",
                location: location)
        case .notRegular(let kind):
            return Finding(
                code: "catalog.not-a-file", severity: .error,
                message: "this is \(kind.description), not a regular file; put the table's file here or remove the entry",
                location: location)
        case .tooLarge(let size, let cap):
            return Finding(
                code: "catalog.file-too-large", severity: .error,
                message: "the file is \(size) bytes, over the \(cap)-byte cap for one catalog file (\(cap >> 20) MiB: twice the most a client inflates for a module); split the table",
                location: location)
        case .notFound, .systemCall:
            return Finding(
                code: "catalog.unreadable-file", severity: .error,
                message: "the file \(failure.reason); check that it exists and its permissions",
                location: location)
        }
    }
}

extension ModuleLoader {
    /// Parses a `<Table>.strings` or `<Table>.stringsdict` file of an `.lproj` folder (other names are skipped) into
    /// its table, from `data`, else read from `url`; one that cannot be read or parsed marks the table unreadable.
    /// Returns the table's name.
    @discardableResult
    mutating func addTableFile(
        _ file: String, data: Data? = nil, url: URL? = nil, relativePath: String, locale: String,
        to localization: inout CatalogLocalization
    ) -> String? {
        let isStrings = file.hasSuffix(".strings")
        guard isStrings || file.hasSuffix(".stringsdict") else { return nil }
        let name = String(file.dropLast(isStrings ? ".strings".count : ".stringsdict".count))
        var table = localization.tables.removeValue(forKey: name) ?? CatalogTable(name: name)
        var parsed = false
        if let data = data ?? url.flatMap({ readFile(relativePath: relativePath, url: $0) }) {
            parsed = isStrings
                ? parseStrings(relativePath: relativePath, data: data, into: &table)
                : parseStringsdict(relativePath: relativePath, data: data, locale: locale, into: &table)
        }
        if !parsed { localization.unreadableTables.insert(name) }
        localization.tables[name] = table
        return name
    }

    /// False (with an error finding) when the bytes do not parse. A duplicate key is an error in strict mode.
    mutating func parseStrings(relativePath: String, data: Data, into table: inout CatalogTable) -> Bool {
        let file: StringsFile
        do {
            file = try StringsReader.read(data, acceptingPropertyLists: acceptsPropertyLists)
        } catch {
            findings.append(Finding(
                code: "strings.\(error.code.rawValue)", severity: .error, message: error.message,
                location: .init(file: relativePath, line: error.location?.line, column: error.location?.column)))
            return false
        }
        table.files.append(relativePath)
        for warning in file.warnings {
            findings.append(Finding(
                code: "strings.\(warning.code.rawValue)", severity: .warning, message: warning.message,
                location: .init(file: relativePath, line: lineOrNil(warning.location), column: columnOrNil(warning.location))))
        }
        table.strings.reserveCapacity(table.strings.count + file.entries.count)
        table.origins.reserveCapacity(table.origins.count + file.entries.count)
        // A key whose previous origin is this file is a duplicate; only those need their first line kept apart.
        var firstLinesOfDuplicates: [String: Int] = [:]
        for entry in file.entries {
            let key = keyPool.insert(entry.key).memberAfterInsert
            let origin = KeyOrigin(file: relativePath, line: lineOrNil(entry.location))
            if let previous = table.origins.updateValue(origin, forKey: key), previous.file == relativePath {
                let first = firstLinesOfDuplicates[entry.key] ?? previous.line ?? 0
                firstLinesOfDuplicates[entry.key] = first
                findings.append(Finding(
                    code: "strings.duplicate-key", severity: mode == .strict ? .error : .warning,
                    message: "key \"\(entry.key)\" is defined again (first on line \(first)); Apple keeps the last value silently, so remove one of them",
                    location: .init(
                        file: relativePath, line: lineOrNil(entry.location), column: columnOrNil(entry.location),
                        key: entry.key)))
            }
            table.strings[key] = entry.value
        }
        return true
    }

    private func lineOrNil(_ location: SourceLocation?) -> Int? { location.flatMap { $0.line > 0 ? $0.line : nil } }
    private func columnOrNil(_ location: SourceLocation?) -> Int? { location.flatMap { $0.column > 0 ? $0.column : nil } }
}

extension ModuleLoader {
    /// False (with an error finding) when the bytes do not parse.
    mutating func parseStringsdict(
        relativePath: String, data: Data, locale: String, into table: inout CatalogTable
    ) -> Bool {
        let file: StringsdictFile
        do {
            file = try StringsdictReader.readFile(data, locale: locale, acceptingBinary: acceptsPropertyLists)
        } catch {
            findings.append(Finding(
                code: error.findingCode, severity: .error, message: error.message,
                location: .init(
                    file: relativePath, line: error.location?.line, column: error.location?.column, key: error.key)))
            return false
        }
        table.files.append(relativePath)
        add(file, from: relativePath, to: &table)
        return true
    }

    /// A `.stringsdict` file's entries, rejections and warnings (the plurals of a `.loctable` too).
    mutating func add(_ file: StringsdictFile, from relativePath: String, to table: inout CatalogTable) {
        for warning in file.warnings {
            var located = warning
            located.location.file = relativePath
            findings.append(located)
        }
        for entry in file.entries {
            let key = keyPool.insert(entry.key).memberAfterInsert
            table.plurals[key] = entry.entry
            table.origins[key] = KeyOrigin(file: relativePath, line: entry.location?.line)
        }
        // A broken entry loses only itself; CatalogChecker and the overlay validator report it.
        for rejection in file.rejected {
            table.rejectedEntries[rejection.key] = rejection
            table.origins[rejection.key] = KeyOrigin(file: relativePath, line: rejection.error.location?.line)
        }
    }
}

extension CatalogLoader {
    /// A module from in-memory files laid out like a module folder (an archive extracted before anything is
    /// written); other names are ignored, findings name `<module>/<path>`.
    package static func module(
        named name: String, developmentRegion: String, files: [String: Data], mode: Mode = .strict
    ) -> (module: CatalogModule, findings: [Finding]) {
        var loader = ModuleLoader(mode: mode, acceptsPropertyLists: false)
        var module = CatalogModule(name: name, developmentRegion: normalizedLocale(developmentRegion))
        for path in files.keys.sorted(by: String.utf8Precedes) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].hasSuffix(".lproj"),
                parts[1].hasSuffix(".strings") || parts[1].hasSuffix(".stringsdict")
            else { continue }
            let identifier = normalizedLocale(String(parts[0].dropLast(".lproj".count)))
            let locale = identifier == "Base" ? module.developmentRegion : identifier
            module.updateLocalization(identifier, directoryName: String(parts[0])) { localization in
                loader.addTableFile(
                    String(parts[1]), data: files[path], relativePath: "\(name)/\(path)", locale: locale, to: &localization)
            }
        }
        return (module, loader.findings)
    }
}
