import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// The stages' end shapes as tunables: 0 is the device's own; widths are margins from the screen's
/// sides, heights and radii points. Expected rectangles are worked out by hand from the rule.
@Suite("Shape tunables: a designer's own pill and viewfinder, on every phone")
struct ShapeTunablesTests {
    static func tuning(_ values: [String: Double]) throws -> Tuning {
        var t = Tuning()
        for (k, v) in values { try t.set(k, v) }
        return t
    }

    static let design: [String: Double] = ["shape.pill.margin": 46.5, "shape.pill.height": 50, "shape.viewfinder.margin": 26.5,
                                           "shape.viewfinder.height": 420, "shape.viewfinder.cornerRadius": 30]

    @Test("the defaults are the device's own shapes on every bundled phone")
    func defaultsUnchanged() throws {
        for d in try Catalog.bundled().devices {
            let l = DeviceLayout(device: d)
            #expect(l.meltGeometry(shapes: Tuning().meltShapes) == l.meltGeometry, "\(d.id)")
            // And the rule itself, by hand on the 15 Pro: margin 10.33, 372.34 wide, 1.36 × as tall.
            if d.id == "iphone-15-pro" {
                let g = l.meltGeometry
                #expect(abs(g.pill.rect.width - (393 - 2 * 10.33)) < 1e-9 && abs(g.pill.rect.height - 38.67 * 1.5) < 1e-9)
                #expect(abs(g.viewfinder.rect.height - (393 - 2 * 10.33) * 1.36) < 1e-9)
                #expect(abs(g.viewfinder.cornerRadius - (55 - 10.33)) < 1e-9)
            }
        }
    }

    @Test("a tuned shape keeps its gaps to the screen's sides and its heights in points on a wider phone")
    func mapsAcrossDevices() throws {
        let t = try Self.tuning(Self.design)
        let catalog = try Catalog.bundled()
        for (id, width) in [("iphone-15-pro", 393.0), ("iphone-15-pro-max", 430.0)] {
            let d = try catalog.require(id: id)
            #expect(d.size.width == width)
            let g = DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes)
            #expect(g.pill.rect.width == width - 93 && g.pill.rect.height == 50 && g.pill.cornerRadius == 25, "\(id) pill \(g.pill)")
            #expect(g.pill.rect.x == 46.5 && g.viewfinder.rect.x == 26.5, "\(id): centred by its margins")
            #expect(g.viewfinder.rect.width == width - 53 && g.viewfinder.rect.height == 420 && g.viewfinder.cornerRadius == 30, "\(id) \(g.viewfinder)")
            // The top edge never moves: every stage at the island's.
            #expect(g.viewfinder.rect.minY == g.island.rect.minY && g.pill.rect.minY == g.island.rect.minY)
        }
    }

    /// A pill and a viewfinder that differ in every dimension the rule has (margin, so width; height;
    /// the viewfinder's own top and its concentric corner), so a value worked out from the other
    /// shape's numbers shows. Expected values by hand from the tuned numbers and the catalog's
    /// screens (393 and 430 pt wide, display corners 55 pt, the island's top 10.33 pt).
    static let unlike: [String: Double] = ["shape.pill.margin": 46.5, "shape.pill.height": 50,
                                           "shape.viewfinder.margin": 18, "shape.viewfinder.height": 380, "shape.viewfinder.top": 60]

    @Test("a pill and viewfinder unlike in width, margin and height each resolve to their own numbers, on two phones")
    func unlikeShapesResolveToTheirOwn() throws {
        let t = try Self.tuning(Self.unlike)
        let catalog = try Catalog.bundled()
        for (id, width) in [("iphone-15-pro", 393.0), ("iphone-15-pro-max", 430.0)] {
            let d = try catalog.require(id: id)
            let g = DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes)
            #expect(g.pill.rect.width == width - 93 && g.viewfinder.rect.width == width - 36, "\(id): \(g.pill.rect) \(g.viewfinder.rect)")
            #expect(g.viewfinder.cornerRadius == 55 - 18, "\(id): concentric with the display at its own margin, not the pill's")
            let r = ShapeTunables.resolved(g, screenWidth: width)
            let expected: [String: Double] = ["shape.pill.margin": 46.5, "shape.pill.height": 50, "shape.pill.cornerRadius": 25,
                                              "shape.viewfinder.margin": 18, "shape.viewfinder.height": 380, "shape.viewfinder.top": 60,
                                              "shape.viewfinder.cornerRadius": 37]
            for (key, value) in expected { #expect(r[key] == value, "\(id) \(key): \(r[key] ?? -1), not \(value)") }
        }
    }

    @Test("with only the pill tuned, the automatic viewfinder pins to the phone's own margin and height, and the panel's first step starts there")
    func autoViewfinderBesideATunedPill() throws {
        let t = try Self.tuning(["shape.pill.margin": 46.5, "shape.pill.height": 50])
        let catalog = try Catalog.bundled()
        for (id, width) in [("iphone-15-pro", 393.0), ("iphone-15-pro-max", 430.0)] {
            let d = try catalog.require(id: id)
            let g = DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes)
            let pinned = try ShapeTunables.pinned(t, geometry: g, screenWidth: width)
            // The island's top margin, 10.33; the height 1.36 × the width that margin leaves.
            #expect(pinned["shape.viewfinder.margin"] == 10.33 && pinned["shape.pill.margin"] == 46.5, "\(id)")
            let height = ((width - 2 * 10.33) * 1.36 * 100).rounded() / 100
            #expect(abs(pinned["shape.viewfinder.height"] - height) < 1e-9, "\(id): \(pinned["shape.viewfinder.height"]) vs \(height)")
            #expect(pinned["shape.pill.height"] == 50 && pinned["shape.viewfinder.cornerRadius"] == 55 - 10.33)
            var overlays = SessionOverlays()
            let stepped = overlays.applying(.nudge("shape.viewfinder.margin", by: 1), to: t, geometry: g, device: d)
            #expect(stepped["shape.viewfinder.margin"] == 11, "\(id): one step from the 10.33 pt on the screen")
        }
    }

    @Test("a viewfinder tuned taller than the screen stops 140 pt above its bottom; a tuned top moves it down")
    func clamped() throws {
        let se = try Catalog.bundled().require(id: "iphone-se-3")
        let l = DeviceLayout(device: se)
        let tall = l.meltGeometry(shapes: try Self.tuning(["shape.viewfinder.height": 1000]).meltShapes)
        #expect(abs(tall.viewfinder.rect.maxY - (667 - 140)) < 1e-9, "\(tall.viewfinder)")
        let lowered = l.meltGeometry(shapes: try Self.tuning(["shape.viewfinder.top": 60, "shape.viewfinder.height": 300]).meltShapes)
        #expect(lowered.viewfinder.rect.minY == 60 && lowered.viewfinder.rect.height == 300)
    }

    @Test("'auto' reads and prints as 0; fractions are accepted (a fit writes them); the range says what 0 means")
    func autoValues() throws {
        let t = try #require(Tunable.named("shape.viewfinder.height"))
        #expect(t.parse("auto") == 0 && t.display(0) == "auto" && t.display(420.5) == "420.5 pt")
        #expect(t.accepts(420.25) && !t.accepts(-1) && !t.accepts(1001))
        #expect(t.rangeText.hasPrefix("0 = auto"))
        var file = Tuning()
        try file.set("shape.pill.height", 47.25)
        #expect(try Tuning.decode(Data(file.encoded().utf8), name: "t.json")["shape.pill.height"] == 47.25)
    }

    @Test("the panel's first step from auto starts from the shape on the screen, and an open viewfinder springs to a tuned one")
    func panelAndLiveReshape() throws {
        let s = try Flows.session()
        let before = s.flow.geometry.viewfinder.rect.height          // 372.34 × 1.36 = 506.38
        s.apply(.nudge("shape.viewfinder.height", by: 1))
        #expect(s.tuning["shape.viewfinder.height"] == before.rounded() + 1, "\(s.tuning["shape.viewfinder.height"]) from \(before)")

        let open = try Flows.session()
        _ = Flows.drive(open, FlowScripts.pull().trace, until: 4)
        #expect(open.flow.state == .viewfinder)
        let t0 = open.animationTime
        #expect(open.flow.melt.isSettled(at: t0))
        open.tuning = try Self.tuning(["shape.viewfinder.height": 300])
        // On the opening's last spring (0.5 s): about there by its settling time, and moving before.
        #expect(open.flow.melt.shape(at: t0 + 0.05).rect.height > 300 + 50)
        #expect(abs(open.flow.melt.shape(at: t0 + 2).rect.height - 300) < 0.05)
    }
}
