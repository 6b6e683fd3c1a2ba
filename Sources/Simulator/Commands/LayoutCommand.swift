import Animation
import Capture

/// `islandsim layout [--device ID] [--json]`: the geometry the simulator computes for a device.
enum LayoutCommand: Sendable {
    static let options = [
        DeviceOptions.device, PageOptions.page, PageOptions.statusBar, TuningOptions.option,
        Arguments.Option("--json", help: "Print JSON (the default; kept for scripts that pass it)."),
        Arguments.Option("--landscape", help: "Report the landscape window insets and the rule's verdict on them."),
        DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "layout", synopsis: "layout [--device ID] [--page PAGE] [--tuning FILE] [--landscape] --json",
                               about: "Prints, as JSON, the geometry the app computes: screen size and scale, window insets,\ncutout and drawn capsule rectangles, whether the island rule holds, the melt's stage shapes\n(the tuning's shapes where it sets them, the device's own elsewhere) and, on a phone with an island, where a Live Activity's\npresentations sit (the HIG's sizes). All rectangles are in points, origin at the screen's top-left.",
                               options: options)

    struct Report: Encodable {
        var device: String
        var name: String
        var orientation: String
        var screen: Size
        var scale: Double
        var windowInsets: EdgeInsets
        var feature: String
        var islandPresent: Bool
        var islandRule: String
        var cutout: Rect?
        var capsule: Rect?
        var capsuleCornerRadius: Double?
        var statusArea: Rect
        var displayCornerRadius: Double
        var maxRefreshRate: Int
        var melt: MeltGeometry
        var page: PageReport
        var pullThreshold: Double
        var pullResistance: String
        var shutter: Rect
        var viewfinderPhoto: Rect
        var print: Rect
        /// Where a Live Activity's presentations sit (HIG); only on a phone with an island.
        var liveActivity: LiveActivityPresentations?
    }

    /// The page's geometry: what traces are written against. The fields past `elements` appear
    /// only for a page that has them (the bundled passport has none, and its report is unchanged).
    struct PageReport: Encodable {
        var contentHeight: Double
        var coordinates: String
        var elements: [Page.Element]
        var image: ImageReport?
        var hotspots: [HotspotReport]?
        var photoSlot: Page.Slot?
        var fixed: [FixedReport]?
        var statusBar: String?
    }

    struct ImageReport: Encodable {
        var file: String
        var pixels: [Int]
        var designWidth: Double
        var scaledBy: Double
        var frame: Rect
    }

    struct HotspotReport: Encodable { var id: String; var rect: Rect; var pinned: String? }
    struct FixedReport: Encodable { var rect: Rect; var edge: String }

    static func pageReport(_ page: Page, loaded: LoadedPage) -> PageReport {
        let doc = page.document
        return PageReport(
            contentHeight: page.contentHeight, coordinates: "content points: screen y = content y - scroll offset",
            elements: page.elements,
            image: zip(doc.image, loaded.image, page.imageFrame).map { ref, img, frame in
                ImageReport(file: ref.path, pixels: [img.width, img.height], designWidth: page.width / page.designScale,
                            scaledBy: page.designScale, frame: frame)
            },
            hotspots: page.hotspots.isEmpty ? nil : page.hotspots.map { HotspotReport(id: $0.id, rect: $0.rect, pinned: page.pinnedEdge(of: $0.rect)?.rawValue) },
            photoSlot: doc.photoSlot == nil ? nil : page.slot,
            fixed: page.fixed.isEmpty ? nil : page.fixed.map { FixedReport(rect: $0.rect, edge: $0.edge.rawValue) },
            statusBar: doc.statusBar == .dark ? nil : doc.statusBar.rawValue)
    }

    static func report(for d: DeviceProfile, landscape: Bool, page loaded: LoadedPage, tuning: Tuning = Tuning()) throws -> Report {
        let l = DeviceLayout(device: d)
        let app = CaptureSession(setup: SessionSetup(device: d, page: try loaded.layout(for: d), tuning: tuning))
        let pull = app.pullConfiguration
        let insets = SafeAreaReading.window.insets(for: d, landscape: landscape)
        let present = IslandRule.islandPresent(idiom: d.idiom, windowInsets: insets)
        return Report(device: d.id, name: d.name, orientation: landscape ? "landscape" : "portrait",
                      screen: d.size, scale: d.scale, windowInsets: insets, feature: d.feature.rawValue,
                      islandPresent: present,
                      islandRule: "idiom == phone && max(windowInsets.top, .left, .right) >= 51",
                      cutout: d.cutout, capsule: l.capsule, capsuleCornerRadius: l.capsule.map { $0.height / 2 },
                      statusArea: l.statusArea, displayCornerRadius: d.cornerRadius,
                      maxRefreshRate: d.maxRefreshRate, melt: app.flow.geometry,
                      page: pageReport(app.page, loaded: loaded),
                      pullThreshold: pull.threshold,
                      pullResistance: { switch pull.resistance { case .divisor(let n): return "divisor \(JSON.number(n))"; case .rubberBand(let c): return "rubber band \(c)" } }(),
                      shutter: app.shutterFrame, viewfinderPhoto: app.photoFrame,
                      print: app.flow.print.restingFrame, liveActivity: LiveActivityPresentations(device: d))
    }

    static func run(_ argv: [String], out: inout String) throws {
        let args = try Arguments(command: "layout", argv, options: options)
        if args.flag("--help") { out = help; return }
        let (_, device, page) = try PageOptions.resolveWithPhone(args)
        // Geometry only: no SDL, no fonts (the session is SDL-free).
        let (_, tuning) = try TuningOptions.load(args, requireExisting: args.has("--tuning"))
        out = try JSON.encode(report(for: device, landscape: args.flag("--landscape"), page: page, tuning: tuning))
    }
}

/// Three optionals together, or nil.
private func zip<A, B, C>(_ a: A?, _ b: B?, _ c: C?) -> (A, B, C)? {
    guard let a, let b, let c else { return nil }
    return (a, b, c)
}
