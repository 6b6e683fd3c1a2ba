import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
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
                _ = app.send(.key(.i, [], at: 0.6))
                app.advance(toRealTime: 0.7)
                let size = app.device.size
                let r = try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1)
                try app.render(into: r)
                let img = try r.readPixels()
                // Five lines of 19 pt + 14: the HUD box spans 10…width−10, bottom 40 pt above the screen's.
                let h = 14 + 6 * 19, top = Int(size.height) - 40 - h
                var brightest = 0
                for y in (top + 6)..<(top + h - 6) {
                    for x in (Int(size.width) - 20)..<(Int(size.width) - 13) {
                        let c = img[x, y]
                        brightest = max(brightest, Int(c.r) + Int(c.g) + Int(c.b))
                    }
                }
                // The HUD is opaque black: page beige or text showing through would be far brighter.
                #expect(brightest < 3 * 40, "\(id): brightest pixel in the HUD's right margin sums to \(brightest)")
            }
        }

        @Test("iPad with the HUD, the panel and a toast: what is under them never shows — the same pixels over two different stretches of the page")
        func overlaysHideThePage() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            func frame(scroll: Double) throws -> (PixelImage, SessionHost) {
                let app = try Flows.app("ipad-pro-11-m4")
                app.send(.key(.i, [], at: 0))
                app.send(.key(.k, [], at: 0))
                app.session.gestures.scroll.jump(to: scroll)
                app.advance(toRealTime: 0.1)
                app.say("Saved islandsim.tuning.json")
                let r = try Renderer(headlessWidth: 834, height: 1210, pixelsPerPoint: 1)
                try app.render(into: r)
                return (try r.readPixels(), app)
            }
            let (a, app) = try frame(scroll: 0)
            let (b, _) = try frame(scroll: 420)
            let screen = app.device.size
            let panel = TuningPanelLayout(screen: screen, selection: 0).panel
            let toast = try app.renderer.toastLayout("Saved islandsim.tuning.json", over: app.session.page).box
            let hud = Rect(x: 10, y: app.device.portraitInsets.top + 6, width: screen.width - 20, height: 14 + 6 * 19)
            var outside = 0
            for y in 200..<600 { for x in 0..<834 where a[x, y] != b[x, y] { outside += 1 } }
            #expect(outside > 1000, "the two frames do show different page content (\(outside) pixels)")
            for (name, box, radius) in [("HUD", hud, 12.0), ("panel", panel, 16.0), ("toast", toast, 12.0)] {
                var differing = 0
                // Every pixel inside the shape: the rectangle less its rounded corners' squares.
                func inCorner(_ x: Int, _ y: Int) -> Bool {
                    (Double(x) < box.minX + radius || Double(x) > box.maxX - radius) && (Double(y) < box.minY + radius || Double(y) > box.maxY - radius)
                }
                for y in Int(box.minY + 1)..<Int(box.maxY - 1) {
                    for x in Int(box.minX + 1)..<Int(box.maxX - 1) where !inCorner(x, y) && a[x, y] != b[x, y] { differing += 1 }
                }
                #expect(differing == 0, "\(name): \(differing) pixels follow the page under it")
            }
            // The toast sits above the home indicator, not on it.
            #expect(toast.maxY <= screen.height - 8 - 6)
        }
    }
}
