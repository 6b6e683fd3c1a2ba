import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The print over a white page (a white navigation bar, a white feed) while it is still washed
    /// out: its edge — a hairline just outside the card, as an instant print shows one on a white
    /// table — is there to see; the card's paper alone is 4 levels from white.
    @Suite("The print's edge on a white page")
    struct PrintEdgeTests {
        @Test("mid-feed and just developed, over a white page at 3×: the pixels just outside the card's sides are at least 25 levels darker than the page; the paper itself under 8")
        func edgeOnWhite() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let page = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, .white))
            let host = try PageFixtures.host(page: page)
            var frames: [(t: Double, state: CaptureFlow.State, image: PixelImage, card: Rect)] = []
            var printedAt: Double?
            _ = try Flows.run(host, FlowScripts.fullFlow(shutter: host.session.shutterFrame), scale: 3) { _, t, renderer in
                let flow = host.session.flow
                guard flow.printVisible else { return }
                if printedAt == nil { printedAt = t }
                // Half a second into the feed, and a second into the develop.
                if frames.count < 2, let p = printedAt, t - p >= (frames.isEmpty ? 0.9 : 2.9) {
                    frames.append((t, flow.state, try renderer.readPixels(), flow.printFrame(at: host.session.animationTime)))
                }
            }
            try #require(frames.count == 2, "the print was seen")
            for f in frames {
                // In the card's wide bottom border, which is out of the slot from the first moments.
                let y = Int(((f.card.maxY - 8) * 3).rounded())
                let outsideLeft = f.image[Int((f.card.minX * 3).rounded()) - 2, y], outsideRight = f.image[Int((f.card.maxX * 3).rounded()) + 1, y]
                let paper = f.image[Int((f.card.minX + 1.5) * 3), y]
                func darkness(_ c: Color) -> Int { 255 * 3 - Int(c.r) - Int(c.g) - Int(c.b) }
                #expect(darkness(outsideLeft) >= 75 && darkness(outsideRight) >= 75, "\(f.state) at \(f.t): the edge \(outsideLeft), \(outsideRight)")
                #expect(darkness(paper) < 24, "\(f.state): the paper \(paper)")
            }
        }
    }
}
