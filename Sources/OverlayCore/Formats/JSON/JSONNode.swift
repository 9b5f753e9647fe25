/// A JSON value with its path and location, for decoders that report errors like
/// `modules[2].sha256: expected a string, found a number`.
package struct JSONNode: Sendable, Equatable {
    package let value: JSONValue
    /// The path of the array or object holding this value, and the step to it (`nil` for the top-level value): a
    /// decoder reads many fields and fails on few, so ``path`` joins them only when asked.
    fileprivate let container: JSONPath
    fileprivate let step: JSONPath.Component?
    /// The location of the member key (or the object's `{`) that holds this value, when known.
    package let location: SourceLocation?

    /// Where this value sits in the document, e.g. `modules[2].sha256`.
    package var path: JSONPath { step.map { container.appending($0) } ?? container }

    /// An error for this value with the given code and reason, prefixed with its path.
    package func error(_ code: JSONError.Code, _ reason: String) -> JSONError {
        JSONError(code: code, message: "\(path): \(reason)", location: location, path: path)
    }

    /// An ``JSONError/Code/wrongType`` error: "`path`: expected …, found …".
    package func wrongType(expected: String) -> JSONError {
        error(.wrongType, "expected \(expected), found \(value.kindDescription)")
    }

    package func string() throws(JSONError) -> String {
        guard let text = value.stringValue else { throw wrongType(expected: "a string") }
        return text
    }

    package func bool() throws(JSONError) -> Bool {
        guard let flag = value.boolValue else { throw wrongType(expected: "true or false") }
        return flag
    }

    /// The exact integer, or an error for non-numbers, fractions, exponents and out-of-range values.
    package func int() throws(JSONError) -> Int {
        guard case .number(let number) = value else { throw wrongType(expected: "an integer") }
        guard let integer = number.intValue else {
            throw error(.invalidValue, "expected an integer, found \(number.text)")
        }
        return integer
    }

    /// The elements as nodes (`path[0]`, `path[1]`, …), or a wrong-type error.
    package func array() throws(JSONError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw wrongType(expected: "an array") }
        let path = path
        return elements.enumerated().map { position, element in
            JSONNode(value: element, container: path, step: .index(position),
                     location: element.objectValue?.location ?? location)
        }
    }

    package func object() throws(JSONError) -> JSONObjectNode {
        guard let object = value.objectValue else { throw wrongType(expected: "an object") }
        return JSONObjectNode(object: object, path: path, location: object.location ?? location)
    }
}

extension JSONNode {
    /// Wraps a document's top-level value.
    package init(_ value: JSONValue) {
        self.init(value: value, container: .root, step: nil, location: value.objectValue?.location)
    }
}

/// A JSON object with its path, offering `required`/`optional` field accessors that name the field path.
package struct JSONObjectNode: Sendable, Equatable {
    package let object: JSONObject
    package let path: JSONPath
    /// Where the object's `{` is, when known.
    package let location: SourceLocation?

    /// The members in document order, as nodes made as they are read: an array of them would be one more generic type
    /// for the runtime to build on a launch's first read.
    package var members: LazyMapSequence<[JSONObject.Member], (key: String, node: JSONNode)> {
        object.members.lazy.map { ($0.key, node(of: $0)) }
    }

    /// The member `key`, or `nil` when absent. An explicit `null` is returned as a node.
    package func optional(_ key: String) -> JSONNode? { object.member(key).map(node(of:)) }

    /// Located at its key, or at the object's `{` when the member was built in code.
    private func node(of member: JSONObject.Member) -> JSONNode {
        JSONNode(value: member.value, container: path, step: .key(member.key), location: member.location ?? location)
    }

    /// The member `key`, or a ``JSONError/Code/missingField`` error naming `path.key`.
    package func required(_ key: String) throws(JSONError) -> JSONNode {
        guard let node = optional(key) else {
            let fieldPath = path.appending(.key(key))
            throw JSONError(code: .missingField, message: "\(fieldPath): required field is missing",
                            location: location, path: fieldPath)
        }
        return node
    }
}
