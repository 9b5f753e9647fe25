/// What one rendering of a value may cost (DESIGN.md "Bounds", where real catalogs are measured against them).
///
/// A published value is data, but a value that names a variable many times over, or asks for wide fields, can make one
/// lookup write megabytes: text is held to the first three bounds where it is accepted (`overlay check`, `publish`, a
/// client's validation of an archive), and the renderer enforces expansion, field and output again on every render,
/// so a value that slipped through (or shipped with the app) fails like any other render error.
package enum RenderBounds {
    /// Specifiers, `%#@v@` tokens and `%{name}`s one rendering expands; a variable counts with its variant each time a
    /// token names it, so repeating a token over nested variants multiplies.
    package static let maximumExpansion = 64
    /// The largest field width or precision: no label is a thousand characters wide.
    package static let maximumField = 1_024
    /// The bytes a value writes of its own in one rendering (literal text and field widths, each variable's longest
    /// variant wherever a token names it): twice the largest value, so plain strings never meet it.
    package static let maximumTextBytes = 128 << 10
    /// The bytes one rendering may write beyond the text of the arguments and substitutions the app passed: an
    /// accepted value stays below it whatever the numbers (`maximumTextBytes` and 64 numbers of at most a field and
    /// 330 digits each), so only text that repeats an argument of hundreds of kilobytes reaches it.
    package static let maximumOutputBytes = 256 << 10
}
