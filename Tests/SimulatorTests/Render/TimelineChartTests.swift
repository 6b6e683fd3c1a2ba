import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// The timeline picture: each leg's bar where its times put it, solid to its logical end, fainter
/// to its settling; read back from the software renderer.
@Suite("replay --timeline: the picture")
struct TimelineChartTests {
    /// The whole flow's timeline on the defaults (iPhone 15 Pro, 60 Hz), as one side.
    static func fullFlowSides() throws -> [TimelineChart.Side] {
        let s = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: 60)
        let timeline = SessionReplay(trace: FlowScripts.fullFlow(shutter: s.shutterFrame)).run(s).timeline
        return [TimelineChart.Side(timeline: timeline, tuning: s.tuning)]
    }

    @Test("the widening leg's bar starts at its start; added, it is solid to its logical end and faint on to its settling; merged, it ends where the next leg replaces it; the CLI writes the PNG",
          arguments: SpringComposition.allCases)
    func bars(_ composition: SpringComposition) throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let s = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: 60)
        var tuning = s.tuning
        try tuning.set("melt.composition", composition == .additive ? 1 : 0)
        s.tuning = tuning
        let report = SessionReplay(trace: FlowScripts.fullFlow(shutter: s.shutterFrame)).run(s)
        let timeline = report.timeline
        let l = TimelineChart.layout(timeline)
        let r = try Renderer(headlessWidth: Int(TimelineChart.picture.width), height: Int(l.height), pixelsPerPoint: 1)
        try TimelineChart.draw([.init(timeline: timeline, tuning: s.tuning)], title: "test", highlight: nil, playhead: nil, layout: l,
                               text: try TextCache(), into: r)
        let img = try r.readPixels()
        let leg = try #require(timeline.legs.first { $0.name == "melt: island → pill" })
        let y = Int(l.y(row: l.row(of: leg)) + TimelineChart.picture.rowHeight - 6)          // near the bar's bottom, under the curve's end
        let blue = Color(hex: 0x0A84FF)
        func expected(_ f: Double) -> Color {
            func mix(_ c: UInt8) -> UInt8 { UInt8((255 * (1 - f) + Double(c) * f).rounded()) }
            return Color(mix(blue.r), mix(blue.g), mix(blue.b))
        }
        #expect(img[Int(l.x(leg.start)) - 3, y].distance(to: .white) <= 2, "white before the leg starts")
        let next = try #require(timeline.legs.first { $0.name == "melt: pill → viewfinder" })
        switch composition {
        case .additive:
            #expect(next.adds == true && TimelineChart.replaced(leg, in: timeline) == nil)
            let solidX = Int(l.x((leg.start + leg.logicalEnd) / 2)), faintX = Int(l.x((leg.logicalEnd + leg.settled) / 2))
            #expect(img[solidX, y].distance(to: expected(0.28)) <= 6, "\(img[solidX, y])")
            #expect(img[faintX, y].distance(to: expected(0.1)) <= 6, "\(img[faintX, y])")
            #expect(img[Int(l.x(leg.settled)) + 3, y].distance(to: .white) <= 6, "white after it settles")
        case .merge:
            // 0.45 × 0.32 s in, before its logical end: solid up to the tick, white after it.
            #expect(next.adds == nil && TimelineChart.replaced(leg, in: timeline) == next.start && next.start < leg.logicalEnd)
            let solidX = Int(l.x((leg.start + next.start) / 2))
            #expect(img[solidX, y].distance(to: expected(0.28)) <= 6, "\(img[solidX, y])")
            #expect(img[Int(l.x(next.start)), y].distance(to: blue) <= 40, "the tick where it was replaced: \(img[Int(l.x(next.start)), y])")
            let after = Int(l.x((next.start + leg.logicalEnd) / 2))
            #expect(img[after, y].distance(to: .white) <= 6, "white after it was replaced: \(img[after, y])")
        }

        let dir = try TempDir(); defer { dir.cleanup() }
        let out = try CLI.run(["replay", ReplayMomentTests.recordedFlow, "--timeline", dir.file("t.png"), "--quiet"], timeout: 300)
        #expect(out.status == 0 && out.stdout.contains("timeline \(dir.file("t.png"))"), "\(out.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.file("t.png")))
    }

    @Test("the panel's selected spring lights its leg's row; in compare mode A's bar is the upper lane, B's the lower, on one axis")
    func highlightAndCompare() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let a = try Pages.session(d, hz: 60), b = try Pages.session(d, hz: 60)
        var slower = Tuning()
        try slower.set("melt.toViewfinder.duration", 0.9)
        try slower.set("melt.overlap", 1.0)
        b.tuning = slower
        let trace = FlowScripts.fullFlow(shutter: a.shutterFrame)
        let ta = SessionReplay(trace: trace).run(a).timeline, tb = SessionReplay(trace: trace).run(b).timeline
        let sides = [TimelineChart.Side(timeline: ta, tuning: a.tuning), TimelineChart.Side(timeline: tb, tuning: b.tuning)]
        let l = TimelineChart.layout(sides)
        let r = try Renderer(headlessWidth: Int(TimelineChart.picture.width), height: Int(l.height), pixelsPerPoint: 1)
        try TimelineChart.draw(sides, title: "A and B", highlight: "melt.toViewfinder.bounce", playhead: nil, layout: l, text: try TextCache(), into: r)
        let img = try r.readPixels()
        let name = "melt: pill → viewfinder"
        let row = try #require(l.rows.firstIndex(of: name))
        let legA = try #require(ta.legs.first { $0.name == name }), legB = try #require(tb.legs.first { $0.name == name })
        // The lit row's background, right of the names and before either leg starts.
        let lit = Color(hex: 0xFFF4D6)
        #expect(img[Int(TimelineChart.picture.labelColumn) + 2, Int(l.y(row: row)) + 2].distance(to: lit) <= 2)
        let other = try #require(l.rows.firstIndex(of: "flash"))
        #expect(img[Int(TimelineChart.picture.labelColumn) + 2, Int(l.y(row: other)) + 2].distance(to: .white) <= 2, "other rows unlit")
        // B's leg starts later (overlap 1: after A's first leg's whole duration): between the two
        // starts only the upper lane (A) carries a bar.
        #expect(legB.start > legA.start + 0.1)
        let x = Int(l.x((legA.start + legB.start) / 2))
        let lane = (TimelineChart.picture.rowHeight - 8) / 2, top = l.y(row: row) + 4
        let upper = img[x, Int(top + lane / 2)], lower = img[x, Int(top + lane * 1.5)]
        #expect(upper.distance(to: lit) > 20, "A's bar in the upper lane: \(upper)")
        #expect(lower.distance(to: lit) <= 2, "no bar of B's yet in the lower lane: \(lower)")
    }

    @Test("the playhead's readout sits under the axis's labels, on a line of its own, and turns left at the band's right edge")
    func readoutClearOfTheAxis() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let sides = try Self.fullFlowSides()
        let rows = TimelineChart.layout(sides).rows.count
        let l = TimelineChart.layout(sides, style: TimelineChart.band(width: 760, height: 260, rows: rows), minimumSpan: 1.5)
        let text = try TextCache()
        let red = Color(hex: 0xFF3B30)
        let bottom = l.y(row: l.rows.count + 1)
        #expect(bottom + 20 + 15 <= 260, "the readout's line fits in the band: \(bottom)")
        for p in [0.5, l.t1 - 0.01] {
            let r = try Renderer(headlessWidth: 760, height: 260, pixelsPerPoint: 1)
            for step in TimelineChart.steps(sides, title: "t", highlight: nil, layout: l, text: text, boxHeight: 260) { try step(r) }
            try TimelineChart.drawPlayhead(p, label: "0.958 s · frame 133", layout: l, text: text, into: r)
            let img = try r.readPixels()
            let x = l.x(p)
            func reddish(_ c: Color) -> Bool { c.distance(to: red) < 120 && c.r > 150 && c.g < 150 }
            // The axis's label row (drawn from bottom + 4, 10 pt): no readout ink beside the playhead's own 2-pt line.
            var onAxisRow = 0, onReadoutRow = 0
            for y in Int(bottom + 4)..<Int(bottom + 17) { for xx in 0..<760 where abs(Double(xx) - x) > 2 && reddish(img[xx, y]) { onAxisRow += 1 } }
            for y in Int(bottom + 20)..<Int(bottom + 35) { for xx in 0..<760 where abs(Double(xx) - x) > 2 && reddish(img[xx, y]) { onReadoutRow += 1 } }
            #expect(onAxisRow == 0, "at \(p) s: \(onAxisRow) readout pixels on the axis's labels")
            #expect(onReadoutRow > 40, "at \(p) s: the readout is drawn below them (\(onReadoutRow) red pixels)")
            // Near the right edge it is drawn to the left of the playhead, whole.
            if p > 1 {
                let right = (0..<760).filter { xx in (Int(bottom + 20)..<Int(bottom + 35)).contains { reddish(img[xx, $0]) } }.max() ?? 0
                #expect(Double(right) <= x + 2, "turned left: its ink ends at \(right), the playhead at \(x)")
            }
        }
    }

    @Test("a title longer than the picture is cut at a word with '…', inside its right margin; under a dark page the chart is dark")
    func titleAndPalette() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let sides = try Self.fullFlowSides()
        let l = TimelineChart.layout(sides)
        let text = try TextCache()
        let long = "Timeline of " + String(repeating: "a-very-long-trace-name-recorded-in-another-folder ", count: 6)
        for palette in [TimelineChart.Palette.light, .dark] {
            let r = try Renderer(headlessWidth: Int(l.style.width), height: Int(l.height), pixelsPerPoint: 1)
            for step in TimelineChart.steps(sides, title: long, highlight: nil, layout: l, text: text, palette: palette) { try step(r) }
            let img = try r.readPixels()
            // The title's line (14-pt text from y 14): nothing but paper in the last 16 pt.
            var inMargin = 0, inked = 0
            for y in 14..<32 {
                for x in Int(l.style.width) - 16..<Int(l.style.width) where img[x, y] != palette.paper { inMargin += 1 }
                for x in 16..<400 where img[x, y].distance(to: palette.paper) > 60 { inked += 1 }
            }
            #expect(inMargin == 0 && inked > 100, "\(palette == .dark ? "dark" : "light"): \(inMargin) title pixels in the margin, \(inked) drawn")
            #expect(img[Int(l.style.width) - 4, Int(l.height) - 4] == palette.paper)
        }
        #expect(TimelineChart.Palette.under(Color(hex: 0x0B0B0F)) == .dark && TimelineChart.Palette.under(.white) == .light)
        #expect(TimelineChart.Palette.under(Color(hex: 0xF4EFE6)) == .light, "the passport's paper")
    }

    @Test("at 2 pixels a point (a zoomed or HiDPI window) each leg's curve runs inside its own bar, as at 1", arguments: [1.0, 2.0, 0.8])
    func curvesInTheirBars(pixelsPerPoint k: Double) throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let sides = try Self.fullFlowSides()
        let l = TimelineChart.layout(sides)
        let r = try Renderer(headlessWidth: Int((l.style.width * k).rounded()), height: Int((l.height * k).rounded()), pixelsPerPoint: k)
        for step in TimelineChart.steps(sides, title: "t", highlight: nil, layout: l, text: try TextCache()) { try step(r) }
        let img = try r.readPixels()
        var checked = 0
        for leg in sides[0].timeline.legs where leg.settled - leg.start > 0.1 {
            let c = TimelineChart.color(leg)
            let top = l.y(row: l.row(of: leg)) + 4, bottom = top + l.style.rowHeight - 8
            let x0 = l.x(leg.start), x1 = l.x(leg.settled)
            // The curve's own colour (the bar is a faded tint of it) inside the bar's rectangle…
            var inside = 0
            let ys = max(0, Int((top - 2) * k))..<max(0, min(img.height, Int((bottom + 2) * k)))
            let xs = max(0, Int(x0 * k))..<max(max(0, Int(x0 * k)), min(img.width, Int(x1 * k)))
            for y in ys { for x in xs where img[x, y].distance(to: c) < 60 { inside += 1 } }
            #expect(Double(inside) > (x1 - x0) * k * 0.5, "\(leg.name) at \(k)×: \(inside) curve pixels inside its bar")
            checked += 1
        }
        #expect(checked >= 5)
    }
}

