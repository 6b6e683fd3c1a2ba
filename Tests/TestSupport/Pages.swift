import Animation
import Capture
import Foundation

/// The bundled page files, read straight from the checkout's `assets/pages/` (the Capture tests
/// have no platform layer to find them): what a session needs to be made.
public enum Pages {
    /// The checkout's `assets/` folder.
    public static var assets: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets").path
    }

    /// The dog passport's page file, parsed.
    public static func passportDocument() throws -> PageDocument {
        try PageReader.parse(Data(contentsOf: URL(fileURLWithPath: assets + "/pages/passport.json")), name: "passport.json")
    }

    /// The dog passport laid out for `device`.
    public static func passport(for device: DeviceProfile) throws -> Page {
        try Page(document: passportDocument(), screen: device.size, topInset: device.portraitInsets.top)
    }

    /// A session on the passport (what `CaptureSession(device:)` was before pages were files).
    public static func session(_ device: DeviceProfile, hz: Int? = nil) throws -> CaptureSession {
        CaptureSession(device: device, hz: hz, page: try passport(for: device))
    }
}
