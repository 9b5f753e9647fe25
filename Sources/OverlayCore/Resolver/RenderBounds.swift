/// What one rendering of a value may cost (DESIGN.md "Bounds"): a value that names a variable many times over can make
/// one lookup write megabytes. Validation holds text to the first three; the renderer enforces them again, so a
/// value that slipped through (or shipped) fails like any other render error.
package enum RenderBounds {
    /// Specifiers, `%#@v@` tokens and `%{name}`s expanded; a variable counts each time a token names it.
    package static let maximumExpansion = 64
    /// The largest field width or precision: no label is a thousand characters wide.
    package static let maximumField = 1_024
    /// The value's own text and field widths in one rendering: twice the largest value.
    package static let maximumTextBytes = 128 << 10
    /// Output beyond the app's own argument and substitution text: an accepted value stays below it whatever the
    /// numbers (`maximumTextBytes` and 64 numbers of a field and 330 digits each).
    package static let maximumOutputBytes = 256 << 10
}
