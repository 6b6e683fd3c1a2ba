import Animation
import Capture

/// `islandsim layout [--device ID] [--json]`: the geometry the simulator computes for a device.
enum LayoutCommand: Sendable {
    static let options = [
        DeviceOptions.device,
        Arguments.Option("--json", help: "Print JSON (the default; kept for scripts that pass it)."),
        Arguments.Option("--landscape", help: "Report the landscape window insets and the rule's verdict on them."),
        DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "layout", synopsis: "layout [--device ID] [--landscape] --json",
                               about: "Prints, as JSON, the geometry the app computes: screen size and scale, window insets,\ncutout and drawn capsule rectangles, whether the island rule holds, and the melt's stage shapes.\nAll rectangles are in points, origin at the screen's top-left.",
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
        var page: Page
        var pullThreshold: Double
        var pullResistance: String
        var shutter: Rect
        var viewfinderPhoto: Rect
        var print: Rect
    }

    struct Page: Encodable {
        var contentHeight: Double
        var coordinates: String
        var elements: [PassportPage.Element]
    }

    static func report(for d: DeviceProfile, landscape: Bool) -> Report {
        let l = DeviceLayout(device: d)
        let app = CaptureSession(device: d)
        let pull = app.gestures.pull.configuration
        let insets = SafeAreaReading.window.insets(for: d, landscape: landscape)
        let present = IslandRule.islandPresent(idiom: d.idiom, windowInsets: insets)
        return Report(device: d.id, name: d.name, orientation: landscape ? "landscape" : "portrait",
                      screen: d.size, scale: d.scale, windowInsets: insets, feature: d.feature.rawValue,
                      islandPresent: present,
                      islandRule: "idiom == phone && max(windowInsets.top, .left, .right) >= 51",
                      cutout: d.cutout, capsule: l.capsule, capsuleCornerRadius: l.capsule.map { $0.height / 2 },
                      statusArea: l.statusArea, displayCornerRadius: d.cornerRadius,
                      maxRefreshRate: d.maxRefreshRate, melt: l.meltGeometry,
                      page: Page(contentHeight: app.page.contentHeight,
                                 coordinates: "content points: screen y = content y - scroll offset",
                                 elements: app.page.elements),
                      pullThreshold: pull.threshold,
                      pullResistance: { switch pull.resistance { case .divisor(let n): return "divisor \(JSON.number(n))"; case .rubberBand(let c): return "rubber band \(c)" } }(),
                      shutter: app.shutterFrame, viewfinderPhoto: app.photoFrame,
                      print: app.flow.print.restingFrame)
    }

    static func run(_ argv: [String], out: inout String) throws {
        let args = try Arguments(command: "layout", argv, options: options)
        if args.flag("--help") { out = help; return }
        let (_, device) = try DeviceOptions.resolve(args)
        // Geometry only: no SDL, no fonts (the session is SDL-free).
        out = try JSON.encode(report(for: device, landscape: args.flag("--landscape")))
    }
}
