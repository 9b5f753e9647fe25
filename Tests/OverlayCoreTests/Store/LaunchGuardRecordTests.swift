import Foundation
import Testing
@testable import OverlayCore

@Suite struct LaunchGuardRecordTests {
    static let set = ["App": String(repeating: "a", count: 64), "Checkout": String(repeating: "b", count: 64)]

    @Test func theRecordReadsBackAsWritten() throws {
        var record = LaunchGuardRecord()
        record.trial = Self.set
        record.launches = 2
        record.knownGood = ["App": Self.set["App"]!]
        record.crashed = ["Checkout": [String(repeating: "d", count: 64)]]
        record.rollbacks = [
            LaunchRollback(module: "Checkout", fromSHA256: String(repeating: "d", count: 64), fromRevision: 4,
                           toSHA256: nil, toRevision: nil, launches: 3, at: Date(timeIntervalSince1970: 1_800_000_000)),
        ]
        let decoded = try LaunchGuardRecord(json: Data(record.json.serialized().utf8))
        #expect(decoded == record)
        #expect(decoded.rollbacks[0].reason.contains("Checkout: revision 4 (dddddddddddd) returned to the shipped strings after 3 launches"))
    }

    @Test("a record that is not ours reads as none", arguments: ["", "{}", #"{"format_version":2}"#, "garbage"])
    func foreignRecord(text: String) {
        #expect((try? LaunchGuardRecord(json: Data(text.utf8))) == nil)
    }
}
