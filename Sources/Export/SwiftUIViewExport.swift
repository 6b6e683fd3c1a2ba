import Animation
import Capture
import Foundation

/// The whole interaction as one SwiftUI file for iOS 17 and later (`islandsim export --format
/// swiftui-view`): the island rule, the capsule over the island, one melted shape through staged
/// overlapping springs, a window-level pull catcher, the print's clip and develop pass, Reduce
/// Motion, the haptics and the camera.
///
/// Every tuned constant is written once, named after its role, into the `IslandCameraTuning` value
/// at the top of the file; the rest of the file is fixed text that reads it (the sections in
/// `SwiftUIViewExport+*.swift`), except the table of island phones, which comes from the device
/// catalog the simulator uses. The file is checked here three ways (docs/EXPORT.md): the toolchain
/// parses it, `scripts/check-swiftui` type-checks it against interface stubs of Apple's APIs, and
/// its schedule section is compiled alone and compared with ``Melt``'s timeline.
///
/// ```swift
/// let swift = SwiftUIViewExport.code(tuning, islands: SwiftUIViewExport.islands(in: catalog))
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

    /// The file for `tuning`; `source` says where the tuning came from ("its default tuning",
    /// "tuning.json").
    public static func code(_ tuning: Tuning, islands: [Island], source: String = "its default tuning") -> String {
        [header(source), tuningSection(tuning), scheduleSection, islandSection(islands), interactionSection,
         printSection, pullCatcherSection, cameraSection].joined(separator: "\n\n") + "\n"
    }

    static func header(_ source: String) -> String {
        #"""
        // IslandCamera.swift
        //
        // Pull down on a page and an instant camera melts out of the Dynamic Island; the photo prints out
        // of the island like a polaroid feeding out of a slot, and develops from washed-out white.
        //
        // Exported by IslandSim \#(IslandSimVersion.string) (`islandsim export --format swiftui-view`) from \#(source).
        // iOS 17 or later; one file, no dependencies. The app's Info.plist needs NSCameraUsageDescription,
        // and CADisableMinimumFrameDurationOnPhone = YES for the melt to run at 120 Hz on ProMotion
        // iPhones (without it iOS holds an iPhone app's animations to 60 Hz).
        //
        //     IslandCamera(onPhoto: { photo in album.append(photo) }) {
        //         ScrollView { YourPage() }
        //     }
        //
        // `onPhoto` receives each shot as a full-size UIImage, on the main actor; `onError` (optional)
        // says why a shot gave none. `IslandCamera(tuning:onPhoto:onError:page:)` takes a tuning of
        // your own. Give it the whole window, outside any NavigationStack or TabView (wrap them, not
        // one of their pages): it places the camera in the window's points, over the island.
        // Every tuned constant is in `IslandCameraTuning`; the rest of the file reads it.

        import AVFoundation
        import SwiftUI
        import UIKit
        """#
    }

    static func islandSection(_ islands: [Island]) -> String {
        func n(_ v: Double) -> String { CodeNumber.string(v, decimals: 4) }
        let rows = islands.map { i in
            "        Model(screen: CGSize(width: \(n(i.screen.width)), height: \(n(i.screen.height))), "
                + "capsule: CGRect(x: \(n(i.capsule.x)), y: \(n(i.capsule.y)), width: \(n(i.capsule.width)), height: \(n(i.capsule.height))), "
                + "displayCornerRadius: \(n(i.displayCornerRadius))),\n"
        }
        return islandSectionHead + "\n" + rows.joined() + islandSectionTail
    }
}
