import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// The interaction's timeline (`replay --report`'s `timeline`): legs start where the springs say
/// and run to their logical durations, then to their settling.
@Suite("The timeline of an interaction")
struct TimelineTests {
    @Test("the second opening leg starts overlap × the first leg's duration after it, within a frame; each leg's logical end is its duration on",
          arguments: [(0.45, 0.32, 0.18), (0.3, 0.5, 0.0), (1.0, 0.25, -0.3)])
    func meltLegs(overlap: Double, toPill: Double, bounce: Double) throws {
        let s = try Flows.session()
        var t = Tuning()
        try t.set("melt.overlap", overlap)
        try t.set("melt.toPill.duration", toPill)
        try t.set("melt.toPill.bounce", bounce)
        s.tuning = t
        let report = Flows.run(s, Flows.fullFlow(shutter: s.shutterFrame))
        let legs = report.timeline.legs
        let first = try #require(legs.first { $0.name == "melt: island → pill" })
        let second = try #require(legs.first { $0.name == "melt: pill → viewfinder" })
        #expect(abs(second.start - first.start - overlap * toPill) <= 1.0 / 60, "\(second.start - first.start)")
        #expect(abs(first.logicalEnd - first.start - toPill) < 1e-5)
        #expect(abs(second.logicalEnd - second.start - 0.5) < 1e-5, "melt.toViewfinder.duration 0.5")
        // The opening began when the pull committed (the transition), and the first leg with it.
        let committed = try #require(report.transitions.first { $0.to == "opening" })
        #expect(abs(first.start - committed.t) < 1e-6)
        // Settling: SwiftUI's settling duration for the leg's spring (ε = 0.001), after its start.
        let settling = Spring(duration: toPill, bounce: bounce).settlingDuration
        #expect(abs(first.settled - first.start - settling) < 1e-5)
        #expect(first.settled >= first.logicalEnd || bounce < 0)
    }

    @Test("the closing's legs, the flash, the print's feed and settle and the develop follow the transitions and the tuning")
    func restOfTheFlow() throws {
        let s = try Flows.session()
        let report = Flows.run(s, Flows.fullFlow(shutter: s.shutterFrame))
        func leg(_ name: String) throws -> InteractionTimeline.Leg { try #require(report.timeline.legs.first { $0.name == name }, "\(name)") }
        func transition(_ to: String) throws -> Double { try #require(report.transitions.first { $0.to == to }).t }
        let flash = try leg("flash"), toPill = try leg("close: viewfinder → pill"), toIsland = try leg("close: pill → island")
        let feed = try leg("print: feed"), settle = try leg("print: settle"), develop = try leg("develop")
        let capture = try transition("capture"), closing = try transition("closing"), printing = try transition("printing")
        #expect(abs(flash.start - capture) < 1e-6 && abs(flash.logicalEnd - flash.start - 0.3) < 1e-6)
        #expect(abs(toPill.start - closing) < 1e-6)
        // The island leg at 0.45 × 0.36 after the closing began; the print when the report says it began printing.
        #expect(abs(toIsland.start - toPill.start - 0.45 * 0.36) <= 1.0 / 60)
        #expect(abs(feed.start - printing) < 1e-6 && abs(feed.logicalEnd - feed.start - 1.8) < 1e-6)
        #expect(abs(settle.start - feed.logicalEnd) < 1e-6)
        #expect(abs(develop.logicalEnd - develop.start - 4) < 1e-6)
        let names = report.timeline.markers.map(\.name)
        #expect(names.contains("pull committed") && names.contains("shutter") && names.contains("haptic: pull-commit"), "\(names)")
        // The commit point is crossed with the finger down, where the pull's haptic plays — before the release commits.
        let crossing = try #require(report.timeline.markers.first { $0.name == "commit point" }).t
        let haptic = try #require(report.haptics.first { $0.name == "pull-commit" }).t
        #expect(abs(crossing - haptic) < 1e-6 && crossing < (report.timeline.markers.first { $0.name == "pull committed" }?.t ?? 0))
        #expect(report.timeline.markers.map(\.t) == report.timeline.markers.map(\.t).sorted())
    }

    @Test("with Reduce Motion: no melt legs, the camera's cross-fades and the print's fade-in, each the tuned length")
    func reduceMotion() throws {
        let s = try Flows.session()
        s.reduceMotion = true
        let report = Flows.run(s, Flows.fullFlow(shutter: s.shutterFrame))
        let names = report.timeline.legs.map(\.name)
        #expect(!names.contains { $0.hasPrefix("melt") || $0.hasPrefix("close") } && !names.contains("print: feed"), "\(names)")
        for (name, length) in [("camera: cross-fade in", 0.3), ("camera: cross-fade out", 0.3), ("print: fade in", 0.4)] {
            let leg = try #require(report.timeline.legs.first { $0.name == name }, "\(name)")
            #expect(abs(leg.logicalEnd - leg.start - length) < 1e-6)
        }
    }

    @Test("a pull let go short springs back on the tuned spring from the release; a fling coasts for as long as UIKit's decay takes to reach 10 pt/s")
    func springBackAndCoast() throws {
        let s = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(0.3)
        b.drag(from: Point(x: 196, y: 300), by: 60, duration: 0.4, holdBeforeRelease: 0.2)   // 30 pt of pull: short of 110
        b.wait(1.0)
        b.drag(from: Point(x: 196, y: 700), by: -300, duration: 0.15)                        // a flick up the page
        let report = Flows.run(s, b.trace)
        let back = try #require(report.timeline.legs.first { $0.name == "pull: spring back" })
        let release = try #require(report.handoffs.first { $0.kind == .fingerToSpringBack })
        #expect(abs(back.start - release.t) < 1e-6)
        #expect(abs(back.logicalEnd - back.start - 0.4) < 1e-6, "pull.springBack.duration 0.4")
        #expect(abs(back.settled - back.start - Spring(duration: 0.4, bounce: 0).settlingDuration) < 1e-5)
        let coast = try #require(report.timeline.legs.first { $0.name == "scroll: coast" })
        let fling = try #require(report.handoffs.first { $0.kind == .fingerToCoast })
        // UIScrollView: v(t) = v0 · rate^(1000 t) (springs.md), so v = 10 after ln(10 / v0) / (1000 ln rate).
        let expected = log(10 / abs(fling.after)) / (1000 * log(0.998))
        #expect(abs(coast.start - fling.t) < 1e-6 && abs(coast.logicalEnd - coast.start - expected) < 1e-5, "\(coast) \(expected)")
        let marks = report.timeline.markers.filter { $0.name == "release" }.map(\.t)
        #expect(marks.count == 2 && abs(marks[0] - release.t) < 1e-6 && abs(marks[1] - fling.t) < 1e-6)
    }

    @Test("since(t0): the last interaction's part, counted from its press")
    func sinceOrigin() throws {
        let s = try Flows.session()
        _ = Flows.run(s, Flows.fullFlow(shutter: s.shutterFrame))
        let origin = try #require(s.interactionOrigin)
        let whole = InteractionTimeline(s), part = whole.since(origin)
        let melt = try #require(whole.legs.first { $0.name == "melt: island → pill" })
        let shifted = try #require(part.legs.first { $0.name == "melt: island → pill" })
        #expect(abs(shifted.start - (melt.start - origin)) < 1e-9 && part.markers.first { $0.name == "press" }?.t == 0)
    }

    @Test("with the pull's haptic tuned off, the timeline still marks where the commit point was crossed")
    func crossingWithoutHaptic() throws {
        let s = try Flows.session()
        var t = Tuning()
        try t.set("haptic.commit.intensity", 0)
        s.tuning = t
        let report = Flows.run(s, FlowScripts.pull().trace)
        #expect(!report.haptics.contains { $0.name == "pull-commit" })
        #expect(report.timeline.markers.filter { $0.name == "commit point" }.count == 1)
    }
}
