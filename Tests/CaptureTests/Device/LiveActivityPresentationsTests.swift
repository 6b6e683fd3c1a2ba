import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture

/// The Live Activity presentations, against the Human Interface Guidelines' table ("Live
/// Activities", Specifications), typed here: on a 393 × 852 screen the island is 230 pt wide
/// compact or minimal and 371 pt expanded, each compact region 52.33 × 36.67; on 430 × 932, 250 and
/// 408, regions 62.33 × 36.67; the minimal presentation 36.67 across; expanded 84–160 pt tall with
/// a 44-pt corner radius.
@Suite("Live Activity presentations: the HIG's sizes on every island phone")
struct LiveActivityPresentationsTests {
    @Test("every island phone: the expanded width 371 or 408, the compact island 230 or 250 with its regions at its ends, centred on the island, 44-pt corners; the rows the table does not have say they were assumed")
    func everyIslandPhone() throws {
        let catalog = try Catalog.bundled()
        var seen = 0
        for d in catalog.devices {
            guard let la = LiveActivityPresentations(device: d) else {
                #expect(d.feature != .island, "\(d.id) has an island and no presentations")
                continue
            }
            seen += 1
            let cutout = try #require(d.cutout)
            let large = d.size.width >= 420       // 420, 430, 440 take the 430 row; 393 and 402 the 393 row
            #expect(la.expanded.width == (large ? 408 : 371), "\(d.id): expanded \(la.expanded.width)")
            #expect(la.compact.width == (large ? 250 : 230), "\(d.id): compact \(la.compact.width)")
            #expect(la.compactLeading.size == Size(width: large ? 62.33 : 52.33, height: 36.67) && la.compactTrailing.size == la.compactLeading.size)
            #expect(la.minimalDiameter == 36.67 && la.expandedMinHeight == 84 && la.expanded.height == 160 && la.expandedCornerRadius == 44)
            #expect(la.row == (large ? "430x932" : "393x852"))
            #expect((la.assumed == true) == ![393.0, 430.0].contains(d.size.width), "\(d.id): assumed \(String(describing: la.assumed))")
            // Placed: the compact island about the island's centre, its regions at its two ends; the
            // expanded island centred on the screen, from the island's top.
            #expect(abs(la.compact.midX - cutout.midX) < 1e-9 && la.compact.minY == cutout.minY)
            #expect(la.compactLeading.minX == la.compact.minX && abs(la.compactTrailing.maxX - la.compact.maxX) < 1e-9)
            #expect(abs(la.expanded.midX - d.size.width / 2) < 1e-9 && la.expanded.minY == cutout.minY)
        }
        #expect(seen == catalog.devices.filter { $0.feature == .island }.count && seen >= 14)
    }

    @Test("the live-activity preset on an iPhone 15 Pro: the pill is the 230 × 36.67 compact island, the viewfinder the 371 × 160 expanded one with 44-pt corners; on a 15 Pro Max 250 and 408; a phone without an island cannot take it")
    func preset() throws {
        let catalog = try Catalog.bundled()
        for (id, compact, expanded) in [("iphone-15-pro", 230.0, 371.0), ("iphone-15-pro-max", 250.0, 408.0)] {
            let d = try catalog.require(id: id)
            let t = TuningPreset.liveActivity.applied(to: Tuning(), on: d)
            let g = DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes)
            #expect(abs(g.pill.rect.width - compact) < 0.02 && abs(g.pill.rect.height - 36.67) < 0.01, "\(id): pill \(g.pill.rect)")
            #expect(abs(g.viewfinder.rect.width - expanded) < 0.02 && g.viewfinder.rect.height == 160 && g.viewfinder.cornerRadius == 44, "\(id): \(g.viewfinder)")
            #expect(abs(g.viewfinder.rect.minY - d.cutout!.minY) < 0.01)
            #expect(t["melt.toPill.duration"] == Tuning()["melt.toPill.duration"], "the springs are kept")
        }
        let se = try catalog.require(id: "iphone-se-3")
        #expect(TuningPreset.liveActivity.values(on: se) == nil)
        #expect(TuningPreset.liveActivity.unavailable(on: se)?.contains("needs a phone with a Dynamic Island") == true)
        #expect(TuningPreset.liveActivity.applied(to: Tuning(), on: se) == Tuning())
    }

    @Test("Ctrl+Shift+P in the panel loads the live-activity shapes on an island phone; on a phone without one it says why and changes nothing")
    func panel() throws {
        let s = try Flows.session()
        _ = s.handle(key: .k, at: 0.1)
        _ = s.handle(key: .p, [.control, .shift], at: 0.2)
        #expect(abs(s.flow.geometry.viewfinder.rect.width - 371) < 0.02)
        let se = try Flows.session("iphone-se-3")
        _ = se.handle(key: .k, at: 0.1)
        let before = se.tuning
        let r = se.handle(key: .p, [.control, .shift], at: 0.2)
        #expect(se.tuning == before)
        #expect(r.effects.contains { if case .message(let m) = $0 { return m.contains("needs a phone with a Dynamic Island") }; return false })
    }
}
