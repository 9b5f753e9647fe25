import Foundation
import OverlayCore
import OverlayPublishing
import OverlayTools

/// `overlay resolve KEY --module M --locale L --bundle CATALOG [--store DIR] …`: what an app would show for a key.
enum ResolveCommand: Command {
    static let name = "resolve"
    static let summary = "Resolve and render one key as the app would: overlay, shipped, fallback chain."
    static let usage = """
        resolve <key> --module <M> [--table <T>] --locale <L> [--count <N>]... [--arg <value>]... \
        [--sub <name=value>]... --bundle <catalog | .app> [--store <dir>] [--width <W>] [--device <D>] [--dev] [--trace] [--raw] [--json]
        """
    static let discussion = """
        Prints the rendered string on stdout: exactly, when stdout is a pipe or a file (or with --raw);
        on a terminal, control characters, escape sequences and bidirectional controls a published
        value may hold are shown escaped (\\u{1B}, \\u{202E}, \\n), so a value cannot recolour the screen,
        move the cursor or reorder what follows. The lookup walks the fallback chain of --locale
        (CLDR parents, then the module's development region); for each locale the store's active
        revision (with --store) answers first, then the shipped catalog (--bundle: a catalog folder,
        or the built .app — its modules are its own strings, resource bundles, frameworks and app
        extensions, each named after its bundle), per key. Without
        --store only shipped strings are used; so too, as in the app, with a --store that has nothing to
        serve (missing, deleted by 'overlay disable', no state yet, an unreadable state.json, a store.json
        that is not Overlay's marker), and one note on stderr says which.

        Arguments fill the value's slots in order, each converted to its slot's class (%ld takes an
        integer, %f a number, %@ any text); --count fills the plural slots (those a %#@v@ token reads)
        instead: once for every plural slot, or once per plural slot in argument order (slot 1's count
        first), which is the order the code passes them whatever order a translation prints them in
        (%#@arg2@ … %#@arg1@ still takes the first --count for arg1). Numbers print in ASCII digits
        without grouping. --sub name=value fills %{name}, inserted verbatim. A value that takes no
        arguments ('Battery Level %', '100% sure') is printed as written, as the app shows it.
        --locale takes one language or a comma-separated preference list (fr-CA,en).

        --trace prints on stderr (stdout stays the string) the chain, what each locale's overlay and
        shipped layer held, and the reason with what to do: the same explanation as 'overlay inspect
        --explain'.
        --json prints {key, module, table, value, layer, locale, revision, chain} instead.

        Exit status: 0 when the key was found and rendered; 1 on a total miss (stdout then shows what
        the app would show: the key, or the ⟦Module/Table:key⟧ sentinel with --dev), when the
        arguments do not fit the value (the shipped fallback is printed), or when a file cannot be
        read; 64 on a usage error (a missing --arg or --count, an --arg that is not a number).

        EXAMPLES:
          overlay resolve cart.title --module Checkout --locale fr-CA --bundle testdata/catalog
          overlay resolve cart.items --module Checkout --locale ru --count 21 --bundle testdata/catalog
          overlay resolve order.ready --module Checkout --locale ar --arg Lyon --count 2 --bundle testdata/catalog
          overlay resolve cart.reserved --module Checkout --locale en --count 2 --sub store=Lyon --bundle testdata/catalog
          overlay resolve cart.title --module Checkout --locale fr --bundle build/Release-iphoneos/Notes.app
          overlay resolve cart.summary --module Checkout --locale fr --count 3 --count 2 --bundle testdata/catalog
        """
    static let signature = CommandSignature(
        positionals: ["<key>"],
        options: [
            .value("module", "M", "The module (a folder of the catalog)."),
            .value("table", "T", "The table (default: Localizable)."),
            .value("locale", "L", "The user's language, or a comma-separated preference list."),
            .repeated("count", "N", "The number for every plural slot, or repeated: one per plural slot, in slot order."),
            .repeated("arg", "value", "The next non-plural argument, converted to its slot's class.", allowsEmpty: true),
            .repeated("sub", "name=value", "A %{name} substitution."),
            .value("bundle", "catalog", "The shipped catalog: a catalog folder or the built .app."),
            .value("store", "dir", "A client store: its active revisions overlay the shipped strings."),
            .value("width", "W", "The presentation width a width-rule entry picks its variant for."),
            .value("device", "D", "The device a device-rule entry picks (iphone, ipad, mac; default other)."),
            .flag("dev", "Development mode: a miss shows the ⟦Module/Table:key⟧ sentinel."),
            .flag("trace", "Print the fallback chain and the answering layer on stderr."),
            .flag("raw", "Print the string exactly, even on a terminal (control characters unescaped)."),
            .flag("json", "Print value, layer, locale, revision and chain as JSON."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let key = arguments.positionals[0]
        let module = try arguments.required("module")
        let tableName = arguments.value("table") ?? "Localizable"
        let locales = try arguments.required("locale").split(separator: ",").map(String.init)
        let catalog = try loadCatalog(try arguments.required("bundle"), mode: .lenient).catalog
        var store: StoreSnapshot?
        if let path = arguments.value("store") {
            let read = try readStoreState(at: path)
            store = read.snapshot
            if let note = read.note { console.diagnostic("note", note, prefix: path) }
        }
        let width = try arguments.value("width").map { text throws(UsageError) in
            guard let value = Int(text) else { throw UsageError(message: "--width '\(text)' is not an integer") }
            return value
        }
        let localizer = Localizer(
            catalog: catalog, store: store, preferredLanguages: locales,
            mode: arguments.flag("dev") ? .development : .production, device: arguments.value("device") ?? "other")
        let table = localizer.table(tableName, in: module)
        let resolution = table.resolve(key)

        var rendered: String
        var failure: String?
        if case .miss = resolution.layer, case .string(let shown) = resolution.value {
            rendered = shown
            failure = "no value for '\(key)' in \(module)/\(tableName) for \(locales.joined(separator: ","))"
        } else {
            let reference = catalog.modules[module]?.developmentTables[tableName]?.value(forKey: key) ?? resolution.value
            let formatArguments = try ArgumentSlots(reference).arguments(
                values: arguments.all("arg"), counts: arguments.all("count"))
            let errorsBefore = localizer.stats.renderErrors
            rendered = table.format(key, formatArguments, substitutions: try substitutions(arguments.all("sub")), width: width)
            if localizer.stats.renderErrors > errorsBefore {
                failure = "the arguments do not fit the \(resolution.layer.rawValue) \(resolution.locale ?? "") value of '\(key)'; showing the fallback"
            }
        }

        if arguments.flag("json") {
            console.out(JSONOutput.object([
                ("key", .string(key)), ("module", .string(module)), ("table", .string(tableName)),
                ("value", .string(rendered)), ("layer", .string(resolution.layer.rawValue)),
                ("locale", resolution.locale.map { .string($0) } ?? .null),
                ("revision", resolution.revision.map { .int($0) } ?? .null),
                ("chain", .array(resolution.chain.map { .string($0) })),
            ]).rendered())
        } else if arguments.flag("raw") || isatty(STDOUT_FILENO) != 1 {
            console.out(rendered)
        } else {
            // A terminal interprets escape sequences: a published value must not drive it.
            console.out(TerminalText.escaped(rendered))
        }
        if arguments.flag("trace") {
            // One implementation with `inspect --explain`: the library's explanation, printed line by line.
            for line in ExplanationText.lines(localizer.explain(key, table: tableName, module: module)) {
                console.note("trace: \(line)")
            }
            if let revision = store?.modules[module] {
                console.note("trace: store revision \(revision.revision) (\(revision.sha256)) at \(revision.directory.path)")
            }
        }
        if let failure {
            console.diagnostic("warning", failure)
            return ExitCode.failure
        }
        return ExitCode.success
    }

    private static func substitutions(_ values: [String]) throws(UsageError) -> [String: String] {
        var result: [String: String] = [:]
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw UsageError(message: "--sub '\(value)' is not name=value")
            }
            result[String(value[..<equals])] = String(value[value.index(after: equals)...])
        }
        return result
    }
}

/// The argument slots of a value: each slot's class, and which slots a plural variable reads.
struct ArgumentSlots {
    let classes: [Int: ArgumentClass]
    let pluralSlots: Set<Int>

    init(_ value: CatalogValue) {
        switch value {
        case .string(let text):
            // Prose such as `100% sure` reads `% s` to CF, but the app passes nothing: no slot to fill.
            classes = FormatParser.parse(text).readsArguments ? SlotMap(text).classes : [:]
            pluralSlots = []
        case .plural(let entry):
            let map = SlotMap(entry: entry)
            classes = map.classes
            pluralSlots = map.variablePositions
        }
    }

    /// One argument per slot 1…max: a count for plural slots (the one `--count` for all, or one per plural slot in
    /// slot order), the next `values` item for the others.
    func arguments(values: [String], counts: [String]) throws(UsageError) -> [FormatArgument] {
        var remaining = values[...]
        var result: [FormatArgument] = []
        let plural = pluralSlots.sorted()
        guard counts.count <= 1 || counts.count == plural.count else {
            throw UsageError(message: "\(counts.count) --count values for \(plural.count) plural slot(s) (\(plural.map(String.init).joined(separator: ", "))): pass --count once for all of them or once per slot, in slot order")
        }
        for slot in stride(from: 1, through: classes.keys.max() ?? 0, by: 1) {
            let argumentClass = classes[slot]
            if let index = plural.firstIndex(of: slot) {
                guard let count = counts.count == 1 ? counts.first : counts.dropFirst(index).first else {
                    throw UsageError(message: "slot \(slot) is a plural count: pass --count N")
                }
                result.append(try convert(count, to: argumentClass, slot: slot, option: "--count"))
            } else {
                guard let value = remaining.popFirst() else {
                    throw UsageError(message: "slot \(slot) (\(argumentClass?.example ?? "unused")) needs a value: pass one --arg per slot")
                }
                result.append(try convert(value, to: argumentClass, slot: slot, option: "--arg"))
            }
        }
        if !remaining.isEmpty {
            throw UsageError(message: "too many --arg values: the value reads \(result.count) argument(s)")
        }
        return result
    }

    private func convert(_ text: String, to argumentClass: ArgumentClass?, slot: Int, option: String) throws(UsageError)
        -> FormatArgument
    {
        switch argumentClass {
        case .int32?, .int64?:
            guard let value = Int64(text) else { throw UsageError(message: "\(option) '\(text)' is not an integer (slot \(slot) reads \(argumentClass!.example))") }
            return .int(value)
        case .uint32?, .uint64?:
            guard let value = UInt64(text) else { throw UsageError(message: "\(option) '\(text)' is not an unsigned integer (slot \(slot) reads \(argumentClass!.example))") }
            return .uint(value)
        case .double?, .longdouble?:
            guard let value = Double(text), value.isFinite else { throw UsageError(message: "\(option) '\(text)' is not a number (slot \(slot) reads %f)") }
            // Keep the text as written so plural operands see its digits ("1.0" ≠ "1").
            return PluralOperands(text) != nil && !text.contains("e") ? .string(text) : .double(value)
        default:
            return .string(text)
        }
    }
}

// MARK: - Store

/// The active revisions of the store at `path`, read without writing or locking, or `nil` with a note when an app
/// would find nothing to serve there (no store, a disabled, damaged or foreign one): the shipped strings answer.
/// A store for another source hash yields its snapshot anyway: the Localizer ignores it and counts it (--trace).
func readStoreState(at path: String) throws -> (snapshot: StoreSnapshot?, note: String?) {
    let inspection: StoreInspection
    do {
        inspection = try OverlayStore.inspect(at: URL(fileURLWithPath: path))
    } catch {
        throw CommandFailure(message: "\(path): cannot read the store (\(error))")
    }
    let shipped = "showing the shipped strings, as an app would"
    switch inspection.format {
    case .absent:
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return (nil, "no store here (never synced, or deleted by 'overlay disable'); \(shipped)")
        }
        return (nil, "holds no store (no store.json; 'overlay sync --store' creates one); \(shipped)")
    case .newer:
        return (nil, "written by a newer store format, which this build ignores; \(shipped)")
    case .invalid:
        return (nil, "\(inspection.problem ?? "not a store"); apps ignore this directory; \(shipped)")
    case .current:
        if let problem = inspection.problem {
            return (nil, "\(problem); apps serve no overlay until the next 'overlay sync' rewrites it; \(shipped)")
        }
        guard let snapshot = inspection.snapshot else {
            return (nil, "the store has no state yet (run 'overlay sync'); \(shipped)")
        }
        return (snapshot, nil)
    }
}
