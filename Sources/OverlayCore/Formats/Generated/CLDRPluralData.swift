// GENERATED FILE: do not edit by hand.
// Source: CLDR 41 (cldrVersion from common/dtd/ldmlSupplemental.dtd), common/supplemental/plurals.xml and ordinals.xml.
// Regenerate with `python3 scripts/generate-cldr.py`; `python3 scripts/generate-cldr.py --check` verifies this file is current.

/// CLDR plural rules: one line per rule group, `locales|category:condition|…`, samples removed.
enum CLDRPluralData {
    /// Cardinal rules (plurals.xml).
    static let cardinal: String = #"""
    bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa root sah ses sg su th to tpi vi wo yo yue zh|other:
    am as bn doi fa gu hi kn pcm zu|one:i = 0 or n = 1|other:
    ff hy kab|one:i = 0,1|other:
    ast ca de en et fi fy gl ia io ji lij nl sc scn sv sw ur yi|one:i = 1 and v = 0|other:
    si|one:n = 0,1 or i = 0 and f = 1|other:
    ak bho guw ln mg nso pa ti wa|one:n = 0..1|other:
    tzm|one:n = 0..1 or n = 11..99|other:
    af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo eu fo fur gsw ha haw hu jgo jmc ka kaj kcg kk kkj kl ks ksb ku ky lb lg mas mgo ml mn mr nah nb nd ne nn nnh no nr ny nyn om or os pap ps rm rof rwk saq sd sdh seh sn so sq ss ssy st syr ta te teo tig tk tn tr ts ug uz ve vo vun wae xh xog|one:n = 1|other:
    da|one:n = 1 or t != 0 and i = 0,1|other:
    is|one:t = 0 and i % 10 = 1 and i % 100 != 11 or t != 0|other:
    mk|one:v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11|other:
    ceb fil tl|one:v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9|other:
    lv prg|zero:n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19|one:n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1|other:
    lag|zero:n = 0|one:i = 0,1 and n != 0|other:
    ksh|zero:n = 0|one:n = 1|other:
    iu naq sat se sma smi smj smn sms|one:n = 1|two:n = 2|other:
    shi|one:i = 0 or n = 1|few:n = 2..10|other:
    mo ro|one:i = 1 and v = 0|few:v != 0 or n = 0 or n % 100 = 2..19|other:
    bs hr sh sr|one:v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11|few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14|other:
    fr|one:i = 0,1|many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5|other:
    pt|one:i = 0..1|many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5|other:
    it pt_PT|one:i = 1 and v = 0|many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5|other:
    es|one:n = 1|many:e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5|other:
    gd|one:n = 1,11|two:n = 2,12|few:n = 3..10,13..19|other:
    sl|one:v = 0 and i % 100 = 1|two:v = 0 and i % 100 = 2|few:v = 0 and i % 100 = 3..4 or v != 0|other:
    dsb hsb|one:v = 0 and i % 100 = 1 or f % 100 = 1|two:v = 0 and i % 100 = 2 or f % 100 = 2|few:v = 0 and i % 100 = 3..4 or f % 100 = 3..4|other:
    he iw|one:i = 1 and v = 0|two:i = 2 and v = 0|many:v = 0 and n != 0..10 and n % 10 = 0|other:
    cs sk|one:i = 1 and v = 0|few:i = 2..4 and v = 0|many:v != 0|other:
    pl|one:i = 1 and v = 0|few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14|many:v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14|other:
    be|one:n % 10 = 1 and n % 100 != 11|few:n % 10 = 2..4 and n % 100 != 12..14|many:n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14|other:
    lt|one:n % 10 = 1 and n % 100 != 11..19|few:n % 10 = 2..9 and n % 100 != 11..19|many:f != 0|other:
    mt|one:n = 1|few:n = 0 or n % 100 = 2..10|many:n % 100 = 11..19|other:
    ru uk|one:v = 0 and i % 10 = 1 and i % 100 != 11|few:v = 0 and i % 10 = 2..4 and i % 100 != 12..14|many:v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14|other:
    br|one:n % 10 = 1 and n % 100 != 11,71,91|two:n % 10 = 2 and n % 100 != 12,72,92|few:n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99|many:n != 0 and n % 1000000 = 0|other:
    ga|one:n = 1|two:n = 2|few:n = 3..6|many:n = 7..10|other:
    gv|one:v = 0 and i % 10 = 1|two:v = 0 and i % 10 = 2|few:v = 0 and i % 100 = 0,20,40,60,80|many:v != 0|other:
    kw|zero:n = 0|one:n = 1|two:n % 100 = 2,22,42,62,82 or n % 1000 = 0 and n % 100000 = 1000..20000,40000,60000,80000 or n != 0 and n % 1000000 = 100000|few:n % 100 = 3,23,43,63,83|many:n != 1 and n % 100 = 1,21,41,61,81|other:
    ar ars|zero:n = 0|one:n = 1|two:n = 2|few:n % 100 = 3..10|many:n % 100 = 11..99|other:
    cy|zero:n = 0|one:n = 1|two:n = 2|few:n = 3|many:n = 6|other:
    """#

    /// Ordinal rules (ordinals.xml).
    static let ordinal: String = #"""
    af am an ar bg bs ce cs da de dsb el es et eu fa fi fy gl gsw he hr hsb ia id in is iw ja km kn ko ky lt lv ml mn my nb nl no pa pl prg ps pt root ru sd sh si sk sl sr sw ta te th tpi tr ur uz yue zh zu|other:
    sv|one:n % 10 = 1,2 and n % 100 != 11,12|other:
    bal fil fr ga hy lo mo ms ro tl vi|one:n = 1|other:
    hu|one:n = 1,5|other:
    ne|one:n = 1..4|other:
    be|few:n % 10 = 2,3 and n % 100 != 12,13|other:
    uk|few:n % 10 = 3 and n % 100 != 13|other:
    tk|few:n % 10 = 6,9 or n = 10|other:
    kk|many:n % 10 = 6 or n % 10 = 9 or n % 10 = 0 and n != 0|other:
    it sc scn|many:n = 11,8,80,800|other:
    lij|many:n = 11,8,80..89,800..899|other:
    ka|one:i = 1|many:i = 0 or i % 100 = 2..20,40,60,80|other:
    sq|one:n = 1|many:n % 10 = 4 and n % 100 != 14|other:
    kw|one:n = 1..4 or n % 100 = 1..4,21..24,41..44,61..64,81..84|many:n = 5 or n % 100 = 5|other:
    en|one:n % 10 = 1 and n % 100 != 11|two:n % 10 = 2 and n % 100 != 12|few:n % 10 = 3 and n % 100 != 13|other:
    mr|one:n = 1|two:n = 2,3|few:n = 4|other:
    gd|one:n = 1,11|two:n = 2,12|few:n = 3,13|other:
    ca|one:n = 1,3|two:n = 2|few:n = 4|other:
    mk|one:i % 10 = 1 and i % 100 != 11|two:i % 10 = 2 and i % 100 != 12|many:i % 10 = 7,8 and i % 100 != 17,18|other:
    az|one:i % 10 = 1,2,5,7,8 or i % 100 = 20,50,70,80|few:i % 10 = 3,4 or i % 1000 = 100,200,300,400,500,600,700,800,900|many:i = 0 or i % 10 = 6 or i % 100 = 40,60,90|other:
    gu hi|one:n = 1|two:n = 2,3|few:n = 4|many:n = 6|other:
    as bn|one:n = 1,5,7,8,9,10|two:n = 2,3|few:n = 4|many:n = 6|other:
    or|one:n = 1,5,7..9|two:n = 2,3|few:n = 4|many:n = 6|other:
    cy|zero:n = 0,7,8,9|one:n = 1|two:n = 2|few:n = 3,4|many:n = 5,6|other:
    """#
}
