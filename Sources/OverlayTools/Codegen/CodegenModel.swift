/// What `overlay codegen` makes of one module: a namespace, one type per table, one member per key.
public struct CodegenModule: Sendable, Equatable {
    /// The catalog module, as lookups name it.
    public var module: String
    /// The Swift namespace (`Checkout`): the module name made an identifier.
    public var namespace: String
    /// The module's development region: the language of every doc comment.
    public var developmentRegion: String
    /// Tables in byte order of their catalog names; empty when the module ships no development-language table
    /// (its development text lives in code).
    public var tables: [CodegenTable]
    /// Every key whose name is not the plain camel case of its words, or that has no member, in table and key
    /// order.
    public var notes: [CodegenNote]
}

/// One table: a struct holding the table's ``LocalizedTable`` handle, with one member per key.
public struct CodegenTable: Sendable, Equatable {
    /// The catalog table (`Localizable`).
    public var table: String
    /// The Swift type name (`Localizable`).
    public var typeName: String
    /// Members in byte order of their keys.
    public var members: [CodegenMember]
}

/// One key: a computed property when it takes no argument, else a function.
public struct CodegenMember: Sendable, Equatable {
    public var key: String
    /// The Swift name, without backticks.
    public var name: String
    /// Arguments in slot order, then named substitutions in byte order.
    public var parameters: [CodegenParameter]
    /// Whether the value is rendered (`format`) rather than read as written (`string(forKey:)`): it has a `%`.
    public var isFormatted: Bool
    /// The development-language text, one doc-comment line each.
    public var documentation: [String]

    public var isFunction: Bool { !parameters.isEmpty }
}

/// One parameter: a printf slot (unlabelled) or a `%{name}` substitution (labelled).
public struct CodegenParameter: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// Argument slot `n` (1-based).
        case slot(Int)
        /// The `%{name}` substitution of that name.
        case substitution(String)
    }

    public var source: Source
    /// The argument label; nil for a slot.
    public var label: String?
    /// The name inside the function body.
    public var name: String
    /// `String`, `Int`, `UInt`, `Double` or `Character`.
    public var type: String
}

/// A key whose Swift name needed more than camel-casing its words, or that got no member: printed as a warning and
/// listed in `--json`.
public struct CodegenNote: Sendable, Equatable {
    public enum Reason: String, Sendable, CaseIterable {
        /// Two keys make one name: the later key in byte order gets `_2`, `_3`, ….
        case collision
        /// A Swift keyword: declared in backticks.
        case keyword
        /// A name the generated code or Swift reserves (`init`, `self`, `handle`): `_` appended.
        case reserved
        /// Starts with a digit: `_` prepended.
        case leadingDigit = "leading-digit"
        /// Characters other than ASCII letters and digits were dropped (`é`, `ü`, emoji).
        case nonASCII = "non-ascii"
        /// Empty, or no ASCII letter or digit at all: named `key` plus a digest of its bytes.
        case noName = "no-name"
        /// Not a valid format (`50% off`): the member returns the text as written, with no parameters.
        case asWritten = "as-written"
        /// No member: an argument of a kind Swift code cannot pass (`%p`, `%n`), or slots read with two types.
        case unsupported
    }

    public var table: String
    public var key: String
    /// The member's Swift name; nil when it has none (`unsupported`).
    public var name: String?
    public var reason: Reason
    public var message: String
    /// Where the key is defined, relative to the catalog.
    public var file: String?
    public var line: Int?
}
