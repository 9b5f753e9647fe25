import Foundation
import Testing
@testable import OverlayCore

/// Where the store lives: Application Support/Overlay, or the App Group container an app and its extensions share.
@Suite struct StoreLocationTests {
    @Test("an App Group's store is Library/Application Support/Overlay inside the group's container")
    func appGroupPath() throws {
        let container = URL(fileURLWithPath: "/private/var/mobile/Containers/Shared/AppGroup/0F1E", isDirectory: true)
        var asked: [String] = []
        let url = try StoreLocation.appGroup("group.com.example.shop", hasAppGroups: true) { identifier in
            asked.append(identifier)
            return container
        }
        #expect(asked == ["group.com.example.shop"])
        #expect(url.path == "/private/var/mobile/Containers/Shared/AppGroup/0F1E/Library/Application Support/Overlay")
    }

    @Test("no container (the group is not in the entitlement), no App Groups, or no identifier: an error that says what to do")
    func appGroupRefusals() {
        let missing = #expect(throws: StoreLocationError.self) {
            try StoreLocation.appGroup("group.com.example.shop", hasAppGroups: true) { _ in nil }
        }
        #expect(missing?.code == .unavailable)
        #expect(missing?.message.contains("com.apple.security.application-groups") == true)
        let linux = #expect(throws: StoreLocationError.self) {
            try StoreLocation.appGroup("group.com.example.shop", hasAppGroups: false) { _ in Issue.record("asked"); return nil }
        }
        #expect(linux?.code == .unavailable)
        #expect(linux?.message.contains("Apple platforms only") == true)
        for identifier in ["", "group/../x"] {
            let invalid = #expect(throws: StoreLocationError.self) {
                try StoreLocation.appGroup(identifier, hasAppGroups: true) { _ in URL(fileURLWithPath: "/c") }
            }
            #expect(invalid?.code == .invalidIdentifier)
        }
    }

    @Test("Linux keeps the store in the XDG state directory: an absolute XDG_STATE_HOME, else ~/.local/state")
    func xdgStateHome() throws {
        #expect(try PlatformDirectories.xdgStateHome(environment: ["XDG_STATE_HOME": "/srv/state", "HOME": "/home/u"]).path
            == "/srv/state")
        // The XDG Base Directory specification ignores a relative path.
        #expect(try PlatformDirectories.xdgStateHome(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"]).path
            == "/home/u/.local/state")
        #expect(try PlatformDirectories.xdgStateHome(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state")
        #expect(throws: StoreLocationError.self) { try PlatformDirectories.xdgStateHome(environment: [:]) }
    }

    @Test("this platform's Application Support store is a folder named Overlay")
    func applicationSupportName() throws {
        let url = try StoreLocation.applicationSupport()
        #expect(url.lastPathComponent == StoreLocation.directoryName)
        #expect(url.path.hasPrefix("/"))
    }
}
