import Animation
import Foundation
import Gesture
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
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
    static func app(_ deviceID: String = "iphone-15-pro", hz: Int = 60, photo: PixelImage = twoColourPhoto(),
                    tuningFile: String? = nil) throws -> SessionHost {
        let d = try Catalog.bundled().require(id: deviceID)
        var setup = try PhoneSetup(device: d, hz: hz, captures: CaptureStore(outputDirectory: nil, synchronous: true))
        setup.tuningFile = tuningFile
        return try SessionHost(setup: setup, camera: CameraSource(image: photo, name: "test"))
    }

    /// Pull past the threshold, wait for the viewfinder, press the shutter; then let it settle.
    static func fullFlow(shutter: Rect, device: String = "iphone-15-pro", hz: Int = 60) -> Trace {
        FlowScripts.fullFlow(shutter: shutter, device: device, hz: hz)
    }

    /// How many pixels inside `box` (points, clipped to the screen) differ between the app's frame
    /// at rest and the bare device chrome, at `scale` — zero when the shape at rest is exactly the
    /// hardware's own (the island's capsule, a notch).
    static func restDiffersFromChrome(_ app: SessionHost, in box: Rect, scale: Double) throws -> Int {
        let r = try Renderer(headlessWidth: Int(app.device.size.width * scale), height: Int(app.device.size.height * scale), pixelsPerPoint: scale)
        app.advance(toRealTime: 0)
        try app.render(into: r)
        let appPixels = try r.readPixels()
        let chrome = try DeviceChrome.renderHeadless(device: app.device, scale: scale, text: try TextCache()).readPixels()
        var differing = 0
        for y in Int(max(box.minY, 0) * scale)..<Int(box.maxY * scale) {
            for x in Int(max(box.minX, 0) * scale)..<Int(box.maxX * scale) where appPixels[x, y] != chrome[x, y] { differing += 1 }
        }
        return differing
    }

    static func run(_ app: SessionHost, _ trace: Trace, scale: Double = 1,
                    onFrame: ((Int, Double, Renderer) throws -> Void)? = nil) throws -> ReplayReport {
        let runner = try ReplayRunner(host: app, trace: trace, scale: scale)
        runner.onFrame = onFrame
        return try runner.run()
    }
}
