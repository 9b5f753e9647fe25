import Testing
@testable import OverlayCore

/// Plural selection: CLDR rules of the locale that answered, Apple's zero rule, nested and positional variables.
@Suite struct PluralRenderingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var locale: String
        var argument: FormatArgument
        var expected: String
        var testDescription: String { "\(locale) \(argument) → \(expected)" }
    }

    /// Every category spelled out, so the chosen one is visible; `f` value type so decimals reach the rules.
    static let allForms: [PluralCategory: String] = [
        .zero: "zero(%g)", .one: "one(%g)", .two: "two(%g)", .few: "few(%g)", .many: "many(%g)", .other: "other(%g)",
    ]

    static let cases: [Case] = [
        Case(locale: "ru", argument: .int(1), expected: "one(1)"),
        Case(locale: "ru", argument: .int(2), expected: "few(2)"),
        Case(locale: "ru", argument: .int(5), expected: "many(5)"),
        Case(locale: "ru", argument: .int(21), expected: "one(21)"),
        Case(locale: "ru", argument: .int(11), expected: "many(11)"),
        Case(locale: "ru", argument: .double(1.5), expected: "other(1.5)"),
        Case(locale: "ar", argument: .int(0), expected: "zero(0)"),
        Case(locale: "ar", argument: .int(1), expected: "one(1)"),
        Case(locale: "ar", argument: .int(2), expected: "two(2)"),
        Case(locale: "ar", argument: .int(3), expected: "few(3)"),
        Case(locale: "ar", argument: .int(11), expected: "many(11)"),
        Case(locale: "ar", argument: .int(100), expected: "other(100)"),
        Case(locale: "pl", argument: .int(1), expected: "one(1)"),
        Case(locale: "pl", argument: .int(2), expected: "few(2)"),
        Case(locale: "pl", argument: .int(5), expected: "many(5)"),
        Case(locale: "pl", argument: .int(21), expected: "many(21)"),
        Case(locale: "pl", argument: .int(22), expected: "few(22)"),
        Case(locale: "pl", argument: .double(1.5), expected: "other(1.5)"),
        // en has no CLDR zero: a present zero variant takes 0 (Apple), but not 0.5 or 1
        Case(locale: "en", argument: .int(0), expected: "zero(0)"),
        Case(locale: "en", argument: .int(1), expected: "one(1)"),
        Case(locale: "en", argument: .double(1.0), expected: "other(1)"),  // "1.0" has v = 1
        Case(locale: "en", argument: .double(0.5), expected: "other(0.5)"),
        Case(locale: "en", argument: .string("1"), expected: "one(1)"),
        // fr: 0 and 1.5 are one; a million is many
        Case(locale: "fr", argument: .double(1.5), expected: "one(1.5)"),
        Case(locale: "fr", argument: .int(1_000_000), expected: "many(1e+06)"),
    ]

    @Test("categories", arguments: cases)
    func category(_ test: Case) {
        var forms = Self.allForms
        if test.locale == "fr" { forms[.zero] = nil }
        let catalog = ResolverFixtures.catalog(
            ["en": [:]], plurals: [test.locale: ["n": ResolverFixtures.plural(forms, valueType: "f")]])
        let localizer = Localizer(catalog: catalog, preferredLanguages: [test.locale])
        #expect(localizer.table(in: "M").format("n", [test.argument]) == test.expected)
        #expect(localizer.stats.renderErrors == 0)
    }

    @Test func missingCategoryUsesOther() {
        let catalog = ResolverFixtures.catalog(
            ["en": [:]], plurals: ["ru": ["n": ResolverFixtures.plural([.one: "%ld one", .other: "%ld other"])]])
        let table = Localizer(catalog: catalog, preferredLanguages: ["ru"]).table(in: "M")
        #expect(table.format("n", [5]) == "5 other")  // ru many, absent
        #expect(table.format("n", [0]) == "0 other")  // no zero variant: no zero rule
    }

    @Test func cldrZeroWinsWhereTheLanguageHasOne() {
        // lv: zero covers 10–20 by CLDR; the zero variant follows CLDR, not "exactly 0".
        let catalog = ResolverFixtures.catalog(
            ["en": [:]], plurals: ["lv": ["n": ResolverFixtures.plural([.zero: "zero %ld", .one: "one %ld", .other: "other %ld"])]])
        let table = Localizer(catalog: catalog, preferredLanguages: ["lv"]).table(in: "M")
        #expect(table.format("n", [10]) == "zero 10")
        #expect(table.format("n", [0]) == "zero 0")
        #expect(table.format("n", [2]) == "other 2")
    }

    struct SampleCase: CustomTestStringConvertible, Sendable {
        var preferences: [String]
        var key: String
        var arguments: [FormatArgument]
        var substitutions: [String: String] = [:]
        var expected: String
        var testDescription: String { "\(preferences) \(key) \(arguments) → \(expected)" }
    }

    /// testdata/catalog Checkout: simple, nested positional (`cart.summary`), positional token with sequential
    /// `%ld` inside the variants (`order.ready`), `%{store}` inside variants (`cart.reserved`).
    static let sampleCases: [SampleCase] = [
        SampleCase(preferences: ["ru"], key: "cart.items", arguments: [1], expected: "1 товар"),
        SampleCase(preferences: ["ru"], key: "cart.items", arguments: [2], expected: "2 товара"),
        SampleCase(preferences: ["ru"], key: "cart.items", arguments: [5], expected: "5 товаров"),
        SampleCase(preferences: ["ru"], key: "cart.items", arguments: [21], expected: "21 товар"),
        SampleCase(preferences: ["ar"], key: "cart.items", arguments: [0], expected: "لا توجد منتجات"),
        SampleCase(preferences: ["ar"], key: "cart.items", arguments: [2], expected: "منتجان"),
        SampleCase(preferences: ["ar"], key: "cart.items", arguments: [11], expected: "11 منتجًا"),
        SampleCase(preferences: ["ar"], key: "cart.items", arguments: [100], expected: "100 منتج"),
        SampleCase(preferences: ["pl"], key: "cart.items", arguments: [22], expected: "22 produkty"),
        SampleCase(preferences: ["pl"], key: "cart.items", arguments: [25], expected: "25 produktów"),
        SampleCase(preferences: ["en"], key: "cart.items", arguments: [1], expected: "1 item"),
        // fr-CA has no stringsdict: fr answers, with fr rules (0 is one in French, other in English)
        SampleCase(preferences: ["fr-CA"], key: "cart.items", arguments: [0], expected: "0 article"),
        SampleCase(preferences: ["fr-CA"], key: "cart.items", arguments: [1_000_000], expected: "1000000 d’articles"),
        // Apple's zero rule in a language without CLDR zero
        SampleCase(preferences: ["fr-CA"], key: "cart.summary", arguments: [0, 1], expected: "Votre panier est vide"),
        SampleCase(preferences: ["en"], key: "cart.summary", arguments: [0, 3], expected: "Your cart is empty"),
        // nested: slot 1 items, slot 2 stores
        SampleCase(preferences: ["en"], key: "cart.summary", arguments: [1, 3], expected: "1 item from 3 stores"),
        SampleCase(preferences: ["en"], key: "cart.summary", arguments: [4, 1], expected: "4 items from 1 store"),
        SampleCase(preferences: ["ru"], key: "cart.summary", arguments: [2, 5], expected: "2 товара из 5 магазинов"),
        // positional token: %2$#@count@ with sequential %ld inside reading slot 2; %1$@ the store
        SampleCase(preferences: ["en"], key: "order.ready", arguments: ["Lyon", 1], expected: "1 order is ready for pickup at Lyon"),
        SampleCase(preferences: ["ru"], key: "order.ready", arguments: ["Лион", 3], expected: "В магазине Лион ждут 3 заказа"),
        SampleCase(preferences: ["ar"], key: "order.ready", arguments: ["ليون", 2], expected: "طلبان جاهزان للاستلام من ليون"),
        // named substitution inside the variants
        SampleCase(preferences: ["en"], key: "cart.reserved", arguments: [2], substitutions: ["store": "Lyon %@"],
                   expected: "2 items reserved at Lyon %@"),
        SampleCase(preferences: ["pl"], key: "cart.reserved", arguments: [1], substitutions: ["store": "Kraków"],
                   expected: "1 produkt zarezerwowany w sklepie Kraków"),
    ]

    @Test("sample catalog plurals", arguments: sampleCases)
    func sample(_ test: SampleCase) {
        let localizer = Localizer(catalog: ResolverFixtures.sampleCatalog, preferredLanguages: test.preferences)
        let table = localizer.table(in: "Checkout")
        #expect(table.format(test.key, test.arguments, substitutions: test.substitutions) == test.expected)
        #expect(localizer.stats.renderErrors == 0)
    }

    @Test func pluralMismatchRendersShippedEnglish() {
        // A count that is not an integer for an `ld` variable cannot select in ru: shipped en renders instead...
        // ...which cannot either, so the key is shown; one render error either way.
        let localizer = Localizer(catalog: ResolverFixtures.sampleCatalog, preferredLanguages: ["ru"])
        #expect(localizer.table(in: "Checkout").format("cart.items", [.double(1.5)]) == "cart.items")
        #expect(localizer.table(in: "Checkout").format("cart.items", []) == "cart.items")
        #expect(localizer.stats.renderErrors == 2)
    }

    @Test func brokenOverlayPluralFallsBackToShippedDevelopmentValue() {
        let broken = StringsdictEntry.format(PluralFormat(format: "%#@missing@", variables: [:]))
        let catalog = ResolverFixtures.catalog(
            ["en": [:]],
            plurals: ["en": ["n": ResolverFixtures.plural([.one: "%ld item", .other: "%ld items"])], "de": ["n": broken]])
        let localizer = Localizer(catalog: catalog, preferredLanguages: ["de"])
        #expect(localizer.table(in: "M").format("n", [3]) == "3 items")
        #expect(localizer.stats.renderErrors == 1)
    }

    @Test func cyclicVariablesStopAndFallBack() {
        let cycle = StringsdictEntry.format(PluralFormat(format: "%#@a@", variables: [
            "a": PluralVariable(valueType: "ld", forms: [.other: "%#@b@"]),
            "b": PluralVariable(valueType: "ld", forms: [.other: "%1$#@a@"]),
        ]))
        let catalog = ResolverFixtures.catalog(
            ["en": ["n": "%ld things"]], plurals: ["de": ["n": cycle]])
        let localizer = Localizer(catalog: catalog, preferredLanguages: ["de"])
        #expect(localizer.table(in: "M").format("n", [3, 3, 3]) == "3 things")
        #expect(localizer.stats.renderErrors == 1)
    }
}

/// The renderer's integer fast path agrees with the general operand evaluation.
@Suite struct PluralIntegerFastPathTests {
    static let locales = ["en", "fr", "ru", "uk", "pl", "ar", "cy", "lv", "he", "sl", "br", "ga", "pt", "pt-PT", "ja", "root"]

    @Test("same category as PluralOperands", arguments: locales)
    func agrees(_ locale: String) {
        let rules = PluralRules.cardinal(for: locale)
        let values: [UInt64] = Array(0...2_100) + [10_000, 100_000, 1_000_000, 2_000_000, 1_000_000_000_000, UInt64.max]
        for value in values {
            #expect(rules.category(forInteger: value) == rules.category(for: PluralOperands(String(value))!), "\(locale) \(value)")
        }
    }
}
