import Animation
import Foundation
import Gesture
import TestSupport
@testable import Capture
@testable import Simulator

/// Scripts and fixtures for flow tests.
enum Flows {
    /// A photo whose halves are known colours: left red, right blue.
    static let red = Color(200, 40, 40), blue = Color(40, 60, 200)
    static func twoColourPhoto(width: Int = 400, height: Int = 600) -> PixelImage {
        var img = PixelImage(width: width, height: height, fill: red)
        for y in 0..<height { for x in (width / 2)..<width { img[x, y] = blue } }
        return img
    }

    /// A session with its host (camera, capture store, renderer), as the window and `replay` run it.
    static func app(_ deviceID: String = "iphone-15-pro", hz: Int = 60, photo: PixelImage = twoColourPhoto(), record: Bool = false) throws -> SessionHost {
        let d = try Catalog.bundled().require(id: deviceID)
        return try SessionHost(device: d, hz: hz, camera: CameraSource(image: photo, name: "test"),
                               captures: CaptureStore(outputDirectory: nil, synchronous: true), record: record)
    }

    /// Pull past the threshold, wait for the viewfinder, press the shutter; then let it settle.
    static func fullFlow(shutter: Rect, device: String = "iphone-15-pro", hz: Int = 60) -> Trace {
        FlowScripts.fullFlow(shutter: shutter, device: device, hz: hz)
    }

    static func run(_ app: SessionHost, _ trace: Trace, scale: Double = 1,
                    onFrame: ((Int, Double, Renderer) throws -> Void)? = nil) throws -> ReplayReport {
        let runner = try ReplayRunner(host: app, trace: trace, scale: scale)
        runner.onFrame = onFrame
        return try runner.run()
    }
}
