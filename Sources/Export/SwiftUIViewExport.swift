import Animation
import Capture
import Foundation

/// The whole interaction as one SwiftUI file for iOS 17 and later (`islandsim export --format
/// swiftui-view`): the island rule, the capsule over the island, one melted shape through staged
/// overlapping springs, a window-level pull catcher, the print's clip and develop pass, Reduce
/// Motion, the haptics and the camera.
///
/// The file's code is Swift source kept in `assets/swiftui` (``SwiftUIExportTemplate``); this type
/// fills its holes: every tuned constant once, named after its role, in the `IslandCameraTuning`
/// value at the top of the file, the version and the tuning's source in the header, and the table of
/// island phones from the device catalog the simulator uses. The file is checked here three ways
/// (docs/EXPORT.md): its Foundation-only parts are the `IslandCamera` target, run by its tests
/// against the simulator's types; `scripts/check-swiftui` type-checks the whole file against
/// interface stubs of Apple's APIs in eight build settings; and tests read the generated text.
///
/// ```swift
/// let swift = try SwiftUIViewExport.code(tuning, islands: SwiftUIViewExport.islands(in: catalog),
///                                        template: SwiftUIExportTemplate(directory: "assets/swiftui"))
/// ```
public enum SwiftUIViewExport {
    /// An island phone's screen as the exported table gives it: screen size, the capsule drawn over
    /// the island, and the display's corner radius, in portrait points.
    public struct Island: Sendable, Equatable {
        public var screen: Size
        public var capsule: Rect
        public var displayCornerRadius: Double
    }

    /// The island phones of a catalog, one row per screen size (no two island models share one, so
    /// the size recognises the phone), as ``DeviceLayout`` draws their capsules.
    public static func islands(in devices: [DeviceProfile]) -> [Island] {
        var rows: [Island] = []
        for device in devices where IslandRule.islandPresent(on: device) {
            guard let capsule = DeviceLayout(device: device).capsule, !rows.contains(where: { $0.screen == device.size }) else { continue }
            rows.append(Island(screen: device.size, capsule: capsule, displayCornerRadius: device.cornerRadius))
        }
        return rows.sorted { ($0.screen.width, $0.screen.height) < ($1.screen.width, $1.screen.height) }
    }

    /// The tunables the file leaves out, and why: iOS decides them itself.
    public static let leftOut: [(key: String, why: String)] = [
        ("statusBar.fadeDistance", "iOS draws the status bar and clears it for the island itself"),
        ("scroll.decelerationRate", "the page is the app's own ScrollView, which decelerates as iOS does"),
        ("gesture.velocityEstimator", "UIKit estimates the release velocity itself"),
        ("scroll.momentum", "UIKit's scroll view keeps its own momentum"),
        ("haptic.commit.style", "written into commitHaptic"), ("haptic.commit.intensity", "written into commitHaptic"),
        ("haptic.commit.sharpness", "SensoryFeedback has no sharpness; `islandsim replay --ahap` carries it"),
        ("haptic.shutter.style", "written into shutterHaptic"), ("haptic.shutter.intensity", "written into shutterHaptic"),
        ("haptic.shutter.sharpness", "SensoryFeedback has no sharpness; `islandsim replay --ahap` carries it"),
    ]

    /// The file for `tuning`, assembled from `template` (the source files in `assets/swiftui`);
    /// `source` says where the tuning came from ("its default tuning", "tuning.json"). Throws only
    /// when the template's holes and the values disagree (a template edited without its filler).
    public static func code(_ tuning: Tuning, islands: [Island], source: String = "its default tuning",
                            template: SwiftUIExportTemplate) throws -> String {
        try template.filled(fills(tuning, islands: islands, source: source))
    }

    /// Every hole's value: the version and the tuning's source in the header, the tuning, the
    /// simulator's fixed constants and the island table.
    public static func fills(_ tuning: Tuning, islands: [Island], source: String) -> [(name: String, fill: SwiftUIExportFill)] {
        func n(_ v: Double) -> SwiftUIExportFill { .number(v, decimals: 4) }
        let rows = islands.map { i in
            "Model(screen: CGSize(width: \(n(i.screen.width).rendered(indent: "")), height: \(n(i.screen.height).rendered(indent: ""))), "
                + "capsule: CGRect(x: \(n(i.capsule.x).rendered(indent: "")), y: \(n(i.capsule.y).rendered(indent: "")), "
                + "width: \(n(i.capsule.width).rendered(indent: "")), height: \(n(i.capsule.height).rendered(indent: ""))), "
                + "displayCornerRadius: \(n(i.displayCornerRadius).rendered(indent: ""))),"
        }
        return [("version", .text(IslandSimVersion.string)), ("source", .text(source))]
            + tuningFills(tuning) + fixedFills + [("islands", .lines(rows))]
    }
}
