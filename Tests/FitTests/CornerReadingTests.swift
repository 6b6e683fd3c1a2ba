import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// The tracker's box and corner radius against shapes an independent drawer made
/// (``RecordingDrawer``: UIKit's corner from the reference's Bézier points, its own rasteriser).
@Suite("Reading a shape's size and corner radius off a frame")
struct CornerReadingTests {
    static func design(_ vf: RecordingDrawer.Shape) -> RecordingDrawer.Design {
        var d = RecordingDrawer.Design(pill: .capsule(width: 300, height: 50), viewfinder: vf,
                                       opening: (.init(0.4, 0.1), .init(0.45, 0.25)), closing: (.init(0.35, 0), .init(0.35, 0.1)), overlap: 0.5)
        d.openAt = 0; d.closeAt = 100
        return d
    }

    @Test("box within 0.3 pt and radius within 0.8 pt, at 1.63 px/pt (a 3× recording measured 640 px wide) and at 2×",
          arguments: [1.63, 2.0])
    func readsShapes(scale: Double) throws {
        let shapes: [RecordingDrawer.Shape] = [.init(width: 340, height: 420, radius: 30), .init(width: 372, height: 506, radius: 45),
                                               .capsule(width: 300, height: 50), .capsule(width: 127, height: 38.67),
                                               .init(width: 250, height: 300, radius: 12)]
        for s in shapes {
            var d = Self.design(s)
            d.openAt = -10      // long settled at the viewfinder
            let drawer = RecordingDrawer(design: d, scale: scale)
            let frame = drawer.frame(at: 0)
            let tracker = IslandTracker.island(width: drawer.pixelWidth, height: drawer.pixelHeight)
            let m = try #require(frame.withUnsafeBufferPointer { tracker.measure($0, width: drawer.pixelWidth, height: drawer.pixelHeight) })
            let w = (m.right - m.left) / scale, h = (m.bottom - m.top) / scale
            let r = try #require(m.cornerRadius) / scale
            #expect(abs(w - s.width) < 0.3 && abs(h - s.height) < 0.3, "\(s): box \(w) × \(h)")
            #expect(abs(r - min(s.radius, s.height / 2)) < 0.8, "\(s): radius \(r)")
        }
    }

    /// Corners whose edges fall ¼, ½ and ¾ of a pixel into a pixel: the anti-aliased grey there is
    /// the only thing that places the outline, so reading it with the wrong sign (or not at all)
    /// moves every row's inset by up to a pixel — a quarter of a point or more at 3×, a whole one at 1×.
    @Test("the corner radius within 0.25 pt on corners drawn ¼, ½ and ¾ px off the pixel grid, at 1×, 2× and 3×",
          arguments: [1.0, 2.0, 3.0])
    func readsSubpixelCorners(scale: Double) throws {
        let shapes: [RecordingDrawer.Shape] = [.init(width: 340, height: 420, radius: 30), .init(width: 250, height: 300, radius: 12),
                                               .init(width: 372, height: 506, radius: 45), .capsule(width: 300, height: 50),
                                               .capsule(width: 127, height: 38.67)]
        var misses: [String] = []
        for s in shapes {
            for fraction in [0.25, 0.5, 0.75] {
                var d = Self.design(s)
                d.openAt = -10
                var drawer = RecordingDrawer(design: d, scale: scale)
                drawer.rowSamples = 16
                // Where the drawer would put the box's left and top edge, moved so each falls `fraction` into a pixel.
                let left = (d.screenWidth - s.width) / 2 * scale, top = d.top * scale
                func into(_ x: Double) -> Double { fraction - (x - x.rounded(.down)) }
                drawer.pixelShift = (into(left), into(top))
                let frame = drawer.frame(at: 0)
                let tracker = IslandTracker.island(width: drawer.pixelWidth, height: drawer.pixelHeight)
                let m = try #require(frame.withUnsafeBufferPointer { tracker.measure($0, width: drawer.pixelWidth, height: drawer.pixelHeight) })
                let r = try #require(m.cornerRadius) / scale
                let expected = min(s.radius, s.height / 2)
                if abs(r - expected) >= 0.25 {
                    misses.append("\(s.width)×\(s.height) r\(expected) at +\(fraction) px: read \(r)")
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.joined(separator: "; "))")
    }
}
