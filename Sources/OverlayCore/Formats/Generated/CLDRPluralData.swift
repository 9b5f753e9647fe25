// GENERATED FILE: do not edit by hand.
// Source: CLDR 41 (cldrVersion from common/dtd/ldmlSupplemental.dtd), common/supplemental/plurals.xml and ordinals.xml.
// Regenerate with `python3 scripts/generate-cldr.py`; `python3 scripts/generate-cldr.py --check` verifies this file is current.

/// CLDR plural rules, parsed by the generator: the locale ids of each rule group, and each group's rules
/// (`other` is implicit) built only when an app asks for that group.
enum CLDRPluralData {
    /// Cardinal rule groups (plurals.xml): space-separated locale ids, one string per group.
    static let cardinalLocales: [String] = [
        "bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa root sah ses sg su th to tpi vi wo yo yue zh",
        "am as bn doi fa gu hi kn pcm zu",
        "ff hy kab",
        "ast ca de en et fi fy gl ia io ji lij nl sc scn sv sw ur yi",
        "si",
        "ak bho guw ln mg nso pa ti wa",
        "tzm",
        "af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo eu fo fur gsw ha haw hu jgo jmc ka kaj kcg kk kkj kl ks ksb ku ky lb lg mas mgo ml mn mr nah nb nd ne nn nnh no nr ny nyn om or os pap ps rm rof rwk saq sd sdh seh sn so sq ss ssy st syr ta te teo tig tk tn tr ts ug uz ve vo vun wae xh xog",
        "da",
        "is",
        "mk",
        "ceb fil tl",
        "lv prg",
        "lag",
        "ksh",
        "iu naq sat se sma smi smj smn sms",
        "shi",
        "mo ro",
        "bs hr sh sr",
        "fr",
        "pt",
        "it pt_PT",
        "es",
        "gd",
        "sl",
        "dsb hsb",
        "he iw",
        "cs sk",
        "pl",
        "be",
        "lt",
        "mt",
        "ru uk",
        "br",
        "ga",
        "gv",
        "kw",
        "ar ars",
        "cy",
    ]

    /// Ordinal rule groups (ordinals.xml): space-separated locale ids, one string per group.
    static let ordinalLocales: [String] = [
        "af am an ar bg bs ce cs da de dsb el es et eu fa fi fy gl gsw he hr hsb ia id in is iw ja km kn ko ky lt lv ml mn my nb nl no pa pl prg ps pt root ru sd sh si sk sl sr sw ta te th tpi tr ur uz yue zh zu",
        "sv",
        "bal fil fr ga hy lo mo ms ro tl vi",
        "hu",
        "ne",
        "be",
        "uk",
        "tk",
        "kk",
        "it sc scn",
        "lij",
        "ka",
        "sq",
        "kw",
        "en",
        "mr",
        "gd",
        "ca",
        "mk",
        "az",
        "gu hi",
        "as bn",
        "or",
        "cy",
    ]

    static func cardinalRules(group: Int) -> [PluralRules.Rule] {
        switch group {
        case 0:  // bm
            return []
        case 1:  // am
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [0, 0])], [PluralRelation(.n, [1, 1])]])]
        case 2:  // ff
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [0, 0, 1, 1])]])]
        case 3:  // ast
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [1, 1]), PluralRelation(.v, [0, 0])]])]
        case 4:  // si
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [0, 0, 1, 1])], [PluralRelation(.i, [0, 0]), PluralRelation(.f, [1, 1])]])]
        case 5:  // ak
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [0, 1])]])]
        case 6:  // tzm
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [0, 1])], [PluralRelation(.n, [11, 99])]])]
        case 7:  // af
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]])]
        case 8:  // da
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])], [PluralRelation(.t, negated: true, [0, 0]), PluralRelation(.i, [0, 0, 1, 1])]])]
        case 9:  // is
            return [PluralRules.Rule(.one, [[PluralRelation(.t, [0, 0]), PluralRelation(.i, mod: 10, [1, 1]), PluralRelation(.i, mod: 100, negated: true, [11, 11])], [PluralRelation(.t, negated: true, [0, 0])]])]
        case 10:  // mk
            return [PluralRules.Rule(.one, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [1, 1]), PluralRelation(.i, mod: 100, negated: true, [11, 11])], [PluralRelation(.f, mod: 10, [1, 1]), PluralRelation(.f, mod: 100, negated: true, [11, 11])]])]
        case 11:  // ceb
            return [PluralRules.Rule(.one, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, [1, 1, 2, 2, 3, 3])], [PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, negated: true, [4, 4, 6, 6, 9, 9])], [PluralRelation(.v, negated: true, [0, 0]), PluralRelation(.f, mod: 10, negated: true, [4, 4, 6, 6, 9, 9])]])]
        case 12:  // lv
            return [PluralRules.Rule(.zero, [[PluralRelation(.n, mod: 10, [0, 0])], [PluralRelation(.n, mod: 100, [11, 19])], [PluralRelation(.v, [2, 2]), PluralRelation(.f, mod: 100, [11, 19])]]), PluralRules.Rule(.one, [[PluralRelation(.n, mod: 10, [1, 1]), PluralRelation(.n, mod: 100, negated: true, [11, 11])], [PluralRelation(.v, [2, 2]), PluralRelation(.f, mod: 10, [1, 1]), PluralRelation(.f, mod: 100, negated: true, [11, 11])], [PluralRelation(.v, negated: true, [2, 2]), PluralRelation(.f, mod: 10, [1, 1])]])]
        case 13:  // lag
            return [PluralRules.Rule(.zero, [[PluralRelation(.n, [0, 0])]]), PluralRules.Rule(.one, [[PluralRelation(.i, [0, 0, 1, 1]), PluralRelation(.n, negated: true, [0, 0])]])]
        case 14:  // ksh
            return [PluralRules.Rule(.zero, [[PluralRelation(.n, [0, 0])]]), PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]])]
        case 15:  // iu
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2])]])]
        case 16:  // shi
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [0, 0])], [PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [2, 10])]])]
        case 17:  // mo
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [1, 1]), PluralRelation(.v, [0, 0])]]), PluralRules.Rule(.few, [[PluralRelation(.v, negated: true, [0, 0])], [PluralRelation(.n, [0, 0])], [PluralRelation(.n, mod: 100, [2, 19])]])]
        case 18:  // bs
            return [PluralRules.Rule(.one, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [1, 1]), PluralRelation(.i, mod: 100, negated: true, [11, 11])], [PluralRelation(.f, mod: 10, [1, 1]), PluralRelation(.f, mod: 100, negated: true, [11, 11])]]), PluralRules.Rule(.few, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [2, 4]), PluralRelation(.i, mod: 100, negated: true, [12, 14])], [PluralRelation(.f, mod: 10, [2, 4]), PluralRelation(.f, mod: 100, negated: true, [12, 14])]])]
        case 19:  // fr
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [0, 0, 1, 1])]]), PluralRules.Rule(.many, [[PluralRelation(.e, [0, 0]), PluralRelation(.i, negated: true, [0, 0]), PluralRelation(.i, mod: 1000000, [0, 0]), PluralRelation(.v, [0, 0])], [PluralRelation(.e, negated: true, [0, 5])]])]
        case 20:  // pt
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [0, 1])]]), PluralRules.Rule(.many, [[PluralRelation(.e, [0, 0]), PluralRelation(.i, negated: true, [0, 0]), PluralRelation(.i, mod: 1000000, [0, 0]), PluralRelation(.v, [0, 0])], [PluralRelation(.e, negated: true, [0, 5])]])]
        case 21:  // it
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [1, 1]), PluralRelation(.v, [0, 0])]]), PluralRules.Rule(.many, [[PluralRelation(.e, [0, 0]), PluralRelation(.i, negated: true, [0, 0]), PluralRelation(.i, mod: 1000000, [0, 0]), PluralRelation(.v, [0, 0])], [PluralRelation(.e, negated: true, [0, 5])]])]
        case 22:  // es
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.many, [[PluralRelation(.e, [0, 0]), PluralRelation(.i, negated: true, [0, 0]), PluralRelation(.i, mod: 1000000, [0, 0]), PluralRelation(.v, [0, 0])], [PluralRelation(.e, negated: true, [0, 5])]])]
        case 23:  // gd
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1, 11, 11])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2, 12, 12])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [3, 10, 13, 19])]])]
        case 24:  // sl
            return [PluralRules.Rule(.one, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [3, 4])], [PluralRelation(.v, negated: true, [0, 0])]])]
        case 25:  // dsb
            return [PluralRules.Rule(.one, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [1, 1])], [PluralRelation(.f, mod: 100, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [2, 2])], [PluralRelation(.f, mod: 100, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [3, 4])], [PluralRelation(.f, mod: 100, [3, 4])]])]
        case 26:  // he
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [1, 1]), PluralRelation(.v, [0, 0])]]), PluralRules.Rule(.two, [[PluralRelation(.i, [2, 2]), PluralRelation(.v, [0, 0])]]), PluralRules.Rule(.many, [[PluralRelation(.v, [0, 0]), PluralRelation(.n, negated: true, [0, 10]), PluralRelation(.n, mod: 10, [0, 0])]])]
        case 27:  // cs
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [1, 1]), PluralRelation(.v, [0, 0])]]), PluralRules.Rule(.few, [[PluralRelation(.i, [2, 4]), PluralRelation(.v, [0, 0])]]), PluralRules.Rule(.many, [[PluralRelation(.v, negated: true, [0, 0])]])]
        case 28:  // pl
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [1, 1]), PluralRelation(.v, [0, 0])]]), PluralRules.Rule(.few, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [2, 4]), PluralRelation(.i, mod: 100, negated: true, [12, 14])]]), PluralRules.Rule(.many, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, negated: true, [1, 1]), PluralRelation(.i, mod: 10, [0, 1])], [PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [5, 9])], [PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [12, 14])]])]
        case 29:  // be
            return [PluralRules.Rule(.one, [[PluralRelation(.n, mod: 10, [1, 1]), PluralRelation(.n, mod: 100, negated: true, [11, 11])]]), PluralRules.Rule(.few, [[PluralRelation(.n, mod: 10, [2, 4]), PluralRelation(.n, mod: 100, negated: true, [12, 14])]]), PluralRules.Rule(.many, [[PluralRelation(.n, mod: 10, [0, 0])], [PluralRelation(.n, mod: 10, [5, 9])], [PluralRelation(.n, mod: 100, [11, 14])]])]
        case 30:  // lt
            return [PluralRules.Rule(.one, [[PluralRelation(.n, mod: 10, [1, 1]), PluralRelation(.n, mod: 100, negated: true, [11, 19])]]), PluralRules.Rule(.few, [[PluralRelation(.n, mod: 10, [2, 9]), PluralRelation(.n, mod: 100, negated: true, [11, 19])]]), PluralRules.Rule(.many, [[PluralRelation(.f, negated: true, [0, 0])]])]
        case 31:  // mt
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [0, 0])], [PluralRelation(.n, mod: 100, [2, 10])]]), PluralRules.Rule(.many, [[PluralRelation(.n, mod: 100, [11, 19])]])]
        case 32:  // ru
            return [PluralRules.Rule(.one, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [1, 1]), PluralRelation(.i, mod: 100, negated: true, [11, 11])]]), PluralRules.Rule(.few, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [2, 4]), PluralRelation(.i, mod: 100, negated: true, [12, 14])]]), PluralRules.Rule(.many, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [0, 0])], [PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [5, 9])], [PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [11, 14])]])]
        case 33:  // br
            return [PluralRules.Rule(.one, [[PluralRelation(.n, mod: 10, [1, 1]), PluralRelation(.n, mod: 100, negated: true, [11, 11, 71, 71, 91, 91])]]), PluralRules.Rule(.two, [[PluralRelation(.n, mod: 10, [2, 2]), PluralRelation(.n, mod: 100, negated: true, [12, 12, 72, 72, 92, 92])]]), PluralRules.Rule(.few, [[PluralRelation(.n, mod: 10, [3, 4, 9, 9]), PluralRelation(.n, mod: 100, negated: true, [10, 19, 70, 79, 90, 99])]]), PluralRules.Rule(.many, [[PluralRelation(.n, negated: true, [0, 0]), PluralRelation(.n, mod: 1000000, [0, 0])]])]
        case 34:  // ga
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [3, 6])]]), PluralRules.Rule(.many, [[PluralRelation(.n, [7, 10])]])]
        case 35:  // gv
            return [PluralRules.Rule(.one, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 10, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.v, [0, 0]), PluralRelation(.i, mod: 100, [0, 0, 20, 20, 40, 40, 60, 60, 80, 80])]]), PluralRules.Rule(.many, [[PluralRelation(.v, negated: true, [0, 0])]])]
        case 36:  // kw
            return [PluralRules.Rule(.zero, [[PluralRelation(.n, [0, 0])]]), PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, mod: 100, [2, 2, 22, 22, 42, 42, 62, 62, 82, 82])], [PluralRelation(.n, mod: 1000, [0, 0]), PluralRelation(.n, mod: 100000, [1000, 20000, 40000, 40000, 60000, 60000, 80000, 80000])], [PluralRelation(.n, negated: true, [0, 0]), PluralRelation(.n, mod: 1000000, [100000, 100000])]]), PluralRules.Rule(.few, [[PluralRelation(.n, mod: 100, [3, 3, 23, 23, 43, 43, 63, 63, 83, 83])]]), PluralRules.Rule(.many, [[PluralRelation(.n, negated: true, [1, 1]), PluralRelation(.n, mod: 100, [1, 1, 21, 21, 41, 41, 61, 61, 81, 81])]])]
        case 37:  // ar
            return [PluralRules.Rule(.zero, [[PluralRelation(.n, [0, 0])]]), PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.n, mod: 100, [3, 10])]]), PluralRules.Rule(.many, [[PluralRelation(.n, mod: 100, [11, 99])]])]
        case 38:  // cy
            return [PluralRules.Rule(.zero, [[PluralRelation(.n, [0, 0])]]), PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [3, 3])]]), PluralRules.Rule(.many, [[PluralRelation(.n, [6, 6])]])]
        default:
            preconditionFailure("no cardinal plural rule group \(group); rerun python3 scripts/generate-cldr.py")
        }
    }

    static func ordinalRules(group: Int) -> [PluralRules.Rule] {
        switch group {
        case 0:  // af
            return []
        case 1:  // sv
            return [PluralRules.Rule(.one, [[PluralRelation(.n, mod: 10, [1, 1, 2, 2]), PluralRelation(.n, mod: 100, negated: true, [11, 11, 12, 12])]])]
        case 2:  // bal
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]])]
        case 3:  // hu
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1, 5, 5])]])]
        case 4:  // ne
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 4])]])]
        case 5:  // be
            return [PluralRules.Rule(.few, [[PluralRelation(.n, mod: 10, [2, 2, 3, 3]), PluralRelation(.n, mod: 100, negated: true, [12, 12, 13, 13])]])]
        case 6:  // uk
            return [PluralRules.Rule(.few, [[PluralRelation(.n, mod: 10, [3, 3]), PluralRelation(.n, mod: 100, negated: true, [13, 13])]])]
        case 7:  // tk
            return [PluralRules.Rule(.few, [[PluralRelation(.n, mod: 10, [6, 6, 9, 9])], [PluralRelation(.n, [10, 10])]])]
        case 8:  // kk
            return [PluralRules.Rule(.many, [[PluralRelation(.n, mod: 10, [6, 6])], [PluralRelation(.n, mod: 10, [9, 9])], [PluralRelation(.n, mod: 10, [0, 0]), PluralRelation(.n, negated: true, [0, 0])]])]
        case 9:  // it
            return [PluralRules.Rule(.many, [[PluralRelation(.n, [11, 11, 8, 8, 80, 80, 800, 800])]])]
        case 10:  // lij
            return [PluralRules.Rule(.many, [[PluralRelation(.n, [11, 11, 8, 8, 80, 89, 800, 899])]])]
        case 11:  // ka
            return [PluralRules.Rule(.one, [[PluralRelation(.i, [1, 1])]]), PluralRules.Rule(.many, [[PluralRelation(.i, [0, 0])], [PluralRelation(.i, mod: 100, [2, 20, 40, 40, 60, 60, 80, 80])]])]
        case 12:  // sq
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.many, [[PluralRelation(.n, mod: 10, [4, 4]), PluralRelation(.n, mod: 100, negated: true, [14, 14])]])]
        case 13:  // kw
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 4])], [PluralRelation(.n, mod: 100, [1, 4, 21, 24, 41, 44, 61, 64, 81, 84])]]), PluralRules.Rule(.many, [[PluralRelation(.n, [5, 5])], [PluralRelation(.n, mod: 100, [5, 5])]])]
        case 14:  // en
            return [PluralRules.Rule(.one, [[PluralRelation(.n, mod: 10, [1, 1]), PluralRelation(.n, mod: 100, negated: true, [11, 11])]]), PluralRules.Rule(.two, [[PluralRelation(.n, mod: 10, [2, 2]), PluralRelation(.n, mod: 100, negated: true, [12, 12])]]), PluralRules.Rule(.few, [[PluralRelation(.n, mod: 10, [3, 3]), PluralRelation(.n, mod: 100, negated: true, [13, 13])]])]
        case 15:  // mr
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2, 3, 3])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [4, 4])]])]
        case 16:  // gd
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1, 11, 11])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2, 12, 12])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [3, 3, 13, 13])]])]
        case 17:  // ca
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1, 3, 3])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [4, 4])]])]
        case 18:  // mk
            return [PluralRules.Rule(.one, [[PluralRelation(.i, mod: 10, [1, 1]), PluralRelation(.i, mod: 100, negated: true, [11, 11])]]), PluralRules.Rule(.two, [[PluralRelation(.i, mod: 10, [2, 2]), PluralRelation(.i, mod: 100, negated: true, [12, 12])]]), PluralRules.Rule(.many, [[PluralRelation(.i, mod: 10, [7, 7, 8, 8]), PluralRelation(.i, mod: 100, negated: true, [17, 17, 18, 18])]])]
        case 19:  // az
            return [PluralRules.Rule(.one, [[PluralRelation(.i, mod: 10, [1, 1, 2, 2, 5, 5, 7, 7, 8, 8])], [PluralRelation(.i, mod: 100, [20, 20, 50, 50, 70, 70, 80, 80])]]), PluralRules.Rule(.few, [[PluralRelation(.i, mod: 10, [3, 3, 4, 4])], [PluralRelation(.i, mod: 1000, [100, 100, 200, 200, 300, 300, 400, 400, 500, 500, 600, 600, 700, 700, 800, 800, 900, 900])]]), PluralRules.Rule(.many, [[PluralRelation(.i, [0, 0])], [PluralRelation(.i, mod: 10, [6, 6])], [PluralRelation(.i, mod: 100, [40, 40, 60, 60, 90, 90])]])]
        case 20:  // gu
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2, 3, 3])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [4, 4])]]), PluralRules.Rule(.many, [[PluralRelation(.n, [6, 6])]])]
        case 21:  // as
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1, 5, 5, 7, 7, 8, 8, 9, 9, 10, 10])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2, 3, 3])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [4, 4])]]), PluralRules.Rule(.many, [[PluralRelation(.n, [6, 6])]])]
        case 22:  // or
            return [PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1, 5, 5, 7, 9])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2, 3, 3])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [4, 4])]]), PluralRules.Rule(.many, [[PluralRelation(.n, [6, 6])]])]
        case 23:  // cy
            return [PluralRules.Rule(.zero, [[PluralRelation(.n, [0, 0, 7, 7, 8, 8, 9, 9])]]), PluralRules.Rule(.one, [[PluralRelation(.n, [1, 1])]]), PluralRules.Rule(.two, [[PluralRelation(.n, [2, 2])]]), PluralRules.Rule(.few, [[PluralRelation(.n, [3, 3, 4, 4])]]), PluralRules.Rule(.many, [[PluralRelation(.n, [5, 5, 6, 6])]])]
        default:
            preconditionFailure("no ordinal plural rule group \(group); rerun python3 scripts/generate-cldr.py")
        }
    }
}
