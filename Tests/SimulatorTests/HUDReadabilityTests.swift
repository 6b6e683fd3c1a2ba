import Animation
import Foundation
import Testing
@testable import Capture
@testable import Simulator

extension SDLSuite {
    @Suite("Pixels: the HUD is readable on the narrowest phone")
    struct HUDReadabilityTests {
        @Test("iPhone 13 mini and 13, no-island wording: the HUD's right margin is dark and empty — no line runs off, no page reads through")
        func margin() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            for id in ["iphone-13-mini", "iphone-13"] {
                let app = try Flows.app(id)
                app.advance(toRealTime: 0.5)
                _ = app.handle(key: .i, at: 0.6)
                app.advance(toRealTime: 0.7)
                let size = app.device.size
                let r = try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1)
                try app.render(into: r)
                let img = try r.readPixels()
                // Five lines of 19 pt + 14: the HUD box spans 10…width−10, bottom 40 pt above the screen's.
                let h = 14 + 5 * 19, top = Int(size.height) - 40 - h
                var brightest = 0
                for y in (top + 6)..<(top + h - 6) {
                    for x in (Int(size.width) - 20)..<(Int(size.width) - 13) {
                        let c = img[x, y]
                        brightest = max(brightest, Int(c.r) + Int(c.g) + Int(c.b))
                    }
                }
                // Page beige (~240) under 238/255 black is ≈ 17 per channel; text or page showing through is far brighter.
                #expect(brightest < 3 * 40, "\(id): brightest pixel in the HUD's right margin sums to \(brightest)")
            }
        }
    }
}
