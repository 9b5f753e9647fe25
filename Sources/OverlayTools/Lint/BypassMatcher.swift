package import OverlayCore

/// Finds, in one Swift file, the lookups that resolve in the main bundle and so never see an overlay
/// (``LintRule``): one pass over the tokens of ``SwiftSource``, so comments, string literals and regex literals
/// are never mistaken for code, while the code inside `\( … )` is checked like any other.
///
/// A call is checked only when its name is free (`NSLocalizedString(…)`, `Foundation.NSLocalizedString(…)`),
/// not a member (`x.NSLocalizedString(…)`), not a longer name (`myNSLocalizedString`) and not a `func`
/// declaration. Its `bundle:` argument decides: absent, `.main`, `Bundle.main`, `Foundation.Bundle.main` or `nil`
/// (which all mean the main bundle) is a finding, and so is a bundle the build shipped (`.module`,
/// `Bundle(for: T.self)`, a name bound to one: ``ShippedBundles``) unless it is the fallback of the overlay's
/// bundle (`localizer.bundle(for: "M") ?? .module`); any other expression is accepted, since the linter cannot
/// know what it evaluates to. `localizedString(forKey:…)` called on `Bundle.main` or on a shipped bundle is a
/// finding too.
///
/// ```swift
/// let source = SwiftSource(#"Text("Checkout", bundle: .main)"#)
/// BypassMatcher.findings(in: source, file: "CartView.swift", module: "Checkout").map(\.code)
/// // ["lint.text-literal"]
/// ```
package enum BypassMatcher {
    package static func findings(in source: SwiftSource, file: String?, module: String?) -> [Finding] {
        var matcher = Matcher(source: source, file: file, module: module)
        matcher.run()
        return matcher.findings
    }
}

/// What a call's `bundle:` argument says.
private enum BundleArgument {
    case absent
    /// The main bundle, spelled as the source text holds it (`.main`, `Bundle.main`, `nil`).
    case main(String)
    /// A bundle the build shipped (`.module`, `Bundle(for: T.self)`), as the source text spells it.
    case shipped(String)
    /// Any other expression: accepted.
    case other
}

private struct Matcher {
    let source: SwiftSource
    let file: String?
    let module: String?
    let shipped: ShippedBundles
    var findings: [Finding] = []
    /// Groups (`(`, `[`, `{`, literals, interpolations) open at the current token, innermost last.
    var openGroups: [Int] = []
    /// The `bundle:` of calls already parsed for a `LocalizedStringKey` inside them, by their `(`.
    var bundleOfGroup: [Int: BundleArgument] = [:]

    /// Qualifiers that may precede `.main` and still mean the main bundle.
    static let mainBundleQualifiers: Set<String> = ["Foundation", "Bundle", "LocalizedStringResource", "BundleDescription"]

    /// The names a rule starts from.
    enum Name: String, CaseIterable {
        case nsLocalizedString = "NSLocalizedString"
        case localizedString
        case string = "String"
        case attributedString = "AttributedString"
        case localizedStringResource = "LocalizedStringResource"
        case localizedStringKey = "LocalizedStringKey"
        case text = "Text"

        static let spelled: [(Name, ArraySlice<UInt8>)] = allCases.map { ($0, Array($0.rawValue.utf8)[...]) }
    }

    init(source: SwiftSource, file: String?, module: String?) {
        self.source = source
        self.file = file
        self.module = module
        shipped = ShippedBundles(source)
    }

    mutating func run() {
        let tokens = source.tokens
        var previewEnd = -1
        for index in tokens.indices {
            while let innermost = openGroups.last, source.partners[innermost] <= index { openGroups.removeLast() }
            let token = tokens[index]
            if index < previewEnd { continue }
            if let body = previewBody(at: index) {
                previewEnd = source.partners[body]
                continue
            }
            if token.isOpener {
                openGroups.append(index)
                continue
            }
            guard token.kind == .identifier else { continue }
            let length = token.end - token.start
            for (name, spelled) in Name.spelled where spelled.count == length || spelled.count == length - 2 {
                if source.isIdentifier(index, spelled) {
                    check(name, at: index)
                    break
                }
            }
        }
    }

    // MARK: Rules

    mutating func check(_ name: Name, at index: Int) {
        switch name {
        case .nsLocalizedString: checkNSLocalizedString(at: index)
        case .localizedString: checkBundleMain(at: index)
        case .string: checkStringLocalized(at: index, callee: "String")
        case .attributedString: checkStringLocalized(at: index, callee: "AttributedString")
        case .localizedStringResource: checkResource(at: index)
        case .localizedStringKey: checkKey(at: index)
        case .text: checkText(at: index)
        }
    }

    mutating func checkNSLocalizedString(at index: Int) {
        guard source.isFreeReference(index), let call = source.call(at: index) else { return }
        report(.nsLocalizedString, at: index, bundle: bundleArgument(call.arguments), callee: "NSLocalizedString")
    }

    /// `Bundle.main.localizedString(…)`, reported at `Bundle`; `localizedString(forKey:…)` on a shipped bundle,
    /// reported where its receiver starts.
    mutating func checkBundleMain(at index: Int) {
        let tokens = source.tokens
        if let receiver = shipped.receiver(ofMemberAt: index), let call = source.call(at: index),
            call.arguments.first?.label == "forKey", shipped.isShipped(receiver)
        {
            report(.bundleModule, at: receiver.lowerBound, bundle: .shipped(text(of: receiver)), callee: "localizedString")
            return
        }
        guard index >= 4, tokens[index - 1].kind == .period, source.isIdentifier(index - 2, "main"),
            tokens[index - 3].kind == .period, source.isIdentifier(index - 4, "Bundle"),
            source.isFreeReference(index - 4, modules: ["Foundation"]), source.call(at: index) != nil
        else { return }
        report(.bundleMain, at: index - 4, bundle: .absent, callee: "Bundle")
    }

    mutating func checkStringLocalized(at index: Int, callee: String) {
        guard source.isFreeReference(index), let call = source.call(at: index),
            call.arguments.first?.label == "localized"
        else { return }
        report(.stringLocalized, at: index, bundle: bundleArgument(call.arguments), callee: callee)
    }

    mutating func checkResource(at index: Int) {
        guard source.isFreeReference(index), let call = source.call(at: index) else { return }
        report(.localizedStringResource, at: index, bundle: bundleArgument(call.arguments), callee: "LocalizedStringResource")
    }

    /// `Text` localizes only a literal first argument (`Text("Hello \(name)")` too); `Text(verbatim:)` and
    /// `Text(someString)` do not localize at all. A literal without a letter (`"@\(handle)"`, `"\(count)"`,
    /// `"·"`) is looked up too, but no catalog translates it, so it is not reported.
    mutating func checkText(at index: Int) {
        guard source.isFreeReference(index), let call = source.call(at: index), let first = call.arguments.first,
            first.label == nil, source.isStringLiteral(first), source.literalHasLetter(first)
        else { return }
        report(.textLiteral, at: index, bundle: bundleArgument(call.arguments), callee: "Text")
    }

    /// A `LocalizedStringKey` has no bundle of its own: it is fine only as an argument of a call that names one
    /// (`Text(LocalizedStringKey(key), bundle: .module)`).
    mutating func checkKey(at index: Int) {
        guard source.isFreeReference(index), source.call(at: index) != nil else { return }
        var bundle = BundleArgument.absent
        if let group = openGroups.last, source.tokens[group].kind == .leftParen, group > 0,
            source.tokens[group - 1].kind == .identifier
        {
            if let known = bundleOfGroup[group] {
                bundle = known
            } else {
                bundle = bundleArgument(source.arguments(ofGroupAt: group))
                bundleOfGroup[group] = bundle
            }
        }
        report(.localizedStringKey, at: index, bundle: bundle, callee: "LocalizedStringKey")
    }

    // MARK: Support

    /// The `{` of a preview's body that starts at `index`: `#Preview { … }`, `#Preview("Name") { … }`, or the body
    /// of a type conforming to `PreviewProvider`. Xcode runs that code only in the canvas, never in the app, so
    /// its literals are not lookups a user sees.
    func previewBody(at index: Int) -> Int? {
        let tokens = source.tokens
        var cursor: Int
        if tokens[index].kind == .pound, source.text(of: tokens[index]) == "#Preview" {
            cursor = index + 1
            if cursor < tokens.count, tokens[cursor].kind == .leftParen { cursor = source.partners[cursor] + 1 }
            return cursor < tokens.count && tokens[cursor].kind == .leftBrace ? cursor : nil
        }
        guard source.isIdentifier(index, "PreviewProvider"), index >= 1,
            tokens[index - 1].kind == .colon || tokens[index - 1].kind == .comma
        else { return nil }
        cursor = index + 1
        while cursor < tokens.count, cursor - index <= 8 {
            switch tokens[cursor].kind {
            case .leftBrace: return cursor
            case .identifier, .comma, .period: cursor += 1
            default: return nil
            }
        }
        return nil
    }

    mutating func report(_ rule: LintRule, at index: Int, bundle: BundleArgument, callee: String) {
        let given: String?
        var isShipped = false
        switch bundle {
        case .other: return
        case .absent: given = nil
        case .main(let text): given = text
        case .shipped(let text): given = text; isShipped = true
        }
        let location = source.location(ofToken: index)
        findings.append(
            Finding(
                code: rule.rawValue, severity: .warning,
                message: LintRule.message(rule, module: module, bundle: given, isShipped: isShipped, callee: callee),
                location: Finding.Location(file: file, line: location.line, column: location.column, module: module)))
    }

    func bundleArgument(_ arguments: [SwiftArgument]) -> BundleArgument {
        guard let argument = arguments.first(where: { $0.label == "bundle" }) else { return .absent }
        var value = argument.value
        while value.count >= 2, source.tokens[value.lowerBound].kind == .leftParen,
            source.partners[value.lowerBound] == value.upperBound - 1
        {
            value = (value.lowerBound + 1)..<(value.upperBound - 1)
        }
        guard let last = value.last else { return .other }
        let text = text(of: value)
        if value.count == 1, source.isIdentifier(last, "nil") { return .main(text) }
        if namesMainBundle(value) { return .main(text) }
        return shipped.isShipped(value) ? .shipped(text) : .other
    }

    /// The source text of the tokens in `range`, as written.
    func text(of range: Range<Int>) -> String {
        guard let last = range.last else { return "" }
        return String(decoding: source.bytes[source.tokens[range.lowerBound].start..<source.tokens[last].end], as: UTF8.self)
    }

    /// `.main`, `Bundle.main`, `Foundation.Bundle.main`, `LocalizedStringResource.BundleDescription.main`.
    func namesMainBundle(_ value: Range<Int>) -> Bool {
        guard value.count >= 2, let last = value.last, source.isIdentifier(last, "main"),
            source.tokens[last - 1].kind == .period
        else { return false }
        let qualifiers = value.lowerBound..<(last - 1)
        guard qualifiers.count % 2 == 1 || qualifiers.isEmpty else { return false }
        for (offset, index) in qualifiers.enumerated() {
            if offset % 2 == 0 {
                guard source.tokens[index].kind == .identifier,
                    Self.mainBundleQualifiers.contains(source.identifierName(index))
                else { return false }
            } else if source.tokens[index].kind != .period {
                return false
            }
        }
        return true
    }
}
