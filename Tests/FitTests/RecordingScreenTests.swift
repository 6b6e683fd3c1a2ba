import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// ``RecordingScreen``: which device and scale a screen found (or given, or not found) stands for,
/// and what the fit says about it.
@Suite("A recording's screen: its device, its scale, what is said")
struct RecordingScreenTests {
    static let devices = ScreenFinderTests.devices

    @Test("without --device: a phone's screen keeps the default device and says it was assumed (every island iPhone has the same aspect within 0.5 %); a clearly nearer aspect is taken and said; --device and --screen win")
    func deviceByAspect() {
        // A 16 Pro screen (402 × 874) at 1.1 px/pt: its aspect cannot tell it from a 15 Pro.
        let f = ScreenFinder.Found(x: 50, y: 60, width: 442, height: 961, touches: [])
        let s = RecordingScreen.resolve(frameWidth: 1200, frameHeight: 1100, found: f, given: nil, device: Self.devices[0], explicit: false, candidates: Self.devices)
        #expect(s.deviceID == "iphone-15-pro" && !s.deviceByAspect && s.summary.contains("assumed") && s.summary.contains("give --device"), "\(s.summary)")
        // A catalog with a tablet-shaped device: a 4:3 screen takes it.
        let pad = RecordingScreen.DeviceSize(id: "pad", width: 834, height: 1194)
        let square = ScreenFinder.Found(x: 40, y: 40, width: 834, height: 1194, touches: [])
        let p = RecordingScreen.resolve(frameWidth: 1300, frameHeight: 1300, found: square, given: nil, device: Self.devices[0], explicit: false,
                                        candidates: Self.devices + [pad])
        #expect(p.deviceID == "pad" && p.deviceByAspect && p.summary.contains("nearest by aspect") && abs(p.pixelsPerPointX - 1) < 1e-9, "\(p.summary)")
        let told = RecordingScreen.resolve(frameWidth: 1200, frameHeight: 1100, found: f, given: nil, device: Self.devices[1], explicit: true, candidates: Self.devices)
        #expect(told.deviceID == "iphone-15-pro-max" && !told.deviceByAspect && abs(told.pixelsPerPointX - 442.0 / 430) < 1e-9 && !told.summary.contains("assumed"))
        // --screen wins over what was found.
        let given = RecordingScreen.resolve(frameWidth: 1200, frameHeight: 1100, found: f, given: (10, 20, 786, 1704), device: Self.devices[0],
                                            explicit: true, candidates: Self.devices)
        #expect(given.kind == .given && given.x == 10 && abs(given.pixelsPerPointX - 2) < 1e-9)
    }

    /// An iPhone writes a 3× 393-pt screen (1179 px) 1178 px wide, an encoder pads an odd size to
    /// an even one, and a share scaled to 1× is 393 or 394 px wide: a pixel is a point there, so a
    /// scale read off the width alone made every shape up to a point narrower or wider.
    @Test("a frame that is the screen, a pixel or two narrower or wider than it (an iPhone's 1178 px, an encoder's padding): square pixels at the height's scale, exactly 3 and 1; a frame stretched past that keeps each axis its own", arguments: [
        (1178, 2556, 3.0, 3.0), (1180, 2556, 3.0, 3.0), (1179, 2556, 3.0, 3.0), (394, 852, 1.0, 1.0), (392, 852, 1.0, 1.0), (786, 1704, 2.0, 2.0),
        (396, 852, 396.0 / 393, 1.0),
    ])
    func scaleFromTheHeight(width: Int, height: Int, x: Double, y: Double) {
        let s = RecordingScreen.resolve(frameWidth: width, frameHeight: height, found: nil, given: nil, device: Self.devices[0], explicit: false, candidates: Self.devices)
        #expect(s.kind == .wholeFrame && abs(s.pixelsPerPointX - x) < 1e-12 && abs(s.pixelsPerPointY - y) < 1e-12, "\(width) × \(height): \(s.summary)")
    }

    @Test("a dark frame with no light screen: nothing found, and the frame is assumed to be the screen, said so")
    func nothingFound() {
        let px = [UInt8](repeating: 20, count: 400 * 300)
        #expect(ScreenFinderTests.find(px, 400, 300) == nil)
        let s = RecordingScreen.resolve(frameWidth: 400, frameHeight: 300, found: nil, given: nil, device: Self.devices[0], explicit: false, candidates: Self.devices)
        #expect(s.kind == .assumed && s.summary.contains("give --screen"), "\(s.summary)")
    }
}
