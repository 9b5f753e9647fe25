// The platform layer: where this platform keeps an app's files (StoreLocation builds on it).
package import Foundation

package enum PlatformDirectories {
    /// The directory an app keeps its support files in: Apple's Application Support (on macOS, whose Application
    /// Support is shared by all of the user's apps, the folder named by the main bundle's identifier when there is
    /// one); on Linux the XDG state directory (`$XDG_STATE_HOME`, else `~/.local/state`).
    package static func applicationSupport(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(StoreLocationError) -> URL {
        #if canImport(Darwin)
        // developer.apple.com/documentation/foundation/filemanager/searchpathdirectory/applicationsupportdirectory
        let base: URL
        do {
            base = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil,
                                               create: false)
        } catch {
            throw StoreLocationError(code: .unavailable, message: "this process has no Application Support directory (\(error))")
        }
        #if os(macOS)
        if let identifier = Bundle.main.bundleIdentifier { return base.appendingPathComponent(identifier, isDirectory: true) }
        #endif
        return base
        #else
        return try xdgStateHome(environment: environment)
        #endif
    }

    /// `$XDG_STATE_HOME` when it is an absolute path (the XDG Base Directory specification ignores a relative one),
    /// else `$HOME/.local/state`.
    package static func xdgStateHome(environment: [String: String]) throws(StoreLocationError) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return URL(fileURLWithPath: state, isDirectory: true) }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw StoreLocationError(code: .unavailable, message: "neither XDG_STATE_HOME nor HOME is an absolute path; "
                + "pass the store's directory yourself")
        }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state", isDirectory: true)
    }

    /// The shared container of the App Group `identifier` (Apple's `containerURL(forSecurityApplicationGroupIdentifier:)`:
    /// nil on iOS when the identifier is not in the target's `com.apple.security.application-groups` entitlement);
    /// nil on platforms without App Groups.
    package static func appGroupContainer(_ identifier: String) -> URL? {
        #if canImport(Darwin)
        // developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
        return FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)
        #else
        return nil
        #endif
    }

    package static var hasAppGroups: Bool {
        #if canImport(Darwin)
        return true
        #else
        return false
        #endif
    }
}
