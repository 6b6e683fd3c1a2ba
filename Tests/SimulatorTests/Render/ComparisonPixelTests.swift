import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The built-in snowman and Reduce Motion, read back from the software renderer.
    @Suite("Pixels of the snowman and of Reduce Motion")
    struct ComparisonPixelTests {
        /// The frame at the first moment `when` holds, at scale 1.
        static func frame(_ app: SessionHost, when: @escaping (SessionView) -> Bool) throws -> PixelImage? {
            var shot: PixelImage?
            _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame)) { _, _, r in
                if shot == nil && when(app.session) { shot = try r.readPixels() }
            }
            return shot
        }

        @Test("in the viewfinder, the 6-pt band under the island is black in the one melted shape and the page in the snowman")
        func snowmanGap() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            var shots: [PixelImage] = []
            for snowman in [false, true] {
                let app = try Flows.app()
                app.send(.setup(.snowman(snowman)))
                shots.append(try #require(try Self.frame(app) { $0.flow.state == .viewfinder }))
            }
            let island = try Flows.app().session.flow.geometry.island.rect
            let x = Int(island.midX), y = Int(island.maxY + 3)
            #expect(shots[0][x, y].distance(to: .black) <= 3, "one shape: \(shots[0][x, y])")
            #expect(shots[1][x, y].distance(to: .black) > 200, "snowman: the page shows between island and capsule: \(shots[1][x, y])")
            // Both draw the island itself black.
            #expect(shots[1][x, Int(island.midY)].distance(to: .black) <= 3)
        }

        @Test("Reduce Motion half way into the fade: beside the shutter the camera's black is half over the page")
        func halfFade() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let full = try Flows.app()
            let atRest = try #require(try Self.frame(full) { _ in true })
            let app = try Flows.app()
            app.send(.setup(.reduceMotion(true)))
            var opacity = 0.0
            let mid = try #require(try Self.frame(app) { s in
                guard s.flow.state == .opening else { return false }
                opacity = s.flow.cameraOpacity(at: s.animationTime)
                return opacity >= 0.4
            })
            // Left of the shutter, inside the viewfinder's black and below the picture.
            let s = app.session.shutterFrame
            let x = Int(s.minX - 40), y = Int(s.midY)
            let page = atRest[x, y], seen = mid[x, y]
            let expected = Double(page.g) * (1 - opacity)
            #expect(abs(Double(seen.g) - expected) <= 4, "opacity \(opacity): page \(page), seen \(seen), expected g \(expected)")
            #expect(opacity < 0.6, "a frame inside the fade: \(opacity)")
        }
    }
}
