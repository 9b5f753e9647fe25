import Testing
@testable import OverlayCore

@Suite struct SlotMapTests {
    @Test("signatures of plain strings", arguments: [
        ("Title", ""),
        ("Hello, %@!", "1:object"),
        ("%@ has %ld", "1:object,2:int64"),
        ("%2$ld then %1$@", "1:object,2:int64"),
        ("%*d", "1:int32,2:int32"),
        ("%*.*Lf", "1:int32,2:int32,3:longdouble"),
        ("%1$*2$ld", "1:int64,2:int32"),
        ("%d %i %c %hd %hhd", "1:int32,2:int32,3:int32,4:int32,5:int32"),
        ("%ld %lld %qd %zd %jd %td %D %lc", "1:int64,2:int64,3:int64,4:int64,5:int64,6:int64,7:int64,8:int64"),
        ("%u %x %X %o", "1:uint32,2:uint32,3:uint32,4:uint32"),
        ("%lu %llx %U %O", "1:uint64,2:uint64,3:uint64,4:uint64"),
        ("%f %F %e %E %g %G %a %A %lf", "1:double,2:double,3:double,4:double,5:double,6:double,7:double,8:double,9:double"),
        ("%C %s %S %p %P", "1:unichar,2:cstring,3:unistring,4:pointer,5:pointer"),
        ("%{user} has %ld", "1:int64,name:user"),
        ("%{b} %{a} %{B} %{a}", "name:B,name:a,name:b"),
        ("%5$@", "5:object"),
        ("%% %{x", ""),
    ])
    func signature(format: String, expected: String) {
        #expect(SlotMap(format).signature == expected)
    }

    @Test func classNamesAreTheSourceHashSpelling() {
        #expect(ArgumentClass.allCases.map(\.rawValue) == [
            "object", "int32", "int64", "uint32", "uint64", "double", "longdouble", "unichar", "cstring", "unistring",
            "pointer",
        ])
    }

    @Test func pluralTokenTakesTheValueTypeClass() {
        let entry = StringsdictEntry.format(
            PluralFormat(format: "%#@v@", variables: ["v": PluralVariable(valueType: "ld", forms: [.one: "%ld item", .other: "%ld items"])]))
        #expect(SlotMap(entry: entry).signature == "1:int64")
    }

    @Test func variantSequentialSpecifiersStartAtTheTokenSlot() {
        let entry = StringsdictEntry.format(
            PluralFormat(
                format: "%@ has %#@files@ in %#@folders@",
                variables: [
                    "files": PluralVariable(valueType: "lu", forms: [.other: "%lu files"]),
                    "folders": PluralVariable(valueType: "d", forms: [.one: "one folder", .other: "%3$d folders by %1$@"]),
                ]))
        let map = SlotMap(entry: entry)
        #expect(map.signature == "1:object,2:uint64,3:int32")
        #expect(map.issues.isEmpty)
    }

    @Test func nestedVariablesAndNamesAreFollowed() {
        let entry = StringsdictEntry.format(
            PluralFormat(
                format: "%1$#@outer@",
                variables: [
                    "outer": PluralVariable(valueType: "ld", forms: [.other: "%1$ld and %2$#@inner@ for %{who}"]),
                    "inner": PluralVariable(valueType: "f", forms: [.other: "%.1f km"]),
                ]))
        #expect(SlotMap(entry: entry).signature == "1:int64,2:double,name:who")
    }

    @Test func cyclesAreNotFollowedForever() {
        let entry = StringsdictEntry.format(
            PluralFormat(
                format: "%#@a@",
                variables: [
                    "a": PluralVariable(valueType: "d", forms: [.other: "%#@b@"]),
                    "b": PluralVariable(valueType: "d", forms: [.other: "%#@a@"]),
                ]))
        #expect(SlotMap(entry: entry).signature == "1:int32")
    }

    @Test func widthAndDeviceRulesAreTheUnionOfTheirVariants() {
        let width = StringsdictEntry.width([20: "%@", 40: "%@ (%ld)"])
        #expect(SlotMap(entry: width).signature == "1:object,2:int64")
        let device = StringsdictEntry.device([
            "mac": .text("%{app} on a Mac"),
            "iphone": .format(PluralFormat(format: "%#@n@", variables: ["n": PluralVariable(valueType: "d", forms: [.other: "%d"])])),
        ])
        #expect(SlotMap(entry: device).signature == "1:int32,name:app")
    }

    @Test func variantReadingItsSlotWithAnotherTypeIsAWarning() {
        let entry = StringsdictEntry.format(
            PluralFormat(format: "%#@n@", variables: ["n": PluralVariable(valueType: "ld", forms: [.other: "%d items"])]))
        let map = SlotMap(entry: entry)
        #expect(map.issues.map(\.code) == [.variantTypeMismatch])
        #expect(map.issues.first?.severity == .warning)
        #expect(map.signature == "1:int64")
    }

    @Test func variantSpecifiersStartAtTheTokenSlotAndPositionalOnesAreAbsolute() {
        // `%#@names@%#@count@`: count's variants print names' argument as %1$@ and their own as %ld.
        let entry = StringsdictEntry.format(
            PluralFormat(
                format: "%#@names@%#@count@",
                variables: [
                    "names": PluralVariable(valueType: "ld", forms: [.one: "", .other: ""]),
                    "count": PluralVariable(
                        valueType: "ld", forms: [.one: "Followed by %1$@", .other: "Followed by %1$@, and %ld others"]),
                ]))
        let map = SlotMap(entry: entry)
        #expect(map.signature == "1:object,2:int64")
        #expect(!map.issues.contains { $0.severity == .error }, "\(map.issues)")
        #expect(map.issues.map(\.code) == [.consumingVariable])
    }

    @Test func aVariableThatPicksItsTextFromAMisreadArgumentIsAnError() {
        let entry = StringsdictEntry.format(
            PluralFormat(
                format: "%#@names@%#@count@",
                variables: [
                    "names": PluralVariable(valueType: "ld", forms: [.one: "one", .other: "many"]),
                    "count": PluralVariable(valueType: "ld", forms: [.other: "by %1$@ and %ld others"]),
                ]))
        let map = SlotMap(entry: entry)
        #expect(map.signature == "1:object,2:int64")
        #expect(map.issues.map(\.code) == [.conflictingSlot])
    }

    @Test func oneSlotReadTwiceWithAnotherClassIsAnError() {
        let map = SlotMap("%1$@ %1$d")
        #expect(map.issues.map(\.code) == [.conflictingSlot])
        #expect(map.issues.first?.offset == 5)
    }

    @Test func missingVariableIsReported() {
        let entry = StringsdictEntry.format(PluralFormat(format: "%#@nope@ %d", variables: [:]))
        let map = SlotMap(entry: entry)
        #expect(map.issues.map(\.code) == [.unknownVariable])
        #expect(map.signature == "2:int32")
    }

    @Test func plainStringReadsAVariableTokenAsAnObject() {
        #expect(SlotMap("%#@v@").signature == "1:object")
    }

    /// `overlay resolve --count` fills these; nested tokens count at their own slot, specifiers never.
    @Test func variablePositionsAreTheSlotsTokensRead() {
        let entry = StringsdictEntry.format(PluralFormat(
            format: "%#@names@%#@count@",
            variables: [
                "names": PluralVariable(valueType: "ld", forms: [.other: ""]),
                "count": PluralVariable(valueType: "ld", forms: [.one: "Followed by %1$@", .other: "Followed by %1$@, and %ld others %#@more@"]),
                "more": PluralVariable(valueType: "ld", forms: [.other: "(%ld)"]),
            ]))
        #expect(SlotMap(entry: entry).variablePositions == [1, 2, 3])
        #expect(SlotMap("%@ and %#@v@").variablePositions == [2])
        #expect(SlotMap("%@ and %ld").variablePositions.isEmpty)
    }
}
