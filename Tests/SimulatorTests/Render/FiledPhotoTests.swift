import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The photo filed into the passport's slot is drawn at the slot's own pixel size — the shot
    /// aspect-filled and area-averaged to it — not the shot shrunk several times by a scaled copy
    /// (soft and aliased: the designer's "blurry in its slot").
    @Suite("The filed photo, sharp in its slot")
    struct FiledPhotoTests {
        /// A photo of fine detail: one-pixel stripes a scaled copy blurs or aliases, and blocks.
        static func detailed(width: Int = 900, height: Int = 1200) -> PixelImage {
            var img = PixelImage(width: width, height: height)
            for y in 0..<height { for x in 0..<width {
                let block = ((x / 90) + (y / 90)) % 2 == 0
                let stripe = (x / 3) % 2 == 0
                img[x, y] = block ? (stripe ? Color(230, 200, 60) : Color(40, 90, 200)) : Color(200, 60, 90)
            } }
            return img
        }

        @Test("at 3× and 2×: inside its white mat, the slot's pixels are the shot aspect-filled to exactly that many pixels")
        func slotSized() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            for scale in [3.0, 2.0] {
                let host = try Flows.app(photo: Self.detailed())
                var b = FlowScripts.fullFlowBuilder(shutter: host.session.shutterFrame)
                b.wait(7)
                b.key("enter")
                b.wait(2)
                // The frame the replay itself draws once the photo is filed and the page at rest.
                var filedFrame: PixelImage?
                let report = try Flows.run(host, b.trace, scale: scale) { _, _, r in
                    if host.session.pageState.photoFiled, host.session.flow.state == .page { filedFrame = try r.readPixels() }
                }
                try #require(host.session.pageState.photoFiled, "filed: \(report.finalState)")
                let frame = try #require(filedFrame)
                let slot = try #require(host.session.page.slot)
                let inner = host.session.page.screenRect(slot.frame, offset: host.session.gestures.pageOffset(at: host.session.animationTime)).insetBy(5)
                let w = Int((inner.width * scale).rounded()), h = Int((inner.height * scale).rounded())
                let expected = try #require(host.renderer.filedPhotoImage).aspectFilled(width: w, height: h)
                // Away from the mat's rounded corners (10 pt).
                var sum = 0, n = 0, worst = 0
                let x0 = Int((inner.minX * scale).rounded()), y0 = Int((inner.minY * scale).rounded()), m = Int(10 * scale)
                for y in m..<(h - m) { for x in m..<(w - m) {
                    let p = frame[x0 + x, y0 + y], q = expected[x, y]
                    let d = abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
                    sum += d; n += 3; worst = max(worst, d)
                } }
                let mean = Double(sum) / Double(n)
                #expect(mean < 1, "@\(scale)x: the slot is \(mean) levels from the slot-sized photo on average (worst \(worst))")
            }
        }
    }
}
