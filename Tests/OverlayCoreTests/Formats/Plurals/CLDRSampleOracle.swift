import Foundation
import OverlayCore

/// Reads the CLDR plural XML directly (not the generated Swift data) and expands every sample.
enum CLDRSampleOracle {
    static let supplemental = URL(fileURLWithPath: "/usr/share/unicode/cldr/common/supplemental")
    static let missingMessage = "CLDR 41 data is missing at /usr/share/unicode/cldr; run `apt-get install unicode-cldr-core`"

    /// One rule group as written in the XML.
    struct Group {
        var localeIDs: [String]
        /// Category → expanded samples.
        var samples: [(category: PluralCategory, numbers: [String])]
        /// Category → rule text as written, samples included.
        var conditions: [PluralCategory: String]
    }

    static func groups(file: String) throws -> [Group] {
        let text = try String(contentsOf: supplemental.appendingPathComponent(file), encoding: .utf8)
        var groups: [Group] = []
        for chunk in text.components(separatedBy: "<pluralRules locales=\"").dropFirst() {
            let localeIDs = chunk.prefix { $0 != "\"" }.split(separator: " ").map(String.init)
            let body = chunk.components(separatedBy: "</pluralRules>")[0]
            var samples: [(PluralCategory, [String])] = []
            var conditions: [PluralCategory: String] = [:]
            for ruleChunk in body.components(separatedBy: "<pluralRule count=\"").dropFirst() {
                let countName = String(ruleChunk.prefix { $0 != "\"" })
                guard let category = PluralCategory(rawValue: countName),
                      let open = ruleChunk.firstIndex(of: ">"),
                      let close = ruleChunk.range(of: "</pluralRule>")
                else { throw OracleError(message: "cannot read a rule in \(file): \(ruleChunk.prefix(60))") }
                let ruleText = ruleChunk[ruleChunk.index(after: open)..<close.lowerBound]
                samples.append((category, try expand(String(ruleText))))
                conditions[category] = String(ruleText)
            }
            groups.append(Group(localeIDs: localeIDs, samples: samples, conditions: conditions))
        }
        return groups
    }

    /// Expands `@integer`/`@decimal` lists: `a~b` stepped at the endpoints' precision, `…` skipped.
    static func expand(_ rule: String) throws -> [String] {
        var numbers: [String] = []
        for section in rule.components(separatedBy: "@").dropFirst() {
            let items = section.drop { $0.isLetter }.split(separator: ",")
            for item in items.map({ $0.trimmingCharacters(in: .whitespaces) }) where item != "…" && !item.isEmpty {
                let bounds = item.split(separator: "~").map(String.init)
                if bounds.count == 1 {
                    numbers.append(item)
                } else {
                    numbers += try range(bounds[0], bounds[1])
                }
            }
        }
        return numbers
    }

    static func range(_ low: String, _ high: String) throws -> [String] {
        func scaled(_ text: String) throws -> (value: Int, precision: Int) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, !text.contains("c"), !text.contains("e"),
                  let value = Int(parts.joined())
            else { throw OracleError(message: "unsupported sample range bound \(text)") }
            return (value, parts.count == 2 ? parts[1].count : 0)
        }
        let (a, precision) = try scaled(low)
        let (b, highPrecision) = try scaled(high)
        guard precision == highPrecision, a <= b else { throw OracleError(message: "bad sample range \(low)~\(high)") }
        return (a...b).map { value in
            guard precision > 0 else { return String(value) }
            let digits = String(repeating: "0", count: max(0, precision + 1 - String(value).count)) + String(value)
            return "\(digits.dropLast(precision)).\(digits.suffix(precision))"
        }
    }

    struct OracleError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
