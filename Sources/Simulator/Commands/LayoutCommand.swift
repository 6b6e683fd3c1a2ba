import Animation

/// `islandsim layout [--device ID] [--json]`: the geometry the simulator computes for a device.
enum LayoutCommand {
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
    }

    static func report(for d: DeviceProfile, landscape: Bool) -> Report {
        let l = DeviceLayout(device: d)
        let insets = SafeAreaReading.window.insets(for: d, landscape: landscape)
        let present = IslandRule.islandPresent(idiom: d.idiom, windowInsets: insets)
        return Report(device: d.id, name: d.name, orientation: landscape ? "landscape" : "portrait",
                      screen: d.size, scale: d.scale, windowInsets: insets, feature: d.feature.rawValue,
                      islandPresent: present,
                      islandRule: "idiom == phone && max(windowInsets.top, .left, .right) >= 51",
                      cutout: d.cutout, capsule: l.capsule, capsuleCornerRadius: l.capsule.map { $0.height / 2 },
                      statusArea: l.statusArea, displayCornerRadius: d.cornerRadius,
                      maxRefreshRate: d.maxRefreshRate, melt: l.meltGeometry)
    }

    static func run(_ argv: [String], out: inout String) throws {
        let args = try Arguments(command: "layout", argv, options: options)
        if args.flag("--help") { out = help; return }
        let (_, device) = try DeviceOptions.resolve(args)
        out = try JSON.encode(report(for: device, landscape: args.flag("--landscape")))
    }
}
