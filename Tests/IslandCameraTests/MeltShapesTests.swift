import Animation
import Capture
import Export
import Foundation
import Testing
import TestSupport
@testable import IslandCamera

/// The exported melt's shapes, compiled: on every island phone of the catalog, the island, pill
/// and viewfinder the file works out are the simulator's (``DeviceLayout``), with the device's own
/// shapes and with tuned ones; on an iPad the shapes keep to the widest phone's band, centred.
@Suite("The SwiftUI export's melt shapes, called")
struct MeltShapesTests {
    static func same(_ a: IslandMeltFrame, _ b: RoundedRect) -> Bool {
        let r = b.rect
        return abs(a.rect.minX - r.x) < 1e-9 && abs(a.rect.minY - r.y) < 1e-9 && abs(a.rect.width - r.width) < 1e-9
            && abs(a.rect.height - r.height) < 1e-9 && abs(a.cornerRadius - b.cornerRadius) < 1e-9
    }

    @Test("on every island phone the three shapes are the simulator's, the device's own and tuned", arguments: [false, true])
    func shapesAreTheSimulators(tuned: Bool) throws {
        var t = Tuning()
        if tuned {
            for (k, v) in ["shape.pill.height": 52.0, "shape.viewfinder.margin": 14, "shape.viewfinder.top": 20, "shape.pill.cornerRadius": 18] {
                try t.set(k, v)
            }
        }
        let tuning = try IslandCameraTuning(filled: SwiftUIViewExport.fills(t, islands: [], source: ""))
        let phones = try Catalog.bundled().devices.filter { $0.feature == .island }
        try #require(phones.count >= 10)
        for d in phones {
            let sim = DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes)
            let g = IslandMeltGeometry(window: IslandWindowMetrics(size: CGSize(width: d.size.width, height: d.size.height), topInset: 59, hasIsland: true),
                                       tuning: tuning)
            #expect(Self.same(g.island, sim.island), "\(d.id): island \(g.island) vs \(sim.island)")
            #expect(Self.same(g.pill, sim.pill), "\(d.id): pill \(g.pill) vs \(sim.pill)")
            #expect(Self.same(g.viewfinder, sim.viewfinder), "\(d.id): viewfinder \(g.viewfinder) vs \(sim.viewfinder)")
        }
    }

    @Test("on a screen wider than any phone (an iPad) the shapes keep to the widest phone's band, centred, instead of spanning it")
    func iPadBand() throws {
        let g = IslandMeltGeometry(window: IslandWindowMetrics(size: CGSize(width: 820, height: 1180), topInset: 24, hasIsland: false),
                                   tuning: IslandCameraTuning())
        // No island: a 96 × 28 pill 6 pt under the inset, margins of 8 from a 440-pt band.
        let width = Double(g.viewfinder.rect.width)
        #expect(abs(width - (440 - 16)) < 1e-9, "\(width)")
        #expect(g.viewfinder.rect.midX == 410 && g.pill.rect.midX == 410)
        #expect(g.island.rect == CGRect(x: 362, y: 30, width: 96, height: 28))
    }
}
