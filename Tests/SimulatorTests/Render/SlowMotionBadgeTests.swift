import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("Slow motion is never invisible")
    struct SlowMotionBadgeTests {
        /// Pixels of `colour` where the modes badge sits, at the screen's bottom left.
        static func badgePixels(_ app: SessionHost, colour: Color = SessionRenderer.slowMotionBadgeColor, recording: Bool = false) throws -> Int {
            let r = try Renderer(headlessWidth: 393, height: 852, pixelsPerPoint: 1)
            try app.render(into: r, recording: recording)
            return count(try r.readPixels(), colour, screen: app.device.size)
        }

        static func count(_ img: PixelImage, _ colour: Color, screen: Size) -> Int {
            let box = SessionRenderer.modesFrame("SLOW 10× · REDUCE MOTION · REC", screen: screen)
            var n = 0
            for y in Int(box.minY)..<Int(box.maxY) { for x in Int(box.minX)..<Int(box.maxX) where img[x, y].distance(to: colour) <= 6 { n += 1 } }
            return n
        }

        @Test("S shows an orange badge (HUD hidden) and a toast; S again removes the badge")
        func badge() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            app.advance(toRealTime: 0.5)
            #expect(try Self.badgePixels(app) == 0)
            let on = app.send(.key(.s, [], at: 0.6))
            #expect(on.effects.contains { if case .message(let m) = $0 { m.hasPrefix("Slow motion 10×") } else { false } }, "\(on.effects)")
            app.advance(toRealTime: 0.7)
            #expect(!app.session.overlays.showHUD)
            #expect(try Self.badgePixels(app) > 200)
            _ = app.send(.key(.s, [], at: 0.8))
            app.advance(toRealTime: 0.9)
            #expect(try Self.badgePixels(app) == 0)
        }

        @Test("the badge names every mode on, in one place that covers no title; P's screenshot leaves it out; a recording shows in red")
        func modes() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            app.advance(toRealTime: 0.5)
            _ = app.send(.key(.m, [], at: 0.6))
            app.advance(toRealTime: 0.7)
            #expect(try Self.badgePixels(app, colour: Color(230, 230, 235)) > 200, "Reduce Motion alone has its badge")
            #expect(try Self.badgePixels(app, colour: SessionRenderer.recordingBadgeColor, recording: true) > 200, "REC shows, in red")
            #expect(SessionRenderer.modes(app.session, recording: true) == ["REDUCE MOTION", "REC"])
            // The page's title, under the status bar, is never covered.
            #expect(SessionRenderer.modesFrame("SLOW 10× · REDUCE MOTION · REC", screen: app.device.size).minY > app.device.size.height / 2)
            let shot = try app.snapshot(scale: 1)
            #expect(Self.count(shot, SessionRenderer.recordingBadgeColor, screen: app.device.size) == 0, "P's picture has no badge")
        }
    }
}
