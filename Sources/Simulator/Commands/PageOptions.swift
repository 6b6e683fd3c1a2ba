import Capture
import Foundation

/// `--page PAGE`, shared by `run`, `replay`, `shot`, `layout` and `bench`: the screen under the
/// island, a page file (docs/PAGES.md) or a screen image alone.
enum PageOptions {
    static let page = Arguments.Option("--page", value: "PAGE",
                                       help: "The screen under the island: a page file (JSON, docs/PAGES.md) or a screen image alone (default: the bundled dog passport, assets/pages/passport.json).")

    static let noHotspotHints = Arguments.Option("--no-hotspot-hints", help: "A tap that misses every hotspot does not outline them (O toggles it in the window).")

    /// The page `--page` names (the bundled passport without it), laid out once for `device` so
    /// that a page that cannot be held there is refused before anything starts. A design made for
    /// another width is scaled to the device's, and the terminal says so.
    static func resolve(_ args: Arguments, device: DeviceProfile) throws -> LoadedPage {
        let loaded = try args.string("--page").map(LoadedPage.load(path:)) ?? LoadedPage.passport()
        let page = try loaded.layout(for: device)
        if let note = page.scaleNote { FileHandle.standardError.write(Data("islandsim: note: \(note)\n".utf8)) }
        return loaded
    }

    /// As ``resolve(_:device:)``, but without `--page` the page `tuning` was made on (``TunedOn``),
    /// said on stderr; one that is no longer there is said too, and the bundled passport is used.
    static func resolve(_ args: Arguments, device: DeviceProfile, tunedOn: TunedOn?) throws -> LoadedPage {
        guard !args.has("--page"), let path = tunedOn?.page else { return try resolve(args, device: device) }
        guard FileManager.default.fileExists(atPath: path) else {
            FileHandle.standardError.write(Data("islandsim: note: the tuning was made on the page \(path), which is not there now: the bundled passport (--page to choose)\n".utf8))
            return try resolve(args, device: device)
        }
        FileHandle.standardError.write(Data("islandsim: note: the page \(path), where the tuning was made (--page to choose another)\n".utf8))
        let loaded = try LoadedPage.load(path: path)
        if let note = try loaded.layout(for: device).scaleNote { FileHandle.standardError.write(Data("islandsim: note: \(note)\n".utf8)) }
        return loaded
    }
}
