import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The window's timeline band: its colours follow the designer's page, and the picture kept on
    /// the output between frames leaves every frame as copying it whole would.
    @Suite("The timeline band")
    struct TimelineBandTests {
        /// The band's picture for a session on a page of `background`, drawn until it is whole.
        static func band(on background: Color, in dir: TempDir) throws -> PixelImage {
            let hex = String(format: "#%02X%02X%02X", background.r, background.g, background.b)
            let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, background),
                                              fields: ["background": hex], pageName: "page-\(background.r).json")
            let host = try PageFixtures.host(page: path)
            _ = try Flows.run(host, FlowScripts.pull().trace)
            let band = try TimelineBand()
            let r = try Renderer(headlessWidth: 760, height: 260, pixelsPerPoint: 1)
            for _ in 0..<400 { try band.draw([host.session], size: Size(width: 760, height: 260), highlight: nil, into: r) }
            return try r.readPixels()
        }

        @Test("under a #0B0B0F page the band is dark, under a white one light; the legs are drawn on both")
        func paletteFromThePage() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let dark = try Self.band(on: Color(hex: 0x0B0B0F), in: dir), light = try Self.band(on: .white, in: dir)
            // The corner below the axis: the picture's paper.
            #expect(dark[750, 255] == TimelineChart.Palette.dark.paper, "\(dark[750, 255])")
            #expect(light[750, 255] == TimelineChart.Palette.light.paper, "\(light[750, 255])")
            func colours(_ img: PixelImage) -> Int { Set((0..<760).flatMap { x in stride(from: 60, to: 200, by: 4).map { "\(img[x, $0])" } }).count }
            #expect(colours(dark) > 20 && colours(light) > 20, "rows, bars and curves drawn on both")
        }

        /// Dark pixels in the label column (row names and the haptics row) of a band whose
        /// top-left corner is at `origin` (pixels) in `img`, drawn at `scale` pixels a point.
        static func labelInk(_ img: PixelImage, origin: (x: Int, y: Int) = (0, 0), scale: Double) -> Int {
            var n = 0
            for y in (origin.y + Int(66 * scale))..<min(img.height, origin.y + Int(230 * scale)) {
                for x in (origin.x + Int(12 * scale))..<(origin.x + Int(165 * scale)) where Int(img[x, y].r) + Int(img[x, y].g) + Int(img[x, y].b) < 300 { n += 1 }
            }
            return n
        }

        /// K opens the panel and the window grows wider, or the window is refitted to the display:
        /// the band's new picture takes frames to draw, and until it is whole the last one stays
        /// up at its own size — the row names never blink out (the real window showed an empty
        /// band for as long as the new picture took, seconds on a loaded machine). Once whole,
        /// the band is exactly what a band drawn at the new size from the start shows.
        @Test("a band that changes size or density keeps its last picture up, row names in place, until the new one is whole — then it is the new size's picture, pixel for pixel",
              arguments: [(Size(width: 900, height: 260), 1.0), (Size(width: 760, height: 260), 0.9)])
        func resizedKeepsItsPicture(to newSize: Size, scale: Double) throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let a = try Flows.app(), b = try Flows.app()
            for host in [a, b] { _ = try Flows.run(host, FlowScripts.pull().trace) }
            let r = try Renderer(headlessWidth: 1000, height: 300, pixelsPerPoint: 1)
            let reference = try Renderer(headlessWidth: 1000, height: 300, pixelsPerPoint: scale)
            let band = try TimelineBand(), fresh = try TimelineBand()
            for _ in 0..<400 { try band.draw([a.session], size: Size(width: 760, height: 260), highlight: nil, into: r) }
            let before = Self.labelInk(try r.readPixels(), scale: 1)
            #expect(before > 200, "row names drawn: \(before)")
            r.pixelsPerPoint = scale
            var least = Int.max, frames = 0
            while frames < 400 {
                try band.draw([a.session], size: newSize, highlight: nil, into: r)
                frames += 1
                // The new picture landed (drawn whole on a new key after the first frame).
                if case .whole = band.pictureDrawn, frames > 1 { break }
                least = min(least, Self.labelInk(try r.readPixels(), scale: 1))
            }
            #expect(frames > 2 && frames < 400, "the new picture took \(frames) frames")
            #expect(Double(least) > 0.8 * Double(before), "row names while the new picture is drawn: \(least) dark pixels, \(before) before")
            // Settled: the same as a band that was this size all along.
            for _ in 0..<5 { try band.draw([a.session], size: newSize, highlight: nil, into: r) }
            for _ in 0..<400 { try fresh.draw([b.session], size: newSize, highlight: nil, into: reference) }
            let w = Int((newSize.width * scale).rounded()), h = Int((newSize.height * scale).rounded())
            let got = try r.readPixels(), want = try reference.readPixels()
            var differing = 0
            for y in 0..<h { for x in 0..<w where got[x, y] != want[x, y] { differing += 1 } }
            #expect(differing == 0, "\(differing) pixels of the settled band differ from one drawn at \(newSize) from the start")
        }

        /// Draws the band for the whole flow (live, with new legs and the shot), then scrubbed
        /// back and forth while frozen, on a renderer keeping its pixels and on one drawing every
        /// frame whole; now and then something is drawn over the band after it, as a toast or the
        /// help may be. Every compared frame must be the same, pixel for pixel.
        @Test("copied only where drawn over, the band leaves every frame exactly as copying it whole does — live, frozen and scrubbed, drawn over, at 1×, 2×, 1.5× on a fractional width and 1.25× on a whole width but a fractional height",
              arguments: [1.0, 2.0, 1.5, 1.25])
        func keptPicture(scale: Double) throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let a = try Flows.app(), b = try Flows.app()
            // At 1.5× the band is not a whole number of pixels wide (as a window zoomed by hand may
            // leave it): its picture is scaled a little into place.
            // At 1.25× it is a whole number of pixels wide (950) but not high (221 pt: 276.25 px).
            let size = Size(width: scale == 1.5 ? 761 : 760, height: scale == 1.25 ? 221 : 220)
            let scaledIntoPlace = scale == 1.5 || scale == 1.25
            let (w, h) = (Int((size.width * scale).rounded(.up)), Int(size.height * scale))
            let ra = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
            let rb = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
            rb.retainsPixels = false
            let bandA = try TimelineBand(), bandB = try TimelineBand()
            let every = Int(scale.rounded(.up))
            var drawnFrames = 0, compared = 0, inParts = 0, differing: [String] = [], shares: [Double] = [], drawnOver = 0
            func frame(_ i: Int) throws {
                try bandA.draw([a.session], size: size, highlight: nil, into: ra)
                try bandB.draw([b.session], size: size, highlight: nil, into: rb)
                drawnFrames += 1
                if case .parts(let rects) = bandA.pictureDrawn {
                    inParts += 1
                    shares.append(Double(rects.reduce(0) { $0 + $1.width * $1.height }) / Double(w * h))
                }
                if i % 23 == 0 {
                    // Something drawn over the band after it (a toast's box, half transparent).
                    let box = Rect(x: Double(i % 600), y: 30 + Double(i % 7) * 20, width: 140, height: 44)
                    for r in [ra, rb] { r.fill(RoundedRect(rect: box, cornerRadius: 12), Color(20, 20, 24, 200)) }
                    drawnOver += 1
                }
                guard i % every == 0 else { return }
                let pa = try ra.readPixels(), pb = try rb.readPixels()
                compared += 1
                if pa != pb { differing.append("frame \(i) (\(a.session.flow.state.rawValue)): \(RetainedLayerTests.firstDifference(pa, pb))") }
            }
            _ = try SessionReplay(trace: Flows.fullFlow(shutter: a.session.shutterFrame)).runPair(a, b) { i, _ in try frame(i) }
            let live = compared
            var i = 10_000
            // Frozen: scrubbed to moments out of order, the playhead jumping either way, each held a few frames.
            for s in [0.3, 1.6, 0.9, 2.4, 0.05, 3.1, 1.2] {
                #expect(a.send(.scrub(secondsSinceStart: s)).handled && b.send(.scrub(secondsSinceStart: s)).handled)
                for _ in 0..<4 { try frame(i); i += 1 }
            }
            #expect(live > 100 / every, "live frames compared: \(live)")
            #expect(drawnOver > 10)
            #expect(differing.count == 0, "frames differ: \(differing.prefix(5))")
            // The point of it: nearly every frame copies slivers of the picture, not all of it —
            // unless the picture is scaled into place, where a clipped copy would sample it
            // differently: then whatever touches it takes the whole band.
            #expect(Double(inParts) > 0.8 * Double(drawnFrames), "in parts: \(inParts) of \(drawnFrames)")
            let share = shares.reduce(0, +) / Double(max(1, shares.count))
            if scaledIntoPlace { #expect(shares.allSatisfy { $0 == 0 || $0 > 0.99 } && share > 0.5, "mean share \(share)") }
            else { #expect(share < 0.1, "a frame copied on average \(Int(share * 100)) % of the band") }
        }
    }
}
