/// What one parse of a JSON document or a property list may take: the readers refuse anything larger or deeper.
package struct ParseLimits: Sendable, Hashable {
    /// Maximum nesting of arrays and objects (dicts); a flat object, or `<plist><dict>`, has depth 1.
    package var maxDepth: Int
    /// Maximum document size in bytes.
    package var maxBytes: Int

    package init(maxDepth: Int = 32, maxBytes: Int = 32 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// Depth 32, 32 MiB: a JSON document.
    package static let `default` = ParseLimits()
    /// Depth 32, 8 MiB: a property list (a `.stringsdict` table, an `Info.plist`).
    package static let propertyList = ParseLimits(maxBytes: 8 << 20)
}
