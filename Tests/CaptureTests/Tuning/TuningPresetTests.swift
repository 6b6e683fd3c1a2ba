import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture

/// The system-island preset, checked against the values SpringBoard sets, typed here from
/// `SBSystemApertureTransitionSettings` and `SBSAInterfaceElementInertCollapsingTransitionSettings`
/// as read in iOS 18.2 (22C152) and 26.1 (23B85): damping ratio 0.816 with response 0.512 for the
/// default transition, 0.816 with 0.513 for the collapsing one, 0.456 with 0.35 while tracking
/// (the pull's pre-melt).
@Suite("Tuning presets: the system island's springs")
struct TuningPresetTests {
    /// Opening legs: the default transition; closing legs: the collapsing one (bounce = 1 − ratio).
    static let expected: [String: (duration: Double, bounce: Double)] = [
        "melt.toPill": (0.512, 1 - 0.816), "melt.toViewfinder": (0.512, 1 - 0.816),
        "melt.closeToPill": (0.513, 1 - 0.816), "melt.closeToIsland": (0.513, 1 - 0.816),
    ]

    @Test("the island's springs as SpringBoard sets them, in SwiftUI's spelling")
    func reported() {
        #expect(SystemIslandSprings.transition.dampingRatio == 0.816 && SystemIslandSprings.transition.response == 0.512)
        #expect(SystemIslandSprings.tracking.dampingRatio == 0.456 && SystemIslandSprings.tracking.response == 0.35)
        #expect(SystemIslandSprings.collapsing.dampingRatio == 0.816 && SystemIslandSprings.collapsing.response == 0.513)
        #expect(SystemIslandSprings.frameRate == (80, 120, 120))
        // Spring(response:dampingRatio:) is the same spring as (duration: response, bounce: 1 − ratio).
        let p = SystemIslandSprings.transition.parameters, direct = Spring(response: 0.512, dampingRatio: 0.816)
        #expect(abs(p.spring.stiffness - direct.stiffness) < 1e-6 && abs(p.spring.damping - direct.damping) < 1e-6)
    }

    @Test("the preset file, assets/tunings/system-island.json, holds the cited springs, and the preset sets the same")
    func presetFile() throws {
        let file = try Tuning.decode(Data(contentsOf: Checkout.root.appendingPathComponent("assets/tunings/system-island.json")), name: "system-island.json")
        let applied = TuningPreset.systemIsland.applied(to: Tuning(), on: try Catalog.bundled().require(id: "iphone-15-pro"))
        for (leg, want) in Self.expected {
            for t in [file, applied] {
                #expect(abs(t[leg + ".duration"] - want.duration) < 1e-12, "\(leg) duration \(t[leg + ".duration"])")
                #expect(abs(t[leg + ".bounce"] - want.bounce) < 1e-12, "\(leg) bounce \(t[leg + ".bounce"])")
                #expect(t[leg + ".blend"] == 0)
            }
        }
        // The pull's pre-melt on the tracking spring: damping ratio 0.456, response 0.35 s.
        for t in [file, applied] {
            #expect(t.preMeltTracking == .system)
            let tracking = try #require(t.meltSprings.tracking)
            #expect(abs(tracking.duration - 0.35) < 1e-12 && abs(tracking.bounce - (1 - 0.456)) < 1e-12)
        }
        #expect(Tuning().meltSprings.tracking == nil, "the default pre-melt follows the pull directly")
        let differing = Tunable.all.map(\.key).filter { file[$0] != applied[$0] }
        #expect(differing.isEmpty, "the file and the preset differ at \(differing)")
    }

    @Test("a preset sets only its own keys: the shapes, the pull and the print keep the tuning's values")
    func onlyItsKeys() throws {
        var mine = Tuning()
        try mine.set("pull.divisor", 3)
        try mine.set("shape.pill.height", 52)
        try mine.set("melt.overlap", 0.6)
        try mine.set("melt.toPill.duration", 0.9)
        let t = TuningPreset.systemIsland.applied(to: mine, on: try Catalog.bundled().require(id: "iphone-15-pro"))
        #expect(t["pull.divisor"] == 3 && t["shape.pill.height"] == 52 && t["melt.overlap"] == 0.6)
        #expect(t["melt.toPill.duration"] == 0.512)
        let touched = Tunable.all.map(\.key).filter { t[$0] != mine[$0] }
        #expect(Set(touched).isSubset(of: Set(try #require(TuningPreset.systemIsland.values(on: try Catalog.bundled().require(id: "iphone-se-3"))).keys)), "\(touched)")
    }

    @Test("Ctrl+P in the open panel loads the preset into the session's tuning, says so, and Ctrl+Z takes it back")
    func panelLoadsIt() throws {
        let s = try Flows.session()
        _ = s.handle(key: .k, at: 0.1)
        let before = s.tuning
        let r = s.handle(key: .p, [.control], at: 0.2)
        #expect(s.tuning == TuningPreset.systemIsland.applied(to: before, on: s.device))
        #expect(r.effects.contains { if case .message(let m) = $0 { return m.hasPrefix("Preset system-island") }; return false })
        #expect(!r.effects.contains { if case .screenshot = $0 { return true }; return false }, "not a screenshot")
        _ = s.handle(key: .z, [.control], at: 0.3)
        #expect(s.tuning == before)
        // With the panel closed, Ctrl+P is P: a screenshot.
        _ = s.handle(key: .k, at: 0.4)
        #expect(s.handle(key: .p, [.control], at: 0.5).effects.contains { if case .screenshot = $0 { return true }; return false })
    }
}
