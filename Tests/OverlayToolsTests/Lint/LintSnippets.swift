/// The table of Swift snippets the lint tests run over: every lookup the linter must report, and every trap where
/// a linter that reads text instead of tokens would report something that is not a lookup (or miss one that is).
///
/// `expected` lists `line:column code` (columns in UTF-8 bytes). `compiles` says whether the snippet is valid
/// Swift 6, so the compiler-oracle test can check it against `swiftc -dump-parse`.
struct LintSnippet: CustomStringConvertible, Sendable {
    let name: String
    let source: String
    let expected: [String]
    var compiles = true

    var description: String { name }
}

enum LintSnippets {
    static let positives: [LintSnippet] = [
        LintSnippet(
            name: "NSLocalizedString without bundle:",
            source: #"let a = NSLocalizedString("cart.title", comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "NSLocalizedString with tableName: but no bundle:",
            source: #"let a = NSLocalizedString("cart.title", tableName: "Cart", comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: .main",
            source: #"let a = NSLocalizedString("k", bundle: .main, comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: Bundle.main",
            source: #"let a = NSLocalizedString("k", tableName: nil, bundle: Bundle.main, value: "", comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: Foundation.Bundle.main in parentheses",
            source: #"let a = NSLocalizedString("k", bundle: (Foundation.Bundle.main), comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: .main on lines of its own",
            source: "let a = NSLocalizedString(\n    \"k\",\n    bundle:\n        Bundle\n        .main,\n    comment: \"\")",
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "module-qualified Foundation.NSLocalizedString",
            source: #"let a = Foundation.NSLocalizedString("k", comment: "")"#,
            expected: ["1:20 lint.nslocalizedstring"]),
        LintSnippet(
            name: "backtick-escaped name",
            source: #"let a = `NSLocalizedString`("k", comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "space before the parenthesis",
            source: #"let a = NSLocalizedString ("k", comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "as an argument of another call",
            source: #"print(NSLocalizedString("k", comment: ""), NSLocalizedString("j", comment: ""))"#,
            expected: ["1:7 lint.nslocalizedstring", "1:44 lint.nslocalizedstring"]),
        LintSnippet(
            name: "interpolation holding a real call",
            source: #"let s = "Total: \(NSLocalizedString("total", comment: "")) €""#,
            expected: ["1:19 lint.nslocalizedstring"]),
        LintSnippet(
            name: "nested interpolation holding a real call",
            source: #"let s = "a \("b \(NSLocalizedString("k", comment: ""))")""#,
            expected: ["1:19 lint.nslocalizedstring"]),
        LintSnippet(
            name: "interpolation in a multi-line string",
            source: "let s = \"\"\"\n    Total:\n    \\(NSLocalizedString(\"k\", comment: \"\"))\n    \"\"\"",
            expected: ["3:7 lint.nslocalizedstring"]),
        LintSnippet(
            name: "interpolation in a raw string",
            source: ##"let s = #"path \#(NSLocalizedString("k", comment: "")) "quoted""#"##,
            expected: ["1:19 lint.nslocalizedstring"]),
        LintSnippet(
            name: "interpolation with a parenthesized expression before the call",
            source: #"let s = "\((a + b) * 2) \(f(x), NSLocalizedString("k", comment: ""))""#,
            expected: ["1:33 lint.nslocalizedstring"]),
        LintSnippet(
            name: "a comment's quote does not open a string",
            source: "// don't \"quote\n/* it's */ let a = NSLocalizedString(\"k\", comment: \"\")",
            expected: ["2:20 lint.nslocalizedstring"]),
        LintSnippet(
            name: "a string's // and /* are not comments",
            source: #"let u = "https://x/*"; let a = NSLocalizedString("k", comment: "")"#,
            expected: ["1:32 lint.nslocalizedstring"]),
        LintSnippet(
            name: "division is not a regex literal",
            source: #"let r = width / 2; let a = NSLocalizedString("k", comment: "") / 3"#,
            expected: ["1:28 lint.nslocalizedstring"]),
        LintSnippet(
            name: "after a regex literal holding a quote",
            source: #"let r = /a"b/; let a = NSLocalizedString("k", comment: "")"#,
            expected: ["1:24 lint.nslocalizedstring"]),
        LintSnippet(
            name: "after an extended regex literal holding a quote",
            source: ##"let r = #/a"b/#; let a = NSLocalizedString("k", comment: "")"##,
            expected: ["1:26 lint.nslocalizedstring"]),
        LintSnippet(
            name: "after a raw string holding a quote and a backslash",
            source: ##"let p = #"C:\ "dir" \"#; let a = NSLocalizedString("k", comment: "")"##,
            expected: ["1:34 lint.nslocalizedstring"]),
        LintSnippet(
            name: "after a nested block comment",
            source: "/* a /* b */ still a comment */ let a = NSLocalizedString(\"k\", comment: \"\")",
            expected: ["1:41 lint.nslocalizedstring"]),
        LintSnippet(
            name: "columns count UTF-8 bytes",
            source: #"let café = "é"; let a = NSLocalizedString("k", comment: "")"#,
            expected: ["1:27 lint.nslocalizedstring"]),
        LintSnippet(
            name: "CRLF line endings",
            source: "let x = 1\r\nlet a = NSLocalizedString(\"k\", comment: \"\")\r\n",
            expected: ["2:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "Bundle.main.localizedString",
            source: #"let a = Bundle.main.localizedString(forKey: "k", value: nil, table: nil)"#,
            expected: ["1:9 lint.bundle-main"]),
        LintSnippet(
            name: "Foundation.Bundle.main.localizedString",
            source: #"let a = Foundation.Bundle.main.localizedString(forKey: "k", value: nil, table: "T")"#,
            expected: ["1:20 lint.bundle-main"]),
        LintSnippet(
            name: "String(localized:)",
            source: #"let a = String(localized: "cart.title")"#,
            expected: ["1:9 lint.string-localized"]),
        LintSnippet(
            name: "String(localized:) with bundle: nil",
            source: #"let a = String(localized: "k", table: "Cart", bundle: nil)"#,
            expected: ["1:9 lint.string-localized"]),
        LintSnippet(
            name: "String.init(localized:) with bundle: .main",
            source: #"let a = String.init(localized: "k", bundle: .main, comment: "c")"#,
            expected: ["1:9 lint.string-localized"]),
        LintSnippet(
            name: "AttributedString(localized:)",
            source: #"let a = AttributedString(localized: "k")"#,
            expected: ["1:9 lint.string-localized"]),
        LintSnippet(
            name: "LocalizedStringResource without bundle:",
            source: #"let a = LocalizedStringResource("k", defaultValue: "Cart", table: "Cart")"#,
            expected: ["1:9 lint.localized-string-resource"]),
        LintSnippet(
            name: "LocalizedStringResource with bundle: .main",
            source: #"let a = LocalizedStringResource("k", bundle: .main)"#,
            expected: ["1:9 lint.localized-string-resource"]),
        LintSnippet(
            name: "Text with a literal",
            source: #"let v = Text("Checkout")"#,
            expected: ["1:9 lint.text-literal"]),
        LintSnippet(
            name: "Text with an interpolated literal",
            source: #"let v = Text("Hello \(name)")"#,
            expected: ["1:9 lint.text-literal"]),
        LintSnippet(
            name: "Text with a raw literal",
            source: ##"let v = Text(#"50% "off""#)"##,
            expected: ["1:9 lint.text-literal"]),
        LintSnippet(
            name: "a raw literal that opens like a multi-line one (it holds no letter) and the call after it",
            source: ##"let v = Text(#""""#); let w = Text("b")"##,
            expected: ["1:31 lint.text-literal"]),
        LintSnippet(
            name: "Text of a literal whose only letters are outside ASCII or around an interpolation",
            source: #"let v = Text("€ \(price) é"); let w = Text("\(count)x"); let x = Text("日本")"#,
            expected: ["1:9 lint.text-literal", "1:42 lint.text-literal", "1:69 lint.text-literal"]),
        LintSnippet(
            name: "Text with a multi-line literal",
            source: "let v = Text(\"\"\"\n    Two\n    lines\n    \"\"\")",
            expected: ["1:9 lint.text-literal"]),
        LintSnippet(
            name: "Text with tableName: but no bundle:",
            source: #"let v = Text("k", tableName: "Cart", comment: "title")"#,
            expected: ["1:9 lint.text-literal"]),
        LintSnippet(
            name: "Text with bundle: .main",
            source: #"let v = SwiftUI.Text("k", bundle: .main)"#,
            expected: ["1:17 lint.text-literal"]),
        LintSnippet(
            name: "LocalizedStringKey on its own",
            source: #"let k = LocalizedStringKey("cart.title")"#,
            expected: ["1:9 lint.localized-string-key"]),
        LintSnippet(
            name: "LocalizedStringKey handed to Text without bundle:",
            source: #"let v = Text(LocalizedStringKey("cart.title"))"#,
            expected: ["1:14 lint.localized-string-key"]),
        LintSnippet(
            name: "several on one line, each reported",
            source: #"let v = Text("a") + Text(verbatim: "b") + Text("c")"#,
            expected: ["1:9 lint.text-literal", "1:43 lint.text-literal"]),
        LintSnippet(
            name: "bundle: .module",
            source: #"let a = NSLocalizedString("k", bundle: .module, comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: .module spanning lines",
            source: "let a = NSLocalizedString(\n    \"k\",\n    bundle:\n        .module,\n    comment: \"\")",
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: Foundation.Bundle.module in parentheses",
            source: #"let a = NSLocalizedString("k", bundle: (Foundation.Bundle.module), comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: of a class",
            source: #"let a = NSLocalizedString("k", tableName: "T", bundle: Bundle(for: Cart.self), value: "", comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "bundle: Bundle.init(for:)",
            source: #"let a = NSLocalizedString("k", bundle: Bundle.init(for: Cart.self), comment: "")"#,
            expected: ["1:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "Bundle.module.localizedString",
            source: #"let a = Bundle.module.localizedString(forKey: "k", value: nil, table: nil)"#,
            expected: ["1:9 lint.bundle-module"]),
        LintSnippet(
            name: "Foundation.Bundle.module.localizedString",
            source: #"let a = Foundation.Bundle.module.localizedString(forKey: "k", value: "v", table: "T")"#,
            expected: ["1:9 lint.bundle-module"]),
        LintSnippet(
            name: "Bundle(for:).localizedString",
            source: #"let a = Bundle(for: Cart.self).localizedString(forKey: "k", value: nil, table: "T")"#,
            expected: ["1:9 lint.bundle-module"]),
        LintSnippet(
            name: "String(localized:) with bundle: .module",
            source: #"let a = String(localized: "k", table: "Cart", bundle: .module)"#,
            expected: ["1:9 lint.string-localized"]),
        LintSnippet(
            name: "Text with bundle: .module",
            source: #"let v = Text("k", bundle: .module)"#,
            expected: ["1:9 lint.text-literal"]),
        LintSnippet(
            name: "LocalizedStringKey handed to Text with Bundle.module",
            source: #"let v = Text(LocalizedStringKey(title), bundle: Bundle.module)"#,
            expected: ["1:14 lint.localized-string-key"]),
        LintSnippet(
            name: "LocalizedStringResource for a class",
            source: #"let a = LocalizedStringResource("k", bundle: .forClass(Cart.self))"#,
            expected: ["1:9 lint.localized-string-resource"]),
        LintSnippet(
            name: "LocalizedStringResource at the module bundle's URL",
            source: #"let a = LocalizedStringResource("k", bundle: .atURL(Bundle.module.bundleURL))"#,
            expected: ["1:9 lint.localized-string-resource"]),
        LintSnippet(
            name: "a local bound to Bundle.module",
            source: "let bundle = Bundle.module\nlet a = NSLocalizedString(\"k\", bundle: bundle, comment: \"\")",
            expected: ["2:9 lint.nslocalizedstring"]),
        LintSnippet(
            name: "a name bound to a name bound to Bundle(for:)",
            source: "let shipped: Bundle = Bundle(for: Cart.self)\nlet b = shipped\nlet a = b.localizedString(forKey: \"k\", value: nil, table: nil)",
            expected: ["3:9 lint.bundle-module"]),
        LintSnippet(
            name: "a stored property an initializer sets to Bundle(for:)",
            source: "final class Strings {\n    private let bundle: Bundle\n    init() {\n        self.bundle = Bundle(for: Self.self)\n    }\n    func string(_ key: String) -> String {\n        bundle.localizedString(forKey: key, value: nil, table: nil)\n    }\n}",
            expected: ["7:9 lint.bundle-module"], compiles: false),
        LintSnippet(
            name: "a computed property returning .module",
            source: "var bundle: Bundle { .module }\nlet a = bundle.localizedString(forKey: \"k\", value: nil, table: nil)",
            expected: ["2:9 lint.bundle-module"]),
        LintSnippet(
            name: "SwiftGen's tr() through BundleToken.bundle",
            source: """
                extension L10n {
                  private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                    let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
                    return String(format: format, locale: Locale.current, arguments: args)
                  }
                }
                private final class BundleToken {
                  static let bundle: Bundle = {
                    #if SWIFT_PACKAGE
                    return Bundle.module
                    #else
                    return Bundle(for: BundleToken.self)
                    #endif
                  }()
                }
                """,
            expected: ["3:18 lint.bundle-module"], compiles: false),
        LintSnippet(
            name: "the code after a preview, and a type that only names PreviewProvider",
            source: "#Preview { Text(\"a\") }\nlet v = Text(\"b\")\nlet p: any PreviewProvider.Type = T.self; let w = Text(\"c\")",
            expected: ["2:9 lint.text-literal", "3:51 lint.text-literal"], compiles: false),
        LintSnippet(
            name: "an unterminated string ends at its line",
            source: "let s = \"abc\nlet a = NSLocalizedString(\"k\", comment: \"\")",
            expected: ["2:9 lint.nslocalizedstring"], compiles: false),
    ]

    static let traps: [LintSnippet] = [
        LintSnippet(name: "line comment", source: #"// let a = NSLocalizedString("k", comment: "")"#, expected: []),
        LintSnippet(name: "doc comment", source: "/// Wraps `NSLocalizedString(\"k\", comment: \"\")`.\nlet a = 1", expected: []),
        LintSnippet(name: "block comment", source: #"/* NSLocalizedString("k", comment: "") */"#, expected: []),
        LintSnippet(
            name: "nested block comment",
            source: "/* outer /* inner */ NSLocalizedString(\"k\", comment: \"\") /* again */ Text(\"x\") */",
            expected: []),
        LintSnippet(name: "string literal", source: #"let s = "NSLocalizedString(\"k\", comment: \"\")""#, expected: []),
        LintSnippet(name: "escaped quote in a string", source: #"let s = "\" Text(\"x\") \\""#, expected: []),
        LintSnippet(
            name: "multi-line string",
            source: "let s = \"\"\"\n    NSLocalizedString(\"k\", comment: \"\")\n    \"Text(\"x\")\"\n    \"\"\"",
            expected: []),
        LintSnippet(
            name: "multi-line string with escaped delimiter",
            source: "let s = \"\"\"\n    \\\"\"\" NSLocalizedString(\"k\", comment: \"\")\n    \"\"\"",
            expected: []),
        LintSnippet(
            name: "raw string with a quote inside",
            source: ##"let s = #"He said "NSLocalizedString("k", comment: "")""#"##,
            expected: []),
        LintSnippet(
            name: "raw string: \\( is text, not an interpolation",
            source: ##"let s = #"\(NSLocalizedString("k", comment: ""))"#"##,
            expected: []),
        LintSnippet(
            name: "raw string with two hashes holding \"#",
            source: ###"let s = ##"a "# Text("x") "##"###,
            expected: []),
        LintSnippet(
            name: "multi-line raw string",
            source: "let s = #\"\"\"\n    NSLocalizedString(\"k\", comment: \"\") \"\"\" still inside\n    \"\"\"#",
            expected: []),
        LintSnippet(
            name: "escaped backslash before a parenthesis",
            source: #"let s = "\\(NSLocalizedString)""#,
            expected: []),
        LintSnippet(
            name: "bundle: the overlay's bundle",
            source: #"let a = NSLocalizedString("k", bundle: localizer.bundle(for: "Checkout") ?? .module, comment: "")"#,
            expected: []),
        LintSnippet(
            name: "bundle: a member named main of something else",
            source: #"let a = NSLocalizedString("k", bundle: Bundles.main, comment: "")"#,
            expected: []),
        LintSnippet(
            name: "a comma inside the bundle: expression",
            source: #"let a = NSLocalizedString("k", bundle: pick(.module, fallback), comment: "")"#,
            expected: []),
        LintSnippet(
            name: "a local bound to the overlay's bundle with its fallback",
            source: "let bundle = localizer.bundle(for: \"Checkout\") ?? .module\nlet a = NSLocalizedString(\"k\", bundle: bundle, comment: \"\")",
            expected: []),
        LintSnippet(
            name: "localizedString on the overlay's bundle with its fallback",
            source: #"let a = (localizer.bundle(for: "M") ?? Bundle.module).localizedString(forKey: "k", value: nil, table: nil)"#,
            expected: []),
        LintSnippet(
            name: "a name bound to a shipped bundle and to the overlay's",
            source: "let b = Bundle.module\nlet c = 1\nlet b = localizer.bundle(for: \"M\") ?? .module\nlet a = NSLocalizedString(\"k\", bundle: b, comment: \"\")",
            expected: []),
        LintSnippet(
            name: "a declaration without a value does not take the next line's",
            source: "let bundle: Bundle\nvar shipped = Bundle.module\nlet a = NSLocalizedString(\"k\", bundle: bundle, comment: \"\")",
            expected: []),
        LintSnippet(
            name: "other members and uses of Bundle.module",
            source: #"let u = Bundle.module.url(forResource: "x", withExtension: "json"); let i = Image("x", bundle: .module)"#,
            expected: []),
        LintSnippet(
            name: "module of something that is not Bundle",
            source: #"let a = other.Bundle.module.localizedString(forKey: "k", value: nil, table: nil); let b = NSLocalizedString("k", bundle: Bundles.module, comment: "")"#,
            expected: []),
        LintSnippet(name: "longer identifier", source: #"let a = myNSLocalizedString("k")"#, expected: []),
        LintSnippet(
            name: "method named NSLocalizedStringFoo",
            source: "func NSLocalizedStringFoo(_ key: String) -> String { key }\nlet a = NSLocalizedStringFoo(\"k\")",
            expected: []),
        LintSnippet(name: "member access", source: #"let a = x.NSLocalizedString("k", comment: "")"#, expected: []),
        LintSnippet(
            name: "member of a call result and implicit member",
            source: #"let a = f().NSLocalizedString("k"); let b: T = .NSLocalizedString("k")"#,
            expected: []),
        LintSnippet(
            name: "a declaration of the same name",
            source: "func NSLocalizedString(_ key: String, comment: String) -> String { key }",
            expected: []),
        LintSnippet(name: "a reference without a call", source: "let lookup = NSLocalizedString", expected: []),
        LintSnippet(
            name: "a parenthesis that starts the next line",
            source: "let lookup = NSLocalizedString\n(\"k\", 1)",
            expected: []),
        LintSnippet(name: "Text(verbatim:)", source: #"let v = Text(verbatim: "Overlay Notes")"#, expected: []),
        LintSnippet(name: "Text of a String value", source: "let v = Text(title)", expected: []),
        LintSnippet(
            name: "Text of a literal without a letter",
            source: ##"let v = Text("@\(handle)") + Text("\(count)") + Text(" · ") + Text("") + Text("\u{E9}\n") + Text(#"\#t"#)"##,
            expected: []),
        LintSnippet(
            name: "previews run only in Xcode's canvas",
            source: "#Preview(\"Cart\") {\n    Text(\"Hello World\")\n}\nstruct CartView_Previews: PreviewProvider {\n    static var previews: some View { Text(\"abc\") }\n}",
            expected: [], compiles: false),
        LintSnippet(name: "Text of a concatenation", source: #"let v = Text("a" + title)"#, expected: []),
        LintSnippet(
            name: "Text with the overlay's bundle",
            source: #"let v = Text("k", bundle: localizer.bundle(for: "Checkout") ?? .module)"#, expected: []),
        LintSnippet(
            name: "LocalizedStringKey handed to Text with a bundle",
            source: #"let v = Text(LocalizedStringKey("k"), tableName: "T", bundle: overlayBundle)"#,
            expected: []),
        LintSnippet(
            name: "other String initializers",
            source: #"let a = String(describing: x) + String("k") + String(localized: "k", bundle: overlayBundle)"#,
            expected: []),
        LintSnippet(
            name: "LocalizedStringResource with a bundle",
            source: #"let a = LocalizedStringResource("k", bundle: .atURL(url))"#,
            expected: []),
        LintSnippet(
            name: "other members of Bundle.main",
            source: #"let a = Bundle.main.path(forResource: "x", ofType: nil); let b = other.Bundle.main.localizedString(forKey: "k", value: nil, table: nil)"#,
            expected: []),
        LintSnippet(name: "bare regex literal", source: #"let r = /NSLocalizedString\("/"#, expected: []),
        LintSnippet(name: "extended regex literal", source: ##"let r = #/Text\("x"\)/#"##, expected: []),
        LintSnippet(
            name: "multi-line extended regex literal",
            source: "let r = #/\n  NSLocalizedString \\( \" \\) # a comment holding ) and \"\n  /#",
            expected: []),
        LintSnippet(
            name: "attribute message",
            source: #"@available(*, deprecated, message: "use NSLocalizedString(\"k\", comment: \"\")") func f() {}"#,
            expected: []),
        LintSnippet(
            name: "an interpolation's string holding a call",
            source: #"let s = "\(f("NSLocalizedString(\"k\")"))""#,
            expected: []),
    ]

    static let all = positives + traps
}
