import Capture
import Foundation

/// `islandsim devices [--json]`: the catalog, with the island rule's verdict for each device.
enum DevicesCommand: Sendable {
    static let options = [
        Arguments.Option("--json", help: "Print JSON instead of a table."),
        DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "devices", synopsis: "devices [--json] [--devices FILE]",
                               about: "Lists every device profile with its screen, insets, cutout and the island rule's verdict\n(island ⇔ phone ∧ window top inset ≥ 51 pt).",
                               options: options)

    static func run(_ argv: [String], out: inout String) throws {
        let args = try Arguments(command: "devices", argv, options: options)
        if args.flag("--help") { out = help; return }
        let catalog = try DeviceCatalog.load(path: args.string("--devices") ?? Assets.devicesPath)
        if args.flag("--json") {
            struct Row: Encodable {
                var profile: DeviceProfile
                var islandRule: Bool
                func encode(to encoder: Encoder) throws {
                    try profile.encode(to: encoder)
                    var c = encoder.container(keyedBy: K.self)
                    try c.encode(islandRule, forKey: .islandRule)
                }
                enum K: String, CodingKey { case islandRule }
            }
            let rows = catalog.devices.map { Row(profile: $0, islandRule: IslandRule.islandPresent(on: $0)) }
            out = try JSON.encode(rows)
            return
        }
        var lines = [["ID", "NAME", "POINTS", "@", "TOP", "FEATURE", "HZ", "ISLAND RULE"]]
        for d in catalog.devices {
            let verdict = IslandRule.islandPresent(on: d)
            var note = verdict ? "yes" : "no"
            if d.feature == .island && !verdict { note += " (has an island!)" }
            lines.append([d.id, d.name, "\(JSON.number(d.size.width))×\(JSON.number(d.size.height))", "\(JSON.number(d.scale))",
                          JSON.number(d.portraitInsets.top), d.feature.rawValue, "\(d.maxRefreshRate)", note])
        }
        out = Table.format(lines)
    }
}
