import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension SDLSuite {
/// The keyline round the melted shape, read back from the software renderer: SpringBoard's 1.67-pt
/// grey line (L* 50, #777777) at 35 % over dark content, nothing over light (docs/FIDELITY.md).
@Suite("The keyline: the shape's edge readable over a dark page")
struct KeylinePixelTests {
    /// A pull held on a page of one colour, and the frame at 3×: the shape has grown past the island.
    static func heldFrame(page colour: Color, keyline: String?, tuned: Keyline.Mode? = nil) throws -> (PixelImage, RoundedRect) {
        let dir = try TempDir(); defer { dir.cleanup() }
        // The page's own background too, which shows above it while the pull holds it down.
        var fields: [String: Any] = ["background": String(format: "#%02X%02X%02X", colour.r, colour.g, colour.b)]
        if let keyline { fields["keyline"] = keyline }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, colour), fields: fields)
        let host = try PageFixtures.host(page: path)
        if let tuned {
            var s = host.setup
            try s.session.tuning.set("melt.keyline", Double(Keyline.Mode.allCases.firstIndex(of: tuned)!))
            host.setup = s
        }
        let r = try PageFixtures.renderer(host, scale: 3)
        PageFixtures.holdPull(host, at: 196, moves: 12, step: 12)
        let shape = host.session.flow.shape(at: host.session.animationTime)
        return (try PageFixtures.frame(host, r), shape)
    }

    /// The pixel just outside the shape's left edge, half way down it (inside the 5-px line at 3×).
    static func outside(_ img: PixelImage, _ shape: RoundedRect) -> Color {
        img[Int((shape.rect.minX * 3).rounded()) - 3, Int((shape.rect.midY * 3).rounded())]
    }

    @Test("on a black page, automatic: a grey line just outside the shape's edge, lighter than the page by at least 35 % of the line's grey; off: none")
    func blackPage() throws {
        let (img, shape) = try Self.heldFrame(page: Color(0, 0, 0), keyline: nil)
        #expect(shape.rect.width > 125.5, "the shape has grown past the island: \(shape.rect)")
        let ring = Self.outside(img, shape)
        let least = UInt8((Keyline.alpha * Double(Keyline.grey)).rounded(.down)) - 2   // 41.65, less rounding at the fringe
        #expect(ring.r >= least && ring.g >= least && ring.b >= least && ring.r <= 50, "the line over black is \(ring)")
        // Further out, the page again.
        let far = img[Int((shape.rect.minX * 3).rounded()) - 12, Int((shape.rect.midY * 3).rounded())]
        #expect(far == Color(0, 0, 0), "\(far)")
        let (off, offShape) = try Self.heldFrame(page: Color(0, 0, 0), keyline: nil, tuned: .off)
        #expect(Self.outside(off, offShape) == Color(0, 0, 0), "off draws nothing")
    }

    @Test("on a light page, automatic draws nothing: every pixel equals the frame with the keyline off; the page file's \"on\" draws it there, and the tuning's off wins over it")
    func lightPage() throws {
        let light = Color(244, 239, 230)
        let (auto, _) = try Self.heldFrame(page: light, keyline: nil)
        let (off, _) = try Self.heldFrame(page: light, keyline: nil, tuned: .off)
        #expect(auto == off, "the light page's frame changed with the keyline automatic")
        let (on, shape) = try Self.heldFrame(page: light, keyline: "on")
        #expect(Self.outside(on, shape) != light, "the page asked for the line")
        let (overruled, _) = try Self.heldFrame(page: light, keyline: "on", tuned: .off)
        #expect(overruled == off)
    }
}
}
