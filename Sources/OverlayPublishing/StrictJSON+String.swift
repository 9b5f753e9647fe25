import Foundation
package import OverlayCore

extension StrictJSON {
    /// Parses one JSON document from a string (encoded as UTF-8): the tools' and tests' convenience; a client reads
    /// its JSON from files, as `Data`.
    package static func parse(_ text: String, limits: ParseLimits = .default) throws(JSONError) -> JSONValue {
        try parse(Data(text.utf8), limits: limits)
    }
}
