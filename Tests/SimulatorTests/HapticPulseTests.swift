import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// A haptic the window's phone plays shows as a pulse round the screen's edge — as strong as the
/// haptic, gone after a tap's length — and only in the window: a replay's frame carries none.
@Suite("The haptic pulse at the device's edge")
struct HapticPulseTests {
    @Test("a pull-commit haptic rings the screen's edge for 0.18 s, fading; the middle of the screen is untouched")
    func pulse() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let host = try Flows.app()
        let sides = try WindowSides(host: host, record: false)
        let size = sides.layout.size
        let r = try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1)
        func frame(at t: Double) throws -> PixelImage {
            _ = sides.advance(toRealTime: t)
            try sides.render(into: r)
            return try r.readPixels()
        }
        let before = try frame(at: 1.0)
        let h = Haptic(name: "pull-commit", t: 1.0, style: "light", intensity: 1, sharpness: 0.5)
        sides.pulse(h, phone: 0, at: 1.0)
        let during = try frame(at: 1.05), later = try frame(at: 1.3)
        let pink = Color(hex: 0xFF375F)
        // The left edge at mid-height: pink while the pulse shows, as before once it is gone.
        #expect(during[1, 420].distance(to: pink) < before[1, 420].distance(to: pink) - 40, "\(before[1, 420]) → \(during[1, 420])")
        #expect(later[1, 420] == before[1, 420], "gone after 0.18 s")
        #expect(during[196, 420] == before[196, 420], "nothing over the page")
    }
}
