package import OverlayCore

extension StringsFile {
    /// The table as a dictionary, the last duplicate winning as in Apple's run time: what the benchmarks, the fuzzer
    /// and the tests compare with Foundation's reading (the client keeps a table's entries, or its byte ranges).
    package var dictionary: [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries { result[entry.key] = entry.value }
        return result
    }
}

extension StringsdictFile {
    /// The entries by key, the last duplicate winning.
    package var dictionary: [String: StringsdictEntry] {
        Dictionary(entries.map { ($0.key, $0.entry) }, uniquingKeysWith: { _, last in last })
    }
}
