import Foundation
@testable import OverlayCore
import OverlayPublishing

extension StringsdictReader {
    /// The tests' strict reading: any entry that breaks a rule throws (the client's `readFile` keeps the others).
    static func read(_ data: Data) throws(StringsdictError) -> [String: StringsdictEntry] {
        let file = try readFile(data)
        if let first = file.rejected.first { throw first.error }
        return file.dictionary
    }
}
