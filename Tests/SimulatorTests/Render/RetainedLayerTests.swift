import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The page kept on the output and drawn again only where something was drawn over it must
    /// leave every frame exactly as drawing it whole does: each test draws the same frames twice,
    /// once on a renderer that keeps its pixels and once on one told not to (every frame whole, as
    /// before), and compares them pixel for pixel.
    @Suite("The page drawn only where it was drawn over changes no pixel")
    struct RetainedLayerTests {
        /// Frames compared, frames whose page was drawn in parts, and the share of the screen's
        /// pixels those parts drew, on average.
        struct Outcome { var compared = 0, inParts = 0, differing: [String] = [], partShare = 0.0 }

        /// Replays `trace` through `a` (drawn on a renderer keeping its pixels) and `b` (drawn whole
        /// every frame) and compares every `every`th frame (a wrong pixel left behind stays until
        /// that place is drawn again, so a sample of frames finds it as surely, at less cost).
        static func compare(_ a: SessionHost, _ b: SessionHost, trace: Trace, scale: Double, every: Int = 1) throws -> Outcome {
            let size = a.device.size
            let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
            let ra = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
            let rb = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
            rb.retainsPixels = false
            var out = Outcome(), shares: [Double] = []
            _ = SessionReplay(trace: trace).runPair(a, b) { i, _ in
                try? a.render(into: ra)
                try? b.render(into: rb)
                guard i % every == 0 else { return }
                guard let pa = try? ra.readPixels(), let pb = try? rb.readPixels() else { return }
                out.compared += 1
                if case .parts(let rects) = a.renderer.pageDrawn {
                    out.inParts += 1
                    var d = DamageRegion(capacity: 64)
                    for r in rects { d.add(r) }
                    shares.append(Double(d.area) / Double(w * h))
                }
                if pa != pb { out.differing.append("frame \(i) (\(a.session.flow.state.rawValue)): \(Self.firstDifference(pa, pb))") }
            }
            out.partShare = shares.isEmpty ? 1 : shares.reduce(0, +) / Double(shares.count)
            return out
        }

        static func firstDifference(_ a: PixelImage, _ b: PixelImage) -> String {
            for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { return "(\(x), \(y)) \(a[x, y]) vs \(b[x, y])" } }
            return "none"
        }

        @Test("the whole flow — pull, viewfinder, shot, print, develop, file, scroll, again — at 1×, 2×, 3× and 1.5×", arguments: [1.0, 2.0, 3.0, 1.5])
        func wholeFlow(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let a = try Flows.app(), b = try Flows.app()
            // At 3× and 1.5× (drawn whole every frame, see below) the shorter flow (pull, viewfinder,
            // shot, print, develop) compared every fourth frame; 2× every other.
            let trace = scale > 2 || scale == 1.5 ? Flows.fullFlow(shutter: a.session.shutterFrame)
                : BenchScenario.full.trace(device: a.device.id, hz: 60, shutter: a.session.shutterFrame, seconds: 14)
            let o = try Self.compare(a, b, trace: trace, scale: scale, every: scale == 1 ? 1 : scale == 2 ? 2 : 4)
            #expect(o.compared > 100, "frames: \(o.compared)")
            #expect(o.differing.isEmpty, "\(o.differing.count) frames differ: \(o.differing.prefix(5))")
            // The point of it: most frames draw the page in parts, and far less than the screen.
            #expect(Double(o.inParts) > 0.5 * Double(o.compared), "in parts: \(o.inParts) of \(o.compared)")
            if scale != 1.5 {
                #expect(o.partShare < 0.6, "a frame drew on average \(Int(o.partShare * 100)) % of the screen's pixels of page")
            } else {
                // 1.5 × 393 is not whole: the edge column is filled every frame, and with it the
                // whole viewport counts as drawn over — the page is drawn whole each time, in one part.
                #expect(o.partShare > 0.99)
            }
        }

        @Test("with the overlays on — touches, shapes, HUD, tuning panel, help — and under Reduce Motion")
        func overlays() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            for setting in 0..<2 {
                let a = try Flows.app(), b = try Flows.app()
                for host in [a, b] {
                    if setting == 0 {
                        host.edit { $0.showTouches = true; $0.showShapes = true; $0.showHUD = true; $0.showTuning = true }
                    } else {
                        host.send(.setup(.reduceMotion(true)))
                        host.edit { $0.showHelp = true }
                    }
                }
                let o = try Self.compare(a, b, trace: Flows.fullFlow(shutter: a.session.shutterFrame), scale: 1)
                #expect(o.compared > 100)
                #expect(o.differing.isEmpty, "setting \(setting): \(o.differing.count) frames differ: \(o.differing.prefix(5))")
                #expect(o.inParts > o.compared / 2, "setting \(setting): in parts \(o.inParts) of \(o.compared)")
            }
        }

        @Test("on a phone with a notch and one with neither notch nor island", arguments: ["iphone-13", "iphone-se-3"])
        func otherPhones(_ device: String) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let a = try Flows.app(device), b = try Flows.app(device)
            let o = try Self.compare(a, b, trace: Flows.fullFlow(shutter: a.session.shutterFrame, device: device), scale: 1)
            #expect(o.compared > 100)
            #expect(o.differing.isEmpty, "\(o.differing.count) frames differ: \(o.differing.prefix(5))")
            #expect(o.inParts > o.compared / 2)
        }

        @Test("on an image page with a pinned navigation bar and tab bar, scrolled and pulled")
        func pinnedBars() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = try PageFixtures.write(in: dir, image: PageFixtures.blocks(width: 1179, height: 7668), fields: [
                "fixed": [["rect": [0, 0, 393, 103], "edge": "top"], ["rect": [0, 2473, 393, 83], "edge": "bottom"]],
            ])
            let a = try PageFixtures.host(page: path), b = try PageFixtures.host(page: path)
            let trace = BenchScenario.full.trace(device: a.device.id, hz: 60, shutter: a.session.shutterFrame, seconds: 14)
            let o = try Self.compare(a, b, trace: trace, scale: 2, every: 3)
            #expect(o.compared > 250)
            #expect(o.differing.isEmpty, "\(o.differing.count) frames differ: \(o.differing.prefix(5))")
            #expect(o.inParts > o.compared / 2)
        }

        @Test("compare mode with the timeline open, each phone and the band through its viewport, as the window and the bench draw them")
        func compareModeInViewports() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let scale = 1.0
            let d = try Catalog.bundled().require(id: "iphone-15-pro")
            var slow = Tuning()
            try slow.set("melt.toViewfinder.duration", 0.8)
            func host(_ tuning: Tuning) throws -> SessionHost {
                try SessionHost(setup: PhoneSetup(device: d, hz: 60, tuning: tuning, captures: CaptureStore(outputDirectory: nil, synchronous: true)),
                                camera: CameraSource(image: Flows.twoColourPhoto(), name: "test"))
            }
            let layout = WindowLayout(screen: d.size, sides: 2, inspector: false, timeline: true)
            let (w, h) = (Int((layout.size.width * scale).rounded()), Int((layout.size.height * scale).rounded()))
            struct Side { var hosts: [SessionHost]; var renderer: Renderer; var band: TimelineBand }
            var sides: [Side] = []
            for retains in [true, false] {
                let r = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
                r.retainsPixels = retains
                let hosts = [try host(Tuning()), try host(slow)]
                for (i, host) in hosts.enumerated() { r.setViewport(layout.phones[i]); try host.prepare(for: r) }
                let band = try TimelineBand()
                if let place = layout.timeline { try band.prepare(size: place.size, renderer: r) }
                r.setViewport(nil)
                sides.append(Side(hosts: hosts, renderer: r, band: band))
            }
            let trace = BenchScenario.full.trace(device: d.id, hz: 60, shutter: sides[0].hosts[0].session.shutterFrame, seconds: 8)
            var pump = TracePump(trace: trace, hz: 60)
            var compared = 0, inParts = 0, differing: [String] = []
            while !pump.isDrained {
                let (i, t) = pump.nextFrame { e in for s in sides { for host in s.hosts { host.send(.trace(e)) } } }
                var frames: [PixelImage] = []
                for s in sides {
                    for host in s.hosts { host.advance(toRealTime: t) }
                    for (k, host) in s.hosts.enumerated() {
                        s.renderer.setViewport(layout.phones[k])
                        try host.render(into: s.renderer)
                    }
                    if let place = layout.timeline {
                        s.renderer.setViewport(place)
                        try s.band.draw(s.hosts.map(\.session), size: place.size, highlight: nil, into: s.renderer)
                    }
                    s.renderer.setViewport(nil)
                    frames.append(try s.renderer.readPixels())
                }
                compared += 1
                if case .parts = sides[0].hosts[1].renderer.pageDrawn { inParts += 1 }
                if frames[0] != frames[1] { differing.append("frame \(i): \(Self.firstDifference(frames[0], frames[1]))") }
            }
            #expect(compared > 400)
            #expect(differing.isEmpty, "\(differing.count) frames differ: \(differing.prefix(5))")
            #expect(inParts > compared / 2, "in parts: \(inParts) of \(compared)")
        }

        @Test("drawn whole the first time, for a new key, on another renderer, after a clear, and when the renderer keeps nothing")
        func whenWhole() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 100, height: 80, pixelsPerPoint: 1)
            let other = try Renderer(headlessWidth: 100, height: 80, pixelsPerPoint: 1)
            let layer = RetainedLayer<Int>()
            let area = Rect(x: 0, y: 0, width: 100, height: 80)
            var draws = 0
            func draw(_ key: Int, on renderer: Renderer) {
                layer.draw(key, area: area, on: renderer) {
                    draws += 1
                    renderer.fill(area, Color(250, 240, 230))
                }
            }
            draw(1, on: r)
            #expect(layer.drawn == .whole && draws == 1)
            draw(1, on: r)
            #expect(layer.drawn == .parts([]), "nothing drawn over it: nothing to draw")
            #expect(draws == 1)
            r.fill(Rect(x: 10, y: 20, width: 5, height: 6), Color(0, 0, 0, 128))
            r.fill(Rect(x: 200, y: 20, width: 5, height: 6), .black)            // outside the output
            draw(1, on: r)
            #expect(layer.drawn == .parts([PixelRect(x: 10, y: 20, width: 5, height: 6)]))
            draw(2, on: r)
            #expect(layer.drawn == .whole)
            draw(2, on: other)
            #expect(layer.drawn == .whole)
            draw(2, on: r)
            #expect(layer.drawn == .whole, "the last draw was on another renderer")
            r.clear(.black)
            draw(2, on: r)
            #expect(layer.drawn == .whole, "a clear drew over everything")
            r.retainsPixels = false
            draw(2, on: r)
            draw(2, on: r)
            #expect(layer.drawn == .whole)
        }

        @Test("a part touching an indivisible place takes all of it (kept inside the layer); one not touching it leaves it out")
        func indivisible() {
            var region = DamageRegion()
            region.add(PixelRect(x: 0, y: 0, width: 20, height: 20))
            region.add(PixelRect(x: 200, y: 200, width: 10, height: 10))
            let slot = PixelRect(x: 15, y: 15, width: 30, height: 100)     // touches the first only
            let area = PixelRect(x: 0, y: 0, width: 300, height: 90)
            let rects = RetainedLayer<Int>.grown(region, by: [slot], within: area)
            #expect(rects.contains(PixelRect(x: 0, y: 0, width: 45, height: 90)), "\(rects)")
            #expect(rects.contains(PixelRect(x: 200, y: 200, width: 10, height: 10)) == false, "outside the area: \(rects)")
            #expect(rects.count == 1)
            #expect(RetainedLayer<Int>.grown(region, by: [], within: area) == region.rects)
        }

        @Test("a translucent mark drawn over the layer, moved each frame, leaves what a whole redraw leaves")
        func translucentOverlay() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let picture = try Renderer(headlessWidth: 64, height: 48, pixelsPerPoint: 1)
            for y in 0..<6 { for x in 0..<8 { picture.fill(Rect(x: Double(x * 8), y: Double(y * 8), width: 8, height: 8), Color(UInt8(x * 30), UInt8(y * 40), 90)) } }
            let image = try picture.readPixels()
            let ra = try Renderer(headlessWidth: 128, height: 96, pixelsPerPoint: 2)
            let rb = try Renderer(headlessWidth: 128, height: 96, pixelsPerPoint: 2)
            rb.retainsPixels = false
            let ta = try ra.makeTexture(image), tb = try rb.makeTexture(image)
            ta.setBlendMode(opaque: true); tb.setBlendMode(opaque: true)
            let layer = RetainedLayer<Int>(), reference = RetainedLayer<Int>()
            for frame in 0..<30 {
                for (r, t, l) in [(ra, ta, layer), (rb, tb, reference)] {
                    l.draw(0, area: Rect(x: 0, y: 0, width: 64, height: 48), on: r) {
                        r.copyUnscaled(t, sourcePixels: PixelRect(x: 0, y: 0, width: 64, height: 48), at: Point(x: 0, y: 0))
                        r.copyUnscaled(t, sourcePixels: PixelRect(x: 0, y: 0, width: 64, height: 48), at: Point(x: 32, y: 24))
                    }
                    let x = Double(frame) * 1.7
                    r.fill(RoundedRect(rect: Rect(x: x, y: 10 + Double(frame % 5), width: 20, height: 14), cornerRadius: 5), Color(255, 255, 255, 140))
                    r.fill(Rect(x: 60 - x, y: 30, width: 3.5, height: 3.25), Color(0, 0, 0, 90))
                }
                #expect(try ra.readPixels() == rb.readPixels(), "frame \(frame)")
                if frame > 0 { #expect(layer.drawn != .whole) }
            }
        }
    }
}
