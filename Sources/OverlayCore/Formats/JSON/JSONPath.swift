/// Where a value sits inside a JSON document, printed like `modules[2].sha256` or `strings["Hi %@"].comment`.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object key or an array index.
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package var components: [Component]

    package init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document's top-level value.
    package static let root = JSONPath()

    /// One allocation per step: `components + [step]` made two (the literal and the sum), and every array or object a
    /// decoder enters takes a step.
    package func appending(_ step: Component) -> JSONPath {
        var steps: [Component] = []
        steps.reserveCapacity(components.count + 1)
        steps.append(contentsOf: components)
        steps.append(step)
        return JSONPath(steps)
    }

    /// Keys made of `[A-Za-z0-9_-]` print after a dot; others print as `["…"]` with JSON escapes.
    package var description: String {
        if components.isEmpty { return "(root)" }
        var result = ""
        for component in components {
            switch component {
            case .index(let index):
                result += "[\(index)]"
            case .key(let key) where Self.isPlain(key):
                result += result.isEmpty ? key : "." + key
            case .key(let key):
                result += "[" + JSONValue.string(key).serialized() + "]"
            }
        }
        return result
    }

    private static func isPlain(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }
}
