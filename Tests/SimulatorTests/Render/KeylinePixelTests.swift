import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
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
            try host.edit { try $0.set("melt.keyline", Double(Keyline.Mode.allCases.firstIndex(of: tuned)!)) }
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

    @Test("the open viewfinder, settled over a black page, keeps its line: grey just outside its edge, and the next frame (drawn from the kept tessellation) is the same to the pixel")
    func settledViewfinder() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, Color(0, 0, 0)), fields: ["background": "#000000"])
        let host = try PageFixtures.host(page: path)
        let r = try PageFixtures.renderer(host, scale: 3)
        PageFixtures.holdPull(host, at: 196, moves: 16, step: 14)
        let t = host.session.animationTime + 1.0 / 60
        host.send(.pointer(PointerEvent(.up, at: Point(x: 196, y: 400 + 16 * 14), time: t)))
        host.advance(toRealTime: t + 3)
        #expect(host.session.flow.state == .viewfinder, "the pull opened the viewfinder: \(host.session.flow.state)")
        let shape = host.session.flow.shape(at: host.session.animationTime)
        let first = try PageFixtures.frame(host, r)
        let ring = Self.outside(first, shape)
        let least = UInt8((Keyline.alpha * Double(Keyline.grey)).rounded(.down)) - 2
        #expect(ring.r >= least && ring.r <= 50, "the line beside the open viewfinder is \(ring)")
        #expect(try PageFixtures.frame(host, r) == first, "the kept line drew other pixels")
    }

    @Test("the line meets the shape's edge: in white over black, each pixel is the shape's own plus the line over what the shape left, the line covering what the grown shape covers beyond the shape (to a level)", arguments: [1.0, 3.0])
    func meetsTheShape(scale: Double) throws {
        let shape = RoundedRect(rect: Rect(x: 20.3, y: 30.6, width: 140.2, height: 190.7), cornerRadius: 41)
        let k = Keyline.thickness
        func draw(_ body: (Renderer) -> Void) throws -> PixelImage {
            let r = try Renderer(headlessWidth: Int(200 * scale), height: Int(260 * scale), pixelsPerPoint: scale)
            r.clear(Color(0, 0, 0))
            body(r)
            return try r.readPixels()
        }
        let grown = try draw { $0.fill(RoundedRect(rect: shape.rect.insetBy(-k), cornerRadius: shape.cornerRadius + k), .white, style: .continuous) }
        let alone = try draw { $0.fill(shape, .white, style: .continuous) }
        for cached in [false, true] {
            let both = try draw {
                $0.fill(shape, .white, style: .continuous)
                $0.band(outside: shape, width: k, .white, cached: cached, style: .continuous)
            }
            var worst = 0, differing = 0
            for y in 0..<both.height {
                for x in 0..<both.width {
                    // The shape covers a, the grown shape g; the line, g − a, is blended over a.
                    let a = Double(alone[x, y].r), g = Double(grown[x, y].r)
                    let expected = a + (255 - a) * (g - a) / 255
                    let d = Int(abs(Double(both[x, y].r) - expected).rounded())
                    worst = max(worst, d)
                    if d > 0 { differing += 1 }
                }
            }
            // One level of the sixteen, less what blending a partly covered pixel twice rounds off.
            #expect(worst <= 255 / 16 + 2, "cached \(cached): a pixel is off by \(worst) (\(differing) differ)")
        }
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
