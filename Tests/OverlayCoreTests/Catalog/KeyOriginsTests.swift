import Testing
@testable import OverlayCore

/// A table's key origins, packed (file position and line in 8 bytes): every origin reads back as it was set.
@Suite struct KeyOriginsTests {
    @Test func originsReadBackAsTheyWereSet() {
        var origins = KeyOrigins()
        origins["a"] = KeyOrigin(file: "M/fr.lproj/Localizable.strings", line: 3)
        origins["b"] = KeyOrigin(file: "M/fr.lproj/Localizable.stringsdict", line: 12)
        origins["c"] = KeyOrigin(file: "M/fr.lproj/Localizable.strings")
        #expect(origins.count == 3)
        #expect(origins["a"] == KeyOrigin(file: "M/fr.lproj/Localizable.strings", line: 3))
        #expect(origins["b"] == KeyOrigin(file: "M/fr.lproj/Localizable.stringsdict", line: 12))
        #expect(origins["c"] == KeyOrigin(file: "M/fr.lproj/Localizable.strings", line: nil))
        #expect(origins["d"] == nil)

        let previous = origins.updateValue(KeyOrigin(file: "M/Base.lproj/Localizable.strings", line: 4_000_000_000), forKey: "a")
        #expect(previous == KeyOrigin(file: "M/fr.lproj/Localizable.strings", line: 3))
        #expect(origins["a"] == KeyOrigin(file: "M/Base.lproj/Localizable.strings", line: 4_000_000_000))
        origins["b"] = nil
        #expect(origins.count == 2 && origins["b"] == nil)
    }

    @Test func equalityIsByOriginNotByFileNumbering() {
        let one = KeyOrigin(file: "one.strings", line: 1)
        let two = KeyOrigin(file: "two.strings", line: 2)
        var first = KeyOrigins()
        first["x"] = one
        first["y"] = two
        var second = KeyOrigins()
        second["y"] = two  // "two.strings" numbered first here
        second["x"] = one
        #expect(first == second)
        #expect(first == KeyOrigins(["x": one, "y": two]))
        second["x"] = KeyOrigin(file: "one.strings", line: 9)
        #expect(first != second)
    }
}
