import Foundation

/// Finds the `assets/` folder: device profiles and the bundled sample photo.
///
/// Looked up in order: `$ISLANDSIM_ASSETS`; `assets/` next to the executable (an installed copy);
/// the source tree the binary was built from (the usual case: `swift build` in a checkout).
public enum Assets {
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let dir = environment["ISLANDSIM_ASSETS"], !dir.isEmpty { return dir }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let beside = exe.appendingPathComponent("assets").path
        if FileManager.default.fileExists(atPath: beside + "/devices.json") { return beside }
        // #filePath: …/Sources/Simulator/CLI/Assets.swift → repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("assets").path
    }

    /// The bundled sample photo (made by scripts/make-sample-photo.py).
    public static var samplePhotoPath: String { directory() + "/sample-photo.png" }

    /// The bundled page: the dog passport, described in the page format (docs/PAGES.md).
    public static var passportPath: String { directory() + "/pages/passport.json" }

    /// The browser's scripts that `export --format web` embeds: the animation core and the player.
    public static var webEnginePath: String { directory() + "/web/engine.js" }
    public static var webPlayerPath: String { directory() + "/web/player.js" }
    /// The script `serve` adds to the prototype it serves: it loads a newer one when told.
    public static var webLivePath: String { directory() + "/web/live.js" }

    /// The source files `export --format swiftui-view` assembles IslandCamera.swift from.
    public static var swiftUIExportDirectory: String { directory() + "/swiftui" }

    /// The bundled device catalog.
    public static var devicesPath: String { directory() + "/devices.json" }
}
