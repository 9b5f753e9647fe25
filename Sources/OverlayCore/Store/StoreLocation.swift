public import Foundation

/// Where a client keeps its store: the app's own Application Support, or an App Group container the app names so that
/// its extensions and widgets read the same overlay (docs/INTEGRATING.md, "Where the store lives").
///
/// ```swift
/// let store = try StoreLocation.applicationSupport()                 // …/Library/Application Support/Overlay
/// let shared = try StoreLocation.appGroup("group.com.example.shop")  // the group container's Library/Application Support/Overlay
/// let configuration = SyncConfiguration(origin: cdn, appVersion: "2.4", trustedKeys: keys, shipped: shipped, storeURL: shared)
/// ```
///
/// Wherever it lives, the store excludes its directory from backups (it can be downloaded again) and, on iOS, tvOS,
/// watchOS and visionOS, gives it the protection class `completeUntilFirstUserAuthentication`, so a launch in the
/// background reads it while the device is locked; it does both each time it opens to write.
public enum StoreLocation {
    /// The store directory's own name, inside the directory the platform gives an app.
    public static let directoryName = "Overlay"

    /// `Application Support/Overlay`: the app's (or the extension's) own container on iOS; on macOS inside the folder
    /// named by the app's bundle identifier; on Linux `$XDG_STATE_HOME/Overlay` (else `~/.local/state/Overlay`).
    /// - Throws: ``StoreLocationError`` when the platform gives this process no such directory.
    public static func applicationSupport() throws(StoreLocationError) -> URL {
        try PlatformDirectories.applicationSupport().appendingPathComponent(directoryName, isDirectory: true)
    }

    /// `Library/Application Support/Overlay` inside the shared container of the App Group `identifier` (the app and each
    /// extension or widget list it in their `com.apple.security.application-groups` entitlement).
    /// - Throws: ``StoreLocationError`` when the identifier is empty, names no container this process may use, or the
    ///   platform has no App Groups.
    public static func appGroup(_ identifier: String) throws(StoreLocationError) -> URL {
        try appGroup(identifier, hasAppGroups: PlatformDirectories.hasAppGroups, container: PlatformDirectories.appGroupContainer)
    }

    /// ``appGroup(_:)`` with the platform's answers given (tests).
    package static func appGroup(
        _ identifier: String, hasAppGroups: Bool, container: (String) -> URL?
    ) throws(StoreLocationError) -> URL {
        guard !identifier.isEmpty, !identifier.contains("/") else {
            throw StoreLocationError(code: .invalidIdentifier, message: "'\(identifier)' is not an App Group identifier; "
                + "pass the one in your entitlement, e.g. \"group.com.example.app\"")
        }
        guard hasAppGroups else {
            throw StoreLocationError(code: .unavailable, message: "App Group containers exist on Apple platforms only; "
                + "pass the store's directory here")
        }
        guard let root = container(identifier) else {
            throw StoreLocationError(code: .unavailable, message: "no container for the App Group '\(identifier)': add it "
                + "to the com.apple.security.application-groups entitlement of the app and of every extension that reads it")
        }
        return root.appendingPathComponent("Library/Application Support", isDirectory: true)
            .appendingPathComponent(directoryName, isDirectory: true)
    }
}

/// Why ``StoreLocation`` has no directory to give.
public struct StoreLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable error kind.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// The platform gives this process no such directory (no App Group entitlement, no home directory).
        public static let unavailable = Code(rawValue: "store-location.unavailable")
        /// The App Group identifier is empty or not a name.
        public static let invalidIdentifier = Code(rawValue: "store-location.invalid-identifier")

        public var description: String { rawValue }
    }

    public var code: Code
    /// What is wrong and what to do.
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
