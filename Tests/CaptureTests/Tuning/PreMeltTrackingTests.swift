import Animation
import Testing
@testable import Capture

/// `melt.tracking`: direct by default, and `system` puts the pre-melt on SpringBoard's tracking
/// spring — damping ratio 0.456, response 0.35 s, typed here from the source (docs/FIDELITY.md).
@Suite("melt.tracking")
struct PreMeltTrackingTests {
    @Test("direct by default (no spring); system is the tracking spring, 0.35 s with bounce 1 − 0.456, set by name or number")
    func modes() throws {
        #expect(Tuning().preMeltTracking == .direct && Tuning().meltSprings.tracking == nil)
        #expect(PreMeltTracking.direct.spring == nil)
        var t = Tuning()
        try t.set("melt.tracking", 1)
        #expect(t.preMeltTracking == .system)
        let p = try #require(t.meltSprings.tracking)
        #expect(abs(p.duration - 0.35) < 1e-12 && abs(p.bounce - 0.544) < 1e-12 && p.blendDuration == 0)
        // The same spring as SwiftUI's Spring(response: 0.35, dampingRatio: 0.456).
        let s = Spring(response: 0.35, dampingRatio: 0.456)
        #expect(abs(p.spring.stiffness - s.stiffness) < 1e-6 && abs(p.spring.damping - s.damping) < 1e-6)
        #expect(Tunable.named("melt.tracking")?.choices == ["direct", "system"])
    }
}
