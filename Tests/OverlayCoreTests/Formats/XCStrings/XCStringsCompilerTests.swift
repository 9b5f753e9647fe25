import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

@Suite struct XCStringsCompilerTests {
    @Test("plain strings: key as source text, shouldTranslate:false only in the source, every state compiled")
    func plainStrings() throws {
        let tables = try loadCatalog("plain-strings-states-and-should-translate.xcstrings").compile()
        #expect(tables == [
            "en": XCStringsCompiledTable(strings: [
                "": "", "Cancel": "Cancel", "Hello, %@!": "Hello, %@!", "OldTitle": "OldTitle",
                "settings.title": "Settings", "ACME Corp": "ACME Corp",
            ]),
            "de": XCStringsCompiledTable(strings: [
                "Cancel": "Abbrechen", "Hello, %@!": "Hallo, %@!", "OldTitle": "Alter Titel",
                "settings.title": "Einstellungen",
            ]),
            "fr": XCStringsCompiledTable(strings: ["Cancel": "Annuler"]),
        ])
    }

    @Test("plural variations: one generated variable typed from the source's specifier and slot")
    func plural() throws {
        let tables = try loadCatalog("plural-variations-with-value-types.xcstrings").compile()
        #expect(tables["en"] == XCStringsCompiledTable(stringsdict: [
            "%lld items": .format(PluralFormat(format: "%#@arg1@", variables: [
                "arg1": PluralVariable(valueType: "lld", forms: [.one: "%lld item", .other: "%lld items"]),
            ])),
            "inbox.unread": .format(PluralFormat(format: "%2$#@arg2@", variables: [
                "arg2": PluralVariable(valueType: "d", forms: [
                    .one: "%1$@ has one unread message", .other: "%1$@ has %2$d unread messages",
                ]),
            ])),
        ]))
        #expect(tables["ru"] == XCStringsCompiledTable(stringsdict: [
            "%lld items": .format(PluralFormat(format: "%#@arg1@", variables: [
                "arg1": PluralVariable(valueType: "lld", forms: [
                    .one: "%lld элемент", .few: "%lld элемента", .many: "%lld элементов", .other: "%lld элемента",
                ]),
            ])),
        ]))
        #expect(tables["de"]?.stringsdict["inbox.unread"] == .format(PluralFormat(format: "%2$#@arg2@", variables: [
            "arg2": PluralVariable(valueType: "d", forms: [
                .one: "%1$@ hat eine ungelesene Nachricht", .other: "%1$@ hat %2$d ungelesene Nachrichten",
            ]),
        ])))
        #expect(tables.keys.sorted() == ["de", "en", "ru"])
    }

    @Test("device variations become a device rule of plain texts")
    func device() throws {
        let tables = try loadCatalog("device-variations.xcstrings").compile()
        #expect(tables == [
            "en": XCStringsCompiledTable(stringsdict: [
                "Tap to continue": .device([
                    "applewatch": .text("Tap"), "mac": .text("Click to continue"), "other": .text("Tap to continue"),
                ]),
            ]),
            "fr": XCStringsCompiledTable(stringsdict: [
                "Tap to continue": .device([
                    "mac": .text("Cliquez pour continuer"), "other": .text("Touchez pour continuer"),
                ]),
            ]),
        ])
    }

    @Test("device containing plural becomes a device rule of plural formats")
    func devicePlural() throws {
        let tables = try loadCatalog("device-containing-plural.xcstrings").compile()
        #expect(tables == [
            "en": XCStringsCompiledTable(stringsdict: [
                "%lld photos selected": .device([
                    "iphone": .format(PluralFormat(format: "%#@arg1@", variables: [
                        "arg1": PluralVariable(valueType: "lld", forms: [.one: "%lld photo", .other: "%lld photos"]),
                    ])),
                    "other": .format(PluralFormat(format: "%#@arg1@", variables: [
                        "arg1": PluralVariable(valueType: "lld", forms: [
                            .one: "%lld photo selected", .other: "%lld photos selected",
                        ]),
                    ])),
                ]),
            ]),
        ])
    }

    @Test("substitutions become variables; %arg becomes the positional specifier; %% stays")
    func substitutions() throws {
        let tables = try loadCatalog("substitutions-two-plurals-with-arg.xcstrings").compile()
        #expect(tables == [
            "en": XCStringsCompiledTable(stringsdict: [
                "%lld files in %lld folders": .format(PluralFormat(format: "%#@files@ in %#@folders@", variables: [
                    "files": PluralVariable(valueType: "lld", forms: [.one: "%1$lld file", .other: "%1$lld files"]),
                    "folders": PluralVariable(valueType: "lld", forms: [
                        .one: "%2$lld folder", .other: "%2$lld folders",
                    ]),
                ])),
            ]),
            "de": XCStringsCompiledTable(stringsdict: [
                "%lld files in %lld folders": .format(PluralFormat(
                    format: "%2$#@folders@ mit %1$#@files@",
                    variables: [
                        "files": PluralVariable(valueType: "lld", forms: [
                            .one: "einer Datei", .other: "%1$lld Dateien (100%% sicher)",
                        ]),
                        "folders": PluralVariable(valueType: "lld", forms: [.one: "Ein Ordner", .other: "%2$lld Ordner"]),
                    ])),
            ]),
        ])
    }

    static func catalog(_ localizations: String, key: String = "k", extra: String = "") throws -> XCStringsCatalog {
        let json = #"{"sourceLanguage":"en","version":"1.0","strings":{"# + JSONValue.string(key).serialized()
            + #":{"localizations":"# + localizations + extra + "}}}"
        return try XCStringsCatalog(data: Data(json.utf8))
    }

    @Test("an empty source localization falls back to the key; empty translations compile to nothing")
    func emptyLocalizations() throws {
        let tables = try Self.catalog(#"{"en":{},"de":{}}"#).compile()
        #expect(tables == ["en": XCStringsCompiledTable(strings: ["k": "k"])])
    }

    @Test("a plural without a numeric specifier anywhere defaults to lld on slot 1")
    func pluralDefaultType() throws {
        let tables = try Self.catalog(
            #"{"en":{"variations":{"plural":{"one":{"stringUnit":{"value":"One"}},"other":{"stringUnit":{"value":"Many"}}}}}}"#,
            key: "count.label"
        ).compile()
        #expect(tables["en"]?.stringsdict["count.label"] == .format(PluralFormat(format: "%#@arg1@", variables: [
            "arg1": PluralVariable(valueType: "lld", forms: [.one: "One", .other: "Many"]),
        ])))
    }

    @Test("a translation's plural takes its value type from the source, even when the source is plain")
    func pluralTypeFromPlainSource() throws {
        let tables = try Self.catalog(
            #"{"en":{"stringUnit":{"value":"%lu songs"}},"#
                + #""pl":{"variations":{"plural":{"one":{"stringUnit":{"value":"%d piosenka"}},"other":{"stringUnit":{"value":"%d piosenek"}}}}}}"#
        ).compile()
        #expect(tables["en"]?.strings["k"] == "%lu songs")
        #expect(tables["pl"]?.stringsdict["k"] == .format(PluralFormat(format: "%#@arg1@", variables: [
            "arg1": PluralVariable(valueType: "lu", forms: [.one: "%d piosenka", .other: "%d piosenek"]),
        ])))
    }

    @Test("the generated variable name avoids a substitution of the same name")
    func generatedNameCollision() throws {
        let substitution = #""substitutions":{"arg1":{"argNum":2,"formatSpecifier":"ld","#
            + #""variations":{"plural":{"other":{"stringUnit":{"value":"%arg x"}}}}}}"#
        let tables = try Self.catalog(
            #"{"en":{"# + substitution
                + #","variations":{"plural":{"other":{"stringUnit":{"value":"%lld y %#@arg1@"}}}}}}"#
        ).compile()
        #expect(tables["en"]?.stringsdict["k"] == .format(PluralFormat(format: "%#@arg1_@", variables: [
            "arg1_": PluralVariable(valueType: "lld", forms: [.other: "%lld y %#@arg1@"]),
            "arg1": PluralVariable(valueType: "ld", forms: [.other: "%2$ld x"]),
        ])))
    }

    @Test("a device variant sees its parent's substitutions; one without tokens stays plain text")
    func deviceInheritsSubstitutions() throws {
        let json = #"{"en":{"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":"#
            + #"{"one":{"stringUnit":{"value":"%arg item"}},"other":{"stringUnit":{"value":"%arg items"}}}}}},"#
            + #""variations":{"device":{"mac":{"stringUnit":{"value":"Mac: %#@n@"}},"other":{"stringUnit":{"value":"Other"}}}}}}"#
        let tables = try Self.catalog(json).compile()
        let variable = PluralVariable(valueType: "lld", forms: [.one: "%1$lld item", .other: "%1$lld items"])
        #expect(tables["en"]?.stringsdict["k"] == .device([
            "mac": .format(PluralFormat(format: "Mac: %#@n@", variables: ["n": variable])),
            "other": .text("Other"),
        ]))
    }

    @Test("without argNum a substitution takes the argument its token reads, as Xcode infers it")
    func argNumInferred() throws {
        // xcstrings-tool#34: `Steps %lf %@` → `%#@count@` with formatSpecifier lf and no argNum; the variants reach
        // the second argument positionally.
        let steps = #"{"en":{"stringUnit":{"value":"%#@count@"},"substitutions":{"count":{"formatSpecifier":"lf","#
            + #""variations":{"plural":{"one":{"stringUnit":{"value":"%2$@ step"}},"other":{"stringUnit":{"value":"%arg %2$@ steps"}}}}}}}}"#
        let tables = try Self.catalog(steps, key: "Steps %lf %@").compile()
        #expect(tables["en"]?.stringsdict["Steps %lf %@"] == .format(PluralFormat(format: "%#@count@", variables: [
            "count": PluralVariable(valueType: "lf", forms: [.one: "%2$@ step", .other: "%1$lf %2$@ steps"]),
        ])))
        // `%@ ate %#@apples@ today!`: the token is the second sequential argument; `%2$#@x@` names its own.
        let ate = #"{"en":{"stringUnit":{"value":"%@ ate %#@apples@, %3$#@pears@"},"substitutions":{"#
            + #""apples":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"value":"%arg apples"}}}}},"#
            + #""pears":{"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"value":"%arg pears"}}}}}}}}"#
        let entry = try Self.catalog(ate, key: "%@ ate %lld, %lld").compile()["en"]?.stringsdict["%@ ate %lld, %lld"]
        guard case .format(let format)? = entry else { return #expect(Bool(false), "not a plural: \(String(describing: entry))") }
        #expect(format.variables["apples"]?.forms[.other] == "%2$lld apples")
        #expect(format.variables["pears"]?.forms[.other] == "%3$lld pears")
        #expect(SlotMap(entry: .format(format)).signature == "1:object,2:int64,3:int64")
    }

    @Test("a substitution name CF cannot read is renamed in its variable and every token")
    func dottedSubstitutionNames() throws {
        let json = #"{"en":{"stringUnit":{"value":"%1$@! There %#@total.strings@"},"substitutions":{"total.strings":{"#
            + #""argNum":2,"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"value":"is %arg string"}},"#
            + #""other":{"stringUnit":{"value":"are %arg strings"}}}}}}}}"#
        let catalog = try Self.catalog(json)
        #expect(catalog.rejected.isEmpty)
        #expect(catalog.check().isEmpty, "\(catalog.check())")
        #expect(catalog.compile()["en"]?.stringsdict["k"] == .format(PluralFormat(
            format: "%1$@! There %#@total_strings@",
            variables: ["total_strings": PluralVariable(valueType: "lld", forms: [.one: "is %2$lld string", .other: "are %2$lld strings"])])))
    }

    @Test("a plural whose forms vary by device compiles as the equivalent device rule of plurals")
    func deviceInsidePlural() throws {
        let json = #"{"en":{"variations":{"plural":{"#
            + #""one":{"variations":{"device":{"mac":{"stringUnit":{"value":"%lld Mac photo"}},"other":{"stringUnit":{"value":"%lld photo"}}}}},"#
            + #""other":{"stringUnit":{"value":"%lld photos"}}}}}}"#
        let tables = try Self.catalog(json, key: "%lld photos").compile()
        let mac = PluralFormat(format: "%#@arg1@", variables: ["arg1": PluralVariable(valueType: "lld", forms: [.one: "%lld Mac photo", .other: "%lld photos"])])
        let other = PluralFormat(format: "%#@arg1@", variables: ["arg1": PluralVariable(valueType: "lld", forms: [.one: "%lld photo", .other: "%lld photos"])])
        #expect(tables["en"]?.stringsdict["%lld photos"] == .device(["mac": .format(mac), "other": .format(other)]))
    }

    @Test("a source language other than en is the development language and the key its text")
    func otherSourceLanguage() throws {
        let json = #"{"sourceLanguage":"zh-Hant","version":"1.0","strings":{"#
            + #""已選擇：%@":{},"#
            + #""%lld 筆交易":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%lld transactions"}}}}}}"#
        let catalog = try XCStringsCatalog(data: Data(json.utf8))
        let tables = catalog.compile()
        #expect(catalog.sourceLanguage == "zh-Hant")
        #expect(tables["zh-Hant"]?.strings == ["已選擇：%@": "已選擇：%@", "%lld 筆交易": "%lld 筆交易"])
        #expect(tables["en"]?.strings == ["%lld 筆交易": "%lld transactions"])
    }
}
