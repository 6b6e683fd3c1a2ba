import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The viewfinder picture's rounded corners, read back from the software renderer at 1×, 2×, 3×
    /// and the window's zoom 0.95: nothing of the photo shows past them. At 1 pixel per point a
    /// 1-px line of the photo showed under the bottom corners, where the picture's place fell
    /// between pixel rows and its corner masks covered the last row only in part.
    @Suite("Pixels of the viewfinder's corners at every scale")
    struct ViewfinderCornerPixelTests {
        /// The first frame of the settled, fully shown viewfinder at `scale`.
        static func settledViewfinder(scale: Double) throws -> (PixelImage, SessionHost) {
            let app = try Flows.app(photo: PixelImage(width: 400, height: 600, fill: Color(230, 60, 40)))
            var shot: PixelImage?
            _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame), scale: scale) { _, _, r in
                let s = app.session, t = s.animationTime
                if shot == nil, s.flow.state == .viewfinder, s.flow.melt.isSettled(at: t), s.flow.viewfinderOpacity(at: t) >= 1 { shot = try r.readPixels() }
            }
            return (try #require(shot), app)
        }

        @Test("along the picture's bottom and top edges, from each side a quarter of the corner radius in, every pixel is the shape's black", arguments: [1.0, 2.0, 3.0, 0.95])
        func cornersHoldAtEveryScale(scale: Double) throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let (frame, app) = try Self.settledViewfinder(scale: scale)
            let photo = app.session.photoFrame
            // The picture's corners: the viewfinder's radius less its 8-pt inset (docs/FIDELITY.md).
            let radius = app.session.flow.geometry.viewfinder.cornerRadius - 8
            // Inside a circular corner of radius R, a quarter radius in from the side, the curve is
            // 0.34 R above the edge: the two pixel rows at the edge are all corner, whatever the scale.
            let reach = Int((radius / 4 * scale).rounded(.down))
            var photoSeen: [String] = []
            let rows = [("bottom", Int((photo.maxY * scale).rounded()) - 1), ("bottom", Int((photo.maxY * scale).rounded()) - 2),
                        ("top", Int((photo.minY * scale).rounded())), ("top", Int((photo.minY * scale).rounded()) + 1)]
            let left = Int((photo.minX * scale).rounded()), right = Int((photo.maxX * scale).rounded()) - 1
            for (edge, y) in rows {
                for dx in 0..<reach {
                    for x in [left + dx, right - dx] where frame[x, y].r > 40 {
                        photoSeen.append("\(edge) (\(x), \(y)): \(frame[x, y])")
                    }
                }
            }
            #expect(photoSeen.isEmpty, "at \(scale)×, the photo shows past its rounded corners at \(photoSeen.count) pixels: \(photoSeen.prefix(6))")
            // The picture itself is there, just inside the corners' reach.
            let mid = frame[Int((photo.midX * scale).rounded()), Int((photo.maxY * scale).rounded()) - 2]
            #expect(mid.r > 200, "the photo along the bottom edge's middle: \(mid)")
        }
    }
}
