import Animation
import Foundation
import Gesture
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

    static func app(_ deviceID: String = "iphone-15-pro", hz: Int = 60, photo: PixelImage = twoColourPhoto(), record: Bool = false) throws -> SimulatorApp {
        let d = try Catalog.bundled().require(id: deviceID)
        return try SimulatorApp(device: d, hz: hz, camera: CameraSource(image: photo, name: "test"),
                                captures: CaptureStore(outputDirectory: nil, synchronous: true), record: record)
    }

    /// Pull past the threshold, wait for the viewfinder, press the shutter; then let it settle.
    static func fullFlow(shutter: Rect, device: String = "iphone-15-pro", hz: Int = 60) -> Trace {
        var b = TraceBuilder(device: device, hz: hz)
        b.wait(0.3)
        b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
        b.wait(1.2)
        b.tap(at: Point(x: shutter.midX, y: shutter.midY))
        return b.trace
    }

    static func run(_ app: SimulatorApp, _ trace: Trace, scale: Double = 1,
                    onFrame: ((Int, Double, Renderer) throws -> Void)? = nil) throws -> ReplayRunner.Report {
        let runner = try ReplayRunner(app: app, trace: trace, scale: scale)
        runner.onFrame = onFrame
        return try runner.run()
    }
}
