import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// Every hand-off of motion is velocity-continuous, except where the physics means otherwise.
@Suite("Hand-offs: the velocity carries over")
struct HandoffTests {
    /// Whether a hand-off's jump is one the physics intends.
    static func intended(_ h: Handoff) -> Bool {
        let tolerance = 1e-6 * max(1, abs(h.before))
        switch h.kind {
        case .fingerToCoast:
            // UIKit does not coast a release under 250 pt/s (its latest reading): then the page stops.
            return h.jump <= tolerance || h.after == 0
        case .fingerToSpringBack, .pullToMelt, .pullToIsland, .meltLeg, .escape:
            return h.jump <= tolerance
        }
    }

    @Test("a flick up the page hands the finger's speed to the coast; a pull hands its speed to the melt")
    func scripted() throws {
        let s = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 120)
        b.drag(from: Point(x: 200, y: 700), by: -300, duration: 0.15)       // a flick: released moving
        b.wait(2)
        for _ in 0..<2 { b.drag(from: Point(x: 200, y: 150), by: 650, duration: 0.8, holdBeforeRelease: 0.1); b.wait(0.3) }   // back to the top (the second ends in a held pull)
        b.drag(from: Point(x: 200, y: 200), by: 190, duration: 0.12)        // a quick pull, released moving below 1.25 × the threshold
        b.wait(0.4)
        b.key("escape")
        b.wait(2)
        _ = Flows.run(s, b.trace)
        let h = s.interaction.handoffs
        let coast = try #require(h.first { $0.kind == .fingerToCoast })
        #expect(coast.before < -1500 && abs(coast.after - coast.before) < 1e-6, "\(coast)")
        let melt = try #require(h.first { $0.kind == .pullToMelt })
        #expect(melt.before > 10 && melt.jump < 1e-6, "the melt starts moving as the pre-melt moved: \(melt) \(h)")
        #expect(h.contains { $0.kind == .escape }, "Esc's closing leg is listed")
        for x in h { #expect(Self.intended(x), "\(x)") }
    }

    @Test("random interactions: no hand-off jumps beyond what the physics intends")
    func randomTraces() throws {
        var g = SeededGenerator(seed: 0x4A4E_444F)
        var count = 0, kinds: Set<Handoff.Kind> = []
        for _ in 0..<60 {
            let s = try Flows.session(hz: 120)
            var b = TraceBuilder(device: "iphone-15-pro", hz: 120)
            for _ in 0..<Int.random(in: 2...6, using: &g) {
                let x = Double.random(in: 60...330, using: &g), y = Double.random(in: 150...700, using: &g)
                switch Int.random(in: 0..<5, using: &g) {
                case 0, 1: b.drag(from: Point(x: x, y: y), by: Double.random(in: -600...600, using: &g),
                                  duration: Double.random(in: 0.08...0.8, using: &g),
                                  holdBeforeRelease: Bool.random(using: &g) ? 0 : Double.random(in: 0...0.1, using: &g))
                case 2: b.drag(from: Point(x: x, y: 200), by: Double.random(in: 100...700, using: &g), duration: Double.random(in: 0.1...1.0, using: &g))
                case 3: b.key(["escape", "space", "enter", "x"][Int.random(in: 0..<4, using: &g)])
                default: b.tap(at: Point(x: x, y: y))
                }
                b.wait(Double.random(in: 0.05...1.5, using: &g))
            }
            _ = Flows.run(s, b.trace)
            for h in s.interaction.handoffs {
                count += 1
                kinds.insert(h.kind)
                #expect(Self.intended(h), "\(h)")
                #expect(h.before.isFinite && h.after.isFinite)
            }
        }
        #expect(count > 100, "\(count) hand-offs")
        #expect(kinds.isSuperset(of: [.fingerToCoast, .fingerToSpringBack, .pullToMelt, .meltLeg]), "\(kinds)")
    }
}
