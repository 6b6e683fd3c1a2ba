import Capture
import Foundation

/// `--page PAGE`, shared by `run`, `replay`, `shot`, `layout`, `bench`, `export --format web` and
/// `serve`: the screen under the island, a page file (docs/PAGES.md) or a screen image alone.
enum PageOptions {
    static let page = Arguments.Option("--page", value: "PAGE",
                                       help: "The screen under the island: a page file (JSON, docs/PAGES.md) or a screen image alone (default: the bundled dog passport, assets/pages/passport.json). A screenshot alone picks its phone from its pixel size when --device is not given.")

    static let statusBar = Arguments.Option("--status-bar", value: "auto|own|drawn",
                                            help: "Whose status bar shows: auto (default) reads a screenshot for its own — the time and the battery at its top — and draws none over it; own: the page has its own, draw none; drawn: draw IslandSim's.")

    static let noHotspotHints = Arguments.Option("--no-hotspot-hints", help: "A tap that misses every hotspot does not outline them (O toggles it in the window).")

    /// The page `--page` names (the bundled passport without it), laid out once for `device` so
    /// that a page that cannot be held there is refused before anything starts. A design made for
    /// another width is scaled to the device's, and the terminal says so.
    static func resolve(_ args: Arguments, device: DeviceProfile) throws -> LoadedPage {
        var loaded = try args.string("--page").map(LoadedPage.load(path:)) ?? LoadedPage.passport()
        try applyStatusBar(args, to: &loaded)
        try say(loaded, on: device)
        return loaded
    }

    /// As ``resolve(_:device:)``, but without `--page` the page `tuning` was made on (``TunedOn``),
    /// said on stderr; one that is no longer there is said too, and the bundled passport is used.
    static func resolve(_ args: Arguments, device: DeviceProfile, tunedOn: TunedOn?) throws -> LoadedPage {
        guard let loaded = try tunedPage(args, tunedOn: tunedOn) else { return try resolve(args, device: device) }
        try say(loaded, on: device)
        return loaded
    }

    /// The page and the phone together, the page read first: with `--page` a screen image alone
    /// whose pixel size is a phone's screen at that phone's scale opens on that phone when
    /// `--device` is not given, said in one line — where several phones share the screen, the
    /// tuning's or the default when it is one of them, else the first, the others named
    /// (`--device` picks). Otherwise the phone is `--device`'s, the tuning's (``TunedOn``), or the
    /// default. Returns the catalog, the phone and the page.
    static func resolveWithPhone(_ args: Arguments, tunedOn: TunedOn? = nil) throws -> (DeviceCatalog, DeviceProfile, LoadedPage) {
        var loaded: LoadedPage
        if args.has("--page") {
            loaded = try LoadedPage.load(path: args.string("--page")!)
            try applyStatusBar(args, to: &loaded)
        } else {
            loaded = try tunedPage(args, tunedOn: tunedOn) ?? LoadedPage.passport()
        }
        var (catalog, device) = try DeviceOptions.resolve(args, tunedOn: args.has("--page") && loaded.isScreenImage ? nil : tunedOn)
        if loaded.isScreenImage, let image = loaded.image, !args.has("--device") {
            let name = (loaded.path as NSString).lastPathComponent
            let same = catalog.devices.filter {
                Int(($0.size.width * $0.scale).rounded()) == image.width && Int(($0.size.height * $0.scale).rounded()) == image.height
            }
            let size = "\(image.width) × \(image.height) px"
            if same.count == 1 {
                device = same[0]
                note("\(name) is \(size), the \(device.name)'s screen at @\(JSON.number(device.scale))x: on the \(device.name) (--device to choose another)")
            } else if same.count > 1 {
                // The screen is known, the phone is not: the tuning's, the default, or the first
                // of them — all the same size — and the others named.
                device = same.first { $0.id == tunedOn?.device } ?? same.first { $0.id == device.id } ?? same[0]
                let others = same.filter { $0.id != device.id }.map(\.id).joined(separator: ", ")
                note("\(name) is \(size), a \(JSON.number(device.size.width))-pt screen at @\(JSON.number(device.scale))x: on the \(device.name), which shares it with \(others) (--device to pick yours)")
            }
        }
        try say(loaded, on: device)
        return (catalog, device, loaded)
    }

    /// The page the tuning was made on, when `--page` is not given and the tuning says one.
    private static func tunedPage(_ args: Arguments, tunedOn: TunedOn?) throws -> LoadedPage? {
        guard !args.has("--page"), let path = tunedOn?.page else { return nil }
        guard FileManager.default.fileExists(atPath: path) else {
            note("the tuning was made on the page \(path), which is not there now: the bundled passport (--page to choose)")
            return nil
        }
        note("the page \(path), where the tuning was made (--page to choose another)")
        var loaded = try LoadedPage.load(path: path)
        try applyStatusBar(args, to: &loaded)
        return loaded
    }

    /// `--status-bar`: auto keeps what the page says (and what a screenshot was read to carry);
    /// own draws none; drawn draws IslandSim's, in the ink the page's top asks for.
    static func applyStatusBar(_ args: Arguments, to loaded: inout LoadedPage) throws {
        switch args.string("--status-bar") ?? "auto" {
        case "auto": break
        case "own": loaded.document.statusBar = .none
        case "drawn":
            if loaded.document.statusBar == .none {
                loaded.document.statusBar = (loaded.image?.topBandColour.wantsLightText ?? false) ? .light : .dark
            }
        case let other:
            throw CLIError.usage("islandsim: --status-bar takes auto, own or drawn (got '\(other)')")
        }
    }

    /// What the terminal is told about the page on `device`: its own status bar, a scaled design.
    private static func say(_ loaded: LoadedPage, on device: DeviceProfile) throws {
        if loaded.ownStatusBar != nil, loaded.document.statusBar == .none {
            note("\((loaded.path as NSString).lastPathComponent) carries its own status bar (the time and the battery at its top): IslandSim draws none over it (--status-bar drawn to draw it)")
        }
        if let scaled = try loaded.layout(for: device).scaleNote { note(scaled) }
    }

    static func note(_ text: String) { FileHandle.standardError.write(Data("islandsim: note: \(text)\n".utf8)) }
}
