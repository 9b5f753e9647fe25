/// A JSON object: members in document order, each with the location of its key, and lookup by key.
///
/// Keys are unique as Swift compares `String`s (canonical equivalence): `"é"` precomposed and decomposed are one
/// key, which would otherwise collapse silently in a `[String: …]` built later. Equality ignores member order and
/// locations (RFC 8259 objects are unordered).
package struct JSONObject: Sendable, Equatable {
    /// One `"key": value` pair.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: JSONValue
        /// Where the key's opening quote is; `nil` for objects built in code.
        package var location: SourceLocation?
    }

    /// The members in document (or insertion) order.
    package private(set) var members: [Member] = []
    /// Where the object's `{` is; `nil` for objects built in code.
    package var location: SourceLocation?
    /// Key → position, built once an object outgrows ``linearLimit``: most objects (a store's state, a manifest's
    /// module entry) have a handful of members, which a scan finds faster than a hash table is built.
    private var indexByKey: [String: Int]?
    private static let linearLimit = 8

    package init(location: SourceLocation? = nil) {
        self.location = location
    }

    /// Creates an object from pairs in order; a repeated key replaces the earlier value in place.
    package init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    package var count: Int { members.count }

    package var isEmpty: Bool { members.isEmpty }

    package var keys: [String] { members.map(\.key) }

    /// The member named `key`, with its location.
    package func member(_ key: String) -> Member? {
        index(of: key).map { members[$0] }
    }

    /// The value for `key`; setting `nil` removes the member, setting a new key appends it.
    package subscript(key: String) -> JSONValue? {
        get { index(of: key).map { members[$0].value } }
        set {
            if let index = index(of: key) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                    rebuildIndex()
                }
            } else if let newValue {
                appendAbsent(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member whose key the caller found absent (the parser, which reports a duplicate before it reads
    /// the value).
    mutating func appendAbsent(_ member: Member) {
        indexByKey?[member.key] = members.count
        if members.isEmpty { members.reserveCapacity(4) }  // one allocation for the usual small object, not three
        members.append(member)
        if indexByKey == nil, members.count > Self.linearLimit { rebuildIndex() }
    }

    /// The position of `key` (compared as `String`s are, as the index would).
    private func index(of key: String) -> Int? {
        if let indexByKey { return indexByKey[key] }
        return members.firstIndex { $0.key == key }
    }

    package func contains(_ key: String) -> Bool { index(of: key) != nil }

    private mutating func rebuildIndex() {
        indexByKey = members.count > Self.linearLimit
            ? Dictionary(uniqueKeysWithValues: zip(members.map(\.key), members.indices)) : nil
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members where rhs[member.key] != member.value { return false }
        return true
    }
}
