extension LocalizedTable {
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

    /// Merges the chain per key (each locale's overlay, then shipped; the first with the key answers), reading an
    /// overlay table only while some key could still take an answer from it. Overlay keys outside the known keys (the
    /// development table's, else `translatedKeys`) are not served. Within a table `.stringsdict` wins over `.strings`
    /// and the last duplicate wins, as in the catalog loader.
    static func merge(
        table tableName: String, chain: [String], shipped: CatalogModule?, developmentTable: CatalogTable?,
        translatedKeys: @autoclosure () -> CatalogTable?, overlays: OverlayModules, overlayModule moduleName: String
    ) -> (KeyIndex, [Answer], [Layer]) {
        let knownKeys = developmentTable ?? translatedKeys()
        var merger = Merger(capacity: (knownKeys?.plurals.count ?? 0) + (knownKeys?.strings.count ?? 0))
        var layers: [Layer] = []
        // The development keys come first: the only entries an overlay may answer.
        for key in knownKeys?.plurals.keys ?? [:].keys { _ = merger.keys.insert(key) }
        for key in knownKeys?.strings.keys ?? [:].keys { _ = merger.keys.insert(key) }
        merger.startAnswering()

        let developmentRegion = shipped?.developmentRegion ?? "en"
        let revision = overlays.listing(moduleName)?.revision.revision
        for locale in chain {
            if merger.unanswered > 0 {
                overlays.forEachTable(tableName, module: moduleName, locale: locale) { table in
                    let layer = Int32(layers.count)
                    layers.append(Layer(kind: .overlay, locale: locale, revision: revision, source: .overlay(table)))
                    for key in table.plurals.keys { merger.answerKnown(key, layer: layer) }
                    table.strings?.forEachKeyReversed(&merger) { merger, position, key in  // the last duplicate wins
                        merger.answerKnown(merger.keys.entry(utf8: key), layer: layer, entry: Int32(position))
                    }
                }
            }
            guard let shipped,
                let table = locale == developmentRegion
                    ? developmentTable : shipped.table(tableName, locale: locale)
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
        return (merger.keys, merger.answers, layers)
    }

    private struct Merger {
        let keys: KeyIndex
        var answers: [Answer] = []
        /// Entries below it are the development keys.
        var knownCount = 0
        var unanswered = 0

        init(capacity: Int) { keys = KeyIndex(capacity: capacity) }

        mutating func startAnswering() {
            knownCount = keys.count
            answers = Array(repeating: .none, count: knownCount)
            unanswered = knownCount
        }

        mutating func answerKnown(_ key: String, layer: Int32) {
            answerKnown(keys.entry(for: key), layer: layer, entry: -1)
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
            let (found, inserted) = keys.insert(key)
            if inserted {
                answers.append(Answer(layer: layer, entry: -1))
            } else if answers[found].layer < 0 {
                answers[found] = Answer(layer: layer, entry: -1)
                if found < knownCount { unanswered -= 1 }
            }
        }
    }
}
