public import Foundation

/// Active revision directories as Foundation bundles, for apps that keep `NSLocalizedString`:
/// `localizer.bundle(for: "Checkout") ?? .module`.
///
/// Each revision lives at a new path (`modules/<Module>/<sha256>/`), so `Bundle`'s per-path cache can never serve
/// the text of an older revision. Note that `Bundle` falls back per table and, on Linux, cannot read
/// `.stringsdict` entries (FORMATS.md §2.3): prefer ``LocalizedTable`` lookups there.
public enum OverlayBundles {
    /// The bundle of `module`'s active revision in `revisions`; nil when it has none or the directory is gone.
    package static func bundle(for module: String, in revisions: [String: ActiveRevision]) -> Bundle? {
        guard let revision = revisions[module] else { return nil }
        return Bundle(url: revision.directory)
    }

    /// The bundle of `module`'s active revision in `snapshot`.
    public static func bundle(for module: String, in snapshot: StoreSnapshot) -> Bundle? {
        bundle(for: module, in: snapshot.modules)
    }
}
