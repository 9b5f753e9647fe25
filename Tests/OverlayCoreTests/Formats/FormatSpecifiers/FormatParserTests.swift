import Testing
@testable import OverlayCore

@Suite struct FormatParserTests {
    @Test func parsesEveryPartOfASpecifier() throws {
        let spec = try #require(FormatParser.parse("x%2$-+05.3lldy").specifiers.first)
        #expect(spec.offset == 1)
        #expect(spec.length == 12)
        #expect(spec.text == "%2$-+05.3lld")
        #expect(spec.position == 2)
        #expect(spec.flags == [.leftAlign, .plus, .zeroPad])
        #expect(spec.width == .fixed(5))
        #expect(spec.precision == .fixed(3))
        #expect(spec.lengthModifier == .ll)
        #expect(spec.conversion == "d")
        #expect(spec.argumentClass == .int64)
    }

    @Test("star widths and precisions", arguments: [
        ("%*d", FormatSpecifier.Amount.nextArgument, FormatSpecifier.Amount?.none),
        ("%1$*2$d", .argument(2), nil),
        ("%.*f", nil, .nextArgument),
        ("%3$.*1$f", nil, .argument(1)),
        ("%.f", nil, .fixed(0)),
    ] as [(String, FormatSpecifier.Amount?, FormatSpecifier.Amount?)])
    func starAmounts(format: String, width: FormatSpecifier.Amount?, precision: FormatSpecifier.Amount?) throws {
        let spec = try #require(FormatParser.parse(format).specifiers.first)
        #expect(spec.width == width)
        #expect(spec.precision == precision)
    }

    @Test func tokensComeInOrder() {
        let parsed = FormatParser.parse("A %@ 100%% %{user} %2$#@count@ z")
        #expect(parsed.tokens.count == 9)
        #expect(parsed.tokens[0] == .literal("A "))
        #expect(parsed.tokens[2] == .literal(" 100"))
        #expect(parsed.tokens[3] == .percent(offset: 8))
        #expect(parsed.tokens[5] == .named(name: "user", offset: 11))
        #expect(parsed.tokens[7] == .variable(FormatVariableToken(name: "count", position: 2, offset: 19, length: 11)))
    }

    @Test func variableTokens() {
        let parsed = FormatParser.parse("%#@files@ in %3$#@folders_2@")
        #expect(parsed.variables == [
            FormatVariableToken(name: "files", position: nil, offset: 0, length: 9),
            FormatVariableToken(name: "folders_2", position: 3, offset: 13, length: 15),
        ])
        #expect(parsed.issues.map(\.code) == [.mixedPositional])
    }

    @Test("variable tokens as CF's __CFParseFormatSpec reads them", arguments: [
        // Flags, a width and N$ may stand in any order before #@; the width is ignored.
        ("%1#@count@", "count", nil),
        ("%1$#@count@", "count", 1),
        ("%#1$@count@", "count", 1),
        ("%#-@count@", "count", nil),
        ("%2$1#@count@", "count", 2),
    ] as [(String, String, Int?)])
    func variableTokensAsCFReadsThem(format: String, name: String, position: Int?) {
        let parsed = FormatParser.parse(format)
        #expect(parsed.variables.map(\.name) == [name])
        #expect(parsed.variables.first?.position == position)
        #expect(parsed.variables.first?.length == format.unicodeScalars.count)
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
    }

    @Test func aBrokenTokenIsTheOrdinarySpecifierCFReadsInstead() throws {
        // A space ends the name: CF then reads `%# @sites @` as one %@, which consumes an argument.
        let spaced = FormatParser.parse("x %# @sites @ y")
        let object = try #require(spaced.specifiers.first)
        #expect(spaced.variables.isEmpty)
        #expect(object.text == "%# @sites @")
        #expect(object.conversion == "@")
        #expect(spaced.issues.map(\.code) == [.brokenVariableToken])
        #expect(SlotMap("x %# @sites @ y").signature == "1:object")
        // After the break CF reads on: `i` is an integer conversion, the rest is text.
        let word = FormatParser.parse("%#@count items@")
        #expect(word.specifiers.map(\.text) == ["%#@count i"])
        #expect(word.tokens.last == .literal("tems@"))
        #expect(SlotMap("%#@count items@").signature == "1:int32")
    }

    @Test func aSpaceFlagOnAnObjectIsAWarningBecauseCFIgnoresIt() {
        let issues = FormatParser.parse("Von % @").issues
        #expect(issues.map(\.code) == [.spacedObject])
        #expect(issues.first?.severity == .warning)
        #expect(SlotMap("Von % @").signature == "1:object")
        // Every other conversion with a space flag is prose that consumes an argument.
        #expect(FormatParser.parse("50% off").issues.map(\.code) == [.accidentalSpecifier])
    }

    @Test func mixingIsWellDefinedInsideAVariantOnly() {
        #expect(FormatParser.parse("*%2$@, %3$@* and *%d others*", inVariant: true).issues.isEmpty)
        #expect(FormatParser.parse("*%2$@, %3$@* and *%d others*").issues.map(\.code) == [.mixedPositional])
    }

    @Test("issues with codes and offsets", arguments: [
        ("Done: %n", FormatIssue.Code.writeBack, 6),
        ("100%", .trailingPercent, 3),
        ("%1$", .trailingPercent, 0),
        ("ab %-5", .trailingPercent, 3),
        ("%k", .unknownConversion, 0),
        ("x %5k", .unknownConversion, 2),
        ("100%!", .strayPercent, 3),
        ("50%. Done", .strayPercent, 2),
        ("%{1x}", .strayPercent, 0),
        ("%{name", .strayPercent, 0),
        ("%#@@", .strayPercent, 0),
        ("%#@na-me@", .brokenVariableToken, 0),
        ("%@ %1$@", .mixedPositional, 3),
        ("%1$@ %@", .mixedPositional, 5),
        ("%1$*d", .mixedPositional, 0),
        ("%128$@", .positionOutOfRange, 0),
        ("%0$@", .positionOutOfRange, 0),
        ("%1$*200$d", .positionOutOfRange, 0),
        ("%s", .pointerArgument, 0),
        ("%S", .pointerArgument, 0),
        ("%P", .pointerArgument, 0),
        ("%p", .pointerArgument, 0),
        ("100% sure", .accidentalSpecifier, 3),
        ("Save 50% off today: %d left", .accidentalSpecifier, 7),
    ] as [(String, FormatIssue.Code, Int)])
    func reportsIssue(format: String, code: FormatIssue.Code, offset: Int) throws {
        let issues = FormatParser.parse(format).issues
        let issue = try #require(issues.first { $0.code == code }, "\(issues)")
        #expect(issue.offset == offset)
        #expect(!issue.message.isEmpty)
        #expect(issue.severity == (code == .pointerArgument ? .warning : .error))
    }

    @Test("well-formed strings have no issues", arguments: [
        "Title", "Hello, %@!", "%1$@ %2$ld", "%ld%%", "%%{x}", "%{user_1} and %{_x}", "%#@v@", "%5.2f", "%-10@",
        "%+d", "%02d:%02d", "%lu %llu %qd %zd %td %jd %hhd %hd %Lf %C %c %x %X %o %e %E %g %G %a %A %i %D %U %O",
        "%*d", "%1$*2$d",
    ])
    func cleanStrings(format: String) {
        #expect(FormatParser.parse(format).issues.isEmpty)
    }

    @Test func accidentalSpecifierStillConsumesItsArgument() {
        let parsed = FormatParser.parse("Save 50% off today: %d left")
        #expect(parsed.specifiers.map(\.text) == ["% o", "%d"])
        #expect(SlotMap(parsed).signature == "1:uint32,2:int32")
        let sure = FormatParser.parse("100% sure")
        #expect(sure.specifiers.map(\.text) == ["% s"])
        #expect(sure.issues.contains { $0.severity == .error })
    }

    @Test func malformedPercentStaysLiteral() {
        let parsed = FormatParser.parse("a %k b")
        #expect(parsed.tokens == [.literal("a %k b")])
    }

    @Test func offsetsCountUnicodeScalars() throws {
        let spec = try #require(FormatParser.parse("é👍🏽 %@").specifiers.first)
        #expect(spec.offset == 4)
    }

    @Test func hugePositionsSaturateInsteadOfOverflowing() {
        let parsed = FormatParser.parse("%99999999999999999999999$@")
        #expect(parsed.issues.map(\.code) == [.positionOutOfRange])
    }

    @Test("value types", arguments: [
        ("d", ArgumentClass?.some(.int32)), ("ld", .int64), ("lld", .int64), ("lu", .uint64), ("u", .uint32),
        ("f", .double), ("lf", .double), ("zd", .int64), ("@", nil), ("%d", nil), ("", nil), ("d ", nil),
        ("5d", nil), ("s", nil), ("c", nil), ("k", nil), ("#@x@", nil),
    ] as [(String, ArgumentClass?)])
    func valueTypes(valueType: String, expected: ArgumentClass?) {
        #expect(FormatParser.valueType(valueType)?.argumentClass == expected)
    }
}

extension FormatString {
    /// The specifiers in order (the library walks the tokens themselves).
    var specifiers: [FormatSpecifier] {
        tokens.compactMap { if case .specifier(let spec) = $0 { spec } else { nil } }
    }
}
