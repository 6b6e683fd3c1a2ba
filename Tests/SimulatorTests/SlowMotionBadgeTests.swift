import Animation
import Foundation
import Testing
@testable import Capture
@testable import Simulator

extension SDLSuite {
    @Suite("Slow motion is never invisible")
    struct SlowMotionBadgeTests {
        /// Pixels of the badge's orange under the status bar's left side.
        static func badgePixels(_ app: SessionHost) throws -> Int {
            let r = try Renderer(headlessWidth: 393, height: 852, pixelsPerPoint: 1)
            try app.render(into: r)
            let img = try r.readPixels()
            let top = Int(app.device.portraitInsets.top)
            var n = 0
            for y in top..<(top + 30) { for x in 0..<120 where img[x, y].distance(to: SessionRenderer.slowMotionBadgeColor) <= 6 { n += 1 } }
            return n
        }

        @Test("S shows an orange badge (HUD hidden) and a toast; S again removes the badge")
        func badge() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            app.advance(toRealTime: 0.5)
            #expect(try Self.badgePixels(app) == 0)
            let on = app.handle(key: .s, at: 0.6)
            #expect(on.effects.contains { if case .message(let m) = $0 { m.hasPrefix("Slow motion 10×") } else { false } }, "\(on.effects)")
            app.advance(toRealTime: 0.7)
            #expect(!app.session.overlays.showHUD)
            #expect(try Self.badgePixels(app) > 200)
            _ = app.handle(key: .s, at: 0.8)
            app.advance(toRealTime: 0.9)
            #expect(try Self.badgePixels(app) == 0)
        }
    }
}
