package import OverlayCore

/// A Swift source file cut into tokens, with what a matcher needs on top: where each bracket closes, the line
/// and column of any byte, the text of a token. Build it once per file; every query after that is cheap.
///
/// Lines are 1-based and end at `\n`, `\r\n` or `\r`. Columns are 1-based and count **UTF-8 bytes**, as `swiftc`
/// counts them in its own diagnostics (a leading byte-order mark is not counted), so an editor that jumps to a
/// compiler warning jumps to a lint finding the same way.
///
/// ```swift
/// let source = SwiftSource(#"let title = NSLocalizedString("cart.title", comment: "")"#)
/// let call = source.calls(named: "NSLocalizedString").first
/// call.map { source.stringLiteralValue(of: $0.arguments[0]) }   // "cart.title"
/// call.map { source.location(ofToken: $0.callee) }              // 1:13
/// ```
package struct SwiftSource: Sendable {
    package let bytes: [UInt8]
    package let tokens: [SwiftToken]
    /// For an opener (`(`, `[`, `{`, `.stringStart`, `.interpolationStart`), the index of the token that closes
    /// it, or `tokens.count` when nothing does; -1 for every other token.
    let partners: [Int]
    /// Byte offsets where lines start; the first is 0.
    let lineStarts: [Int]
    let byteOrderMarkLength: Int

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        tokens = SwiftLexer.tokenize(bytes)
        partners = Self.matchGroups(tokens)
        lineStarts = Self.lineStarts(bytes)
        byteOrderMarkLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    package init(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// Number of lines (a final line break does not start another one).
    package var lineCount: Int {
        guard !bytes.isEmpty, let last = lineStarts.last else { return 0 }
        return last == bytes.count && lineStarts.count > 1 ? lineStarts.count - 1 : lineStarts.count
    }

    /// Line and column (UTF-8 bytes) of the byte at `offset`.
    package func location(ofByte offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = offset - lineStarts[low] + 1 - (low == 0 ? byteOrderMarkLength : 0)
        return SourceLocation(line: low + 1, column: max(column, 1))
    }

    /// Line and column of the first byte of the token at `index`.
    package func location(ofToken index: Int) -> SourceLocation {
        location(ofByte: tokens[index].start)
    }

    /// The token's bytes as text.
    package func text(of token: SwiftToken) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    /// The index of the token that closes the opener at `index` (`tokens.count` when unclosed), or nil when the
    /// token there opens nothing.
    package func closer(ofOpenerAt index: Int) -> Int? {
        let partner = partners[index]
        return partner >= 0 ? partner : nil
    }

    /// Whether the token at `index` is the identifier `name`, plain or `` `escaped` ``.
    package func isIdentifier(_ index: Int, _ name: String) -> Bool {
        isIdentifier(index, Array(name.utf8)[...])
    }

    func isIdentifier(_ index: Int, _ name: ArraySlice<UInt8>) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        guard token.kind == .identifier else { return false }
        var start = token.start
        var end = token.end
        if bytes[start] == UInt8(ascii: "`") {
            start += 1
            end -= 1
        }
        return end - start == name.count && bytes[start..<end].elementsEqual(name)
    }

    /// The name an identifier token spells, without backticks.
    package func identifierName(_ index: Int) -> String {
        let token = tokens[index]
        if bytes[token.start] == UInt8(ascii: "`"), token.end - token.start >= 2 {
            return String(decoding: bytes[(token.start + 1)..<(token.end - 1)], as: UTF8.self)
        }
        return text(of: token)
    }

    /// Pairs every opener with its closer. A closer pairs with the innermost open group of its kind and closes
    /// whatever was left open inside it, so one missing `}` does not shift every pair after it; a stray closer
    /// pairs with nothing and never reaches out of the literal or interpolation it sits in.
    ///
    /// Each stretch between literal boundaries counts its open `(`, `[` and `{`, so a stray closer is known to be
    /// stray at once: 100,000 `(` followed by 100,000 `]` cost one pass, not a search of the stack per `]`.
    static func matchGroups(_ tokens: [SwiftToken]) -> [Int] {
        var partners = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        /// Per stretch: the literal boundary that opened it (nil for the file) and its open bracket counts.
        var stretches: [(boundary: SwiftToken.Kind?, counts: [Int])] = [(nil, [0, 0, 0])]
        func slot(_ kind: SwiftToken.Kind) -> Int? {
            switch kind {
            case .leftParen: 0
            case .leftBracket: 1
            case .leftBrace: 2
            default: nil
            }
        }
        for (index, token) in tokens.enumerated() {
            if token.isOpener {
                open.append(index)
                if let slot = slot(token.kind) {
                    stretches[stretches.count - 1].counts[slot] += 1
                } else {
                    stretches.append((token.kind, [0, 0, 0]))
                }
                continue
            }
            guard let wanted = token.closedOpener else { continue }
            if let slot = slot(wanted) {
                guard stretches[stretches.count - 1].counts[slot] > 0 else { continue }
            } else {
                guard stretches.count > 1, stretches[stretches.count - 1].boundary == wanted else { continue }
            }
            while let opener = open.popLast() {
                partners[opener] = index
                let kind = tokens[opener].kind
                if let slot = slot(kind) {
                    stretches[stretches.count - 1].counts[slot] -= 1
                } else {
                    stretches.removeLast()
                }
                if kind == wanted { break }
            }
        }
        for opener in open { partners[opener] = tokens.count }
        return partners
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }
}
