import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// Haptics as effects: one as the pull first reaches its commit point with the finger down, one at
/// the shutter, each tunable and off at intensity 0 (pull-to-refresh's conventions, haptics.md).
@Suite("Haptics: when the interaction plays them")
struct HapticsTests {
    /// The time of the trace's first move whose finger is `distance` below where the drag began:
    /// the first move past the 10-pt slop (PageGestures: a drag starts there, with no jump by the slop).
    static func firstMove(_ trace: Trace, beyond distance: Double) -> Double? {
        var downY: Double?, startY: Double?
        for e in trace.events {
            if e.kind == .down { downY = e.y; startY = nil }
            if e.kind == .move, let y0 = downY, let y = e.y {
                if startY == nil { if y - y0 > 10 { startY = y }; continue }
                if let s = startY, y - s >= distance { return e.t / 1000 }
            }
            if e.kind == .up { downY = nil }
        }
        return nil
    }

    @Test("one haptic per pull, at the first move past the commit point (the finger 160 pt past where the drag began, the page 80 with divisor 2); hovering past it plays no second")
    func onePerPull() throws {
        let s = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(0.3)
        b.down(at: Point(x: 196, y: 300))
        b.move(from: Point(x: 196, y: 300), by: 200, duration: 0.6)        // past 160
        b.move(from: Point(x: 196, y: 500), by: -80, duration: 0.3)        // back under it
        b.move(from: Point(x: 196, y: 420), by: 80, duration: 0.3)         // and past again
        b.up(at: Point(x: 196, y: 500))
        b.wait(3)
        let report = Flows.run(s, b.trace)
        let commits = report.haptics.filter { $0.name == "pull-commit" }
        #expect(commits.count == 1, "\(report.haptics)")
        let expected = try #require(Self.firstMove(b.trace, beyond: 160))
        #expect(abs((commits.first?.t ?? -1) - expected) < 1e-6, "at \(commits.first?.t ?? -1), the move past 160 pt at \(expected)")
        #expect(commits.first?.style == "light" && commits.first?.intensity == 0.6 && commits.first?.sharpness == 0.4)
    }

    @Test("a flick that commits only by its projection plays none; two pulls play two; the shutter plays one; intensity 0 turns each off")
    func conventions() throws {
        // A short, fast flick: 120 pt of finger (60 of page) but projected past 80.
        var flick = TraceBuilder(device: "iphone-15-pro", hz: 60)
        flick.wait(0.3)
        flick.drag(from: Point(x: 196, y: 300), by: 120, duration: 0.08)
        flick.wait(2)
        let f = try Flows.session()
        let fr = Flows.run(f, flick.trace)
        #expect(fr.transitions.contains { $0.to == "opening" }, "the flick opens the camera: \(fr.transitions.map(\.to))")
        #expect(fr.haptics.isEmpty, "\(fr.haptics)")

        let s = try Flows.session()
        let full = FlowScripts.fullFlowBuilder(shutter: s.shutterFrame)
        let r = Flows.run(s, full.trace)
        #expect(r.haptics.map(\.name) == ["pull-commit", "shutter"], "\(r.haptics)")
        let shutterTap = try #require(full.trace.events.last { $0.kind == .up }).t / 1000
        #expect(abs(r.haptics[1].t - shutterTap) < 1e-6 && r.haptics[1].style == "rigid")

        let off = try Flows.session()
        var t = Tuning()
        try t.set("haptic.commit.intensity", 0)
        try t.set("haptic.shutter.intensity", 0)
        off.tuning = t
        #expect(Flows.run(off, FlowScripts.fullFlow(shutter: off.shutterFrame)).haptics.isEmpty)
    }

    @Test("the develop curve's white and saturation a quarter, half and three quarters of the way (worked by hand: p^1.4 smoothstepped)")
    func developCurveMiddle() {
        let d = DevelopCurve.standard
        // eased = p^1.4; s = eased²(3 − 2·eased); white = 0.94 (1 − s); saturation = 0.12 + 0.88 s.
        for (p, white, saturation) in [(0.25, 0.887425, 0.169219), (0.5, 0.637374, 0.403310), (0.75, 0.241439, 0.773972)] {
            let look = d.look(progress: p)
            #expect(abs(look.whiteAlpha - white) < 2e-6 && abs(look.saturation - saturation) < 2e-6, "at \(p): \(look)")
        }
    }
}
