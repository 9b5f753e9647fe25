import Synchronization

/// What one handle answers: its keys, the table that answers each, and the ``ResolvedValue``s built on each key's
/// first lookup. Building it reads no value.
///
/// `@unchecked Sendable`: immutable after `init` but for the value cells, atomics written once each.
final class MergedTableValues: @unchecked Sendable {
    struct Layer: Sendable {
        var kind: ResolutionLayer
        var locale: String
        var revision: Int?
        var source: Source
    }

    enum Source: Sendable {
        case shipped(CatalogTable)
        case overlay(OverlayModules.Table)
    }

    /// `layer` −1: no answer (a development key no layer has).
    struct Answer {
        var layer: Int32
        /// A `.strings` entry of an overlay text table; −1: look the key up in the layer.
        var entry: Int32

        static let none = Answer(layer: -1, entry: -1)
    }

    let index: KeyIndex
    private let answers: [Answer]
    private let layers: [Layer]
    private let device: String
    private let cells: UnsafeMutablePointer<Atomic<Unmanaged<ResolvedValue>?>>

    init(index: KeyIndex, answers: [Answer], layers: [Layer], device: String) {
        precondition(answers.count == index.count)
        self.index = index
        self.answers = answers
        self.layers = layers
        self.device = device
        cells = .allocate(capacity: max(index.count, 1))
        for entry in 0..<index.count { (cells + entry).initialize(to: Atomic(nil)) }
    }

    deinit {
        for entry in 0..<index.count {
            cells[entry].load(ordering: .acquiring)?.release()
        }
        cells.deinitialize(count: index.count)
        cells.deallocate()
    }

    @inline(__always)
    func value(forKey key: String) -> ResolvedValue? {
        guard let entry = index.entry(for: key) else { return nil }
        return value(at: entry)
    }

    /// Read without retaining the cell's value (this handle holds it), so two threads on one handle write to nothing
    /// shared.
    @inline(__always)
    func text(forKey key: String) -> String? {
        guard let entry = index.entry(for: key) else { return nil }
        if let stored = cells[entry].load(ordering: .acquiring) { return stored._withUnsafeGuaranteedRef { $0.text } }
        return makeValue(at: entry)?.text
    }

    enum ShortRender {
        case text(String)
        case miss
        /// Not on the short path (or not built yet): render the entry's value the general way.
        case general(entry: Int)
    }

    /// ``RenderProgram/text(for:)`` of `key`'s value, retaining nothing on the way.
    @inline(__always)
    func shortRender<Arguments: RandomAccessCollection<FormatArgument>>(
        forKey key: String, _ arguments: Arguments
    ) -> ShortRender where Arguments.Index == Int {
        guard let entry = index.entry(for: key) else { return .miss }
        guard let stored = cells[entry].load(ordering: .acquiring) else { return .general(entry: entry) }
        let text = stored._withUnsafeGuaranteedRef { resolved in
            resolved.withCompiled { compiled in compiled.text(for: arguments) }
        }
        if let text { return .text(text) }
        return .general(entry: entry)
    }

    var all: [String: ResolvedValue] {
        var result: [String: ResolvedValue] = [:]
        result.reserveCapacity(index.count)
        for entry in 0..<index.count {
            if let value = value(at: entry) { result[index.key(at: entry)] = value }
        }
        return result
    }

    @inline(__always)
    func value(at entry: Int) -> ResolvedValue? {
        if let stored = cells[entry].load(ordering: .acquiring) { return stored.takeUnretainedValue() }
        return makeValue(at: entry)
    }

    private func makeValue(at entry: Int) -> ResolvedValue? {
        let answer = answers[entry]
        guard answer.layer >= 0, Int(answer.layer) < layers.count else { return nil }
        let layer = layers[Int(answer.layer)]
        let key = index.key(at: entry)
        let value: CatalogValue?
        switch layer.source {
        case .shipped(let table), .overlay(.catalog(let table)):
            value = table.value(forKey: key)
        case .overlay(.text(let strings, let plurals)):
            if answer.entry >= 0, let strings, Int(answer.entry) < strings.entries.count {
                value = .string(strings.string(strings.entries[Int(answer.entry)].value))
            } else {
                value = plurals[key].map(CatalogValue.plural)
            }
        }
        guard let value else { return nil }
        return store(ResolvedValue(value: value, layer: layer.kind, locale: layer.locale, revision: layer.revision,
                                   device: device), at: entry)
    }

    /// A thread that lost the race takes the winner's value.
    private func store(_ value: ResolvedValue, at entry: Int) -> ResolvedValue {
        let built = Unmanaged.passRetained(value)
        let (exchanged, original) = cells[entry].compareExchange(
            expected: nil, desired: built, ordering: .acquiringAndReleasing)
        guard !exchanged, let original else { return built.takeUnretainedValue() }
        built.release()
        return original.takeUnretainedValue()
    }
}

extension MergedTableValues {
    /// Merges the chain per key (each locale's overlay, then shipped; the first with the key answers), reading an
    /// overlay table only while some key could still take an answer from it. Overlay keys outside the known keys (the
    /// development table's, else `translatedKeys`) are not served. Within a table `.stringsdict` wins over `.strings`
    /// and the last duplicate wins, as in the catalog loader.
    static func merge(
        table tableName: String, chain: [String], shipped: CatalogModule?, developmentTable: CatalogTable?,
        translatedKeys: @autoclosure () -> CatalogTable?, overlays: OverlayModules, overlayModule moduleName: String,
        device: String
    ) -> MergedTableValues {
        let knownKeys = developmentTable ?? translatedKeys()
        var merger = Merger(capacity: (knownKeys?.plurals.count ?? 0) + (knownKeys?.strings.count ?? 0))
        var layers: [Layer] = []
        // The development keys come first: the only entries an overlay may answer.
        for key in knownKeys?.plurals.keys ?? [:].keys { _ = merger.builder.insert(key) }
        for key in knownKeys?.strings.keys ?? [:].keys { _ = merger.builder.insert(key) }
        merger.startAnswering()

        let developmentRegion = shipped?.developmentRegion ?? "en"
        let revision = overlays.listing(moduleName)?.revision.revision
        for locale in chain {
            if merger.unanswered > 0, let table = overlays.table(tableName, module: moduleName, locale: locale) {
                let layer = Int32(layers.count)
                layers.append(Layer(kind: .overlay, locale: locale, revision: revision, source: .overlay(table)))
                switch table {
                case .catalog(let catalogTable):
                    for key in catalogTable.plurals.keys { merger.answerKnown(key, layer: layer) }
                    for key in catalogTable.strings.keys { merger.answerKnown(key, layer: layer) }
                case .text(let strings, let plurals):
                    for key in plurals.keys { merger.answerKnown(key, layer: layer) }
                    strings?.forEachKeyReversed(&merger) { merger, position, key in  // the last duplicate wins
                        merger.answerKnown(merger.builder.entry(utf8: key), layer: layer, entry: Int32(position))
                    }
                }
            }
            guard let shipped,
                let table = locale == developmentRegion
                    ? developmentTable : LocalizerSnapshot.table(tableName, of: shipped, locale: locale)
            else { continue }
            let layer = Int32(layers.count)
            layers.append(Layer(kind: .shipped, locale: locale, revision: nil, source: .shipped(table)))
            if locale == developmentRegion, developmentTable != nil {
                merger.answerEveryKnownKey(layer: layer)
                continue
            }
            for key in table.plurals.keys { merger.answerShipped(key, layer: layer) }
            for key in table.strings.keys { merger.answerShipped(key, layer: layer) }
        }
        return MergedTableValues(index: KeyIndex(merger.builder), answers: merger.answers, layers: layers, device: device)
    }

    private struct Merger {
        var builder: KeyIndex.Builder
        var answers: [Answer] = []
        /// Entries below it are the development keys.
        var knownCount = 0
        var unanswered = 0

        init(capacity: Int) { builder = KeyIndex.Builder(capacity: capacity) }

        mutating func startAnswering() {
            knownCount = builder.entryCount
            answers = Array(repeating: .none, count: knownCount)
            unanswered = knownCount
        }

        mutating func answerKnown(_ key: String, layer: Int32) {
            answerKnown(builder.entry(for: key), layer: layer, entry: -1)
        }

        /// Only for a development key not answered yet.
        mutating func answerKnown(_ found: Int?, layer: Int32, entry: Int32) {
            guard let found, found < knownCount, answers[found].layer < 0 else { return }
            answers[found] = Answer(layer: layer, entry: entry)
            unanswered -= 1
        }

        mutating func answerEveryKnownKey(layer: Int32) {
            for entry in 0..<knownCount where answers[entry].layer < 0 { answers[entry] = Answer(layer: layer, entry: -1) }
            unanswered = 0
        }

        /// Any key; new ones are added.
        mutating func answerShipped(_ key: String, layer: Int32) {
            let (found, inserted) = builder.insert(key)
            if inserted {
                answers.append(Answer(layer: layer, entry: -1))
            } else if answers[found].layer < 0 {
                answers[found] = Answer(layer: layer, entry: -1)
                if found < knownCount { unanswered -= 1 }
            }
        }
    }
}
