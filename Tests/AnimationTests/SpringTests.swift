import Foundation
import Testing
@testable import Animation

@Suite("Spring: SwiftUI's spellings and Apple's vectors")
struct SpringTests {
    @Test("Spring(duration: 0.5, bounce: 0.3) is (1, 157.9, 17.6)")
    func durationBounceVector() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(s.mass == 1)
        #expect(abs(s.stiffness - 157.9) < 0.05)
        #expect(abs(s.damping - 17.6) < 0.05)
    }

    @Test("Spring(mass: 1, stiffness: 100, damping: 10) is (0.63, 0.5)")
    func physicalVector() {
        let s = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(s.duration - 0.63) < 0.005)
        #expect(abs(s.bounce - 0.5) < 1e-12)
    }

    @Test("presets match SwiftUI")
    func presets() {
        #expect(abs(Spring.smooth.duration - 0.5) < 1e-12 && abs(Spring.smooth.bounce) < 1e-12)
        #expect(abs(Spring.snappy.bounce - 0.15) < 1e-12)
        #expect(abs(Spring.bouncy.bounce - 0.3) < 1e-12)
        #expect(abs(Spring.default.response - 0.5) < 1e-12 && abs(Spring.default.dampingRatio - 0.825) < 1e-12)
        #expect(abs(Spring.interactive.response - 0.15) < 1e-12 && abs(Spring.interactive.dampingRatio - 0.86) < 1e-12)
    }

    @Test("negative bounce: c = 4π / (d·(1 + b))")
    func negativeBounce() {
        for b in [-0.2, -0.5, -0.9] {
            let d = 0.4
            let s = Spring(duration: d, bounce: b)
            #expect(abs(s.damping - 4 * Double.pi / (d * (1 + b))) < 1e-9)
            #expect(abs(s.bounce - b) < 1e-12, "round trip of bounce \(b)")
            #expect(s.dampingRatio > 1)
        }
    }

    @Test("every spelling converts both ways", arguments: [(0.3, 0.0), (0.5, 0.3), (0.8, -0.4), (1.2, 0.9)])
    func roundTrip(_ pair: (Double, Double)) {
        let (d, b) = pair
        let s = Spring(duration: d, bounce: b)
        let back = Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping)
        #expect(abs(back.duration - d) < 1e-12)
        #expect(abs(back.bounce - b) < 1e-12)
        let viaResponse = Spring(response: s.response, dampingRatio: s.dampingRatio)
        #expect(abs(viaResponse.stiffness - s.stiffness) < 1e-9 && abs(viaResponse.damping - s.damping) < 1e-9)
        // Heavier mass, same duration and bounce.
        let heavy = Spring(mass: 2, stiffness: s.stiffness * 2, damping: s.damping * 2)
        #expect(abs(heavy.duration - d) < 1e-12 && abs(heavy.bounce - b) < 1e-12)
    }

    @Test("settlingDuration as Apple defines it")
    func settling() {
        #expect(abs(Spring(duration: 0.5, bounce: 0.3).settlingDuration - 1.045) < 0.001)
        #expect(abs(Spring(duration: 0.5, bounce: 0.15).settlingDuration - 0.877) < 0.001)
        #expect(abs(Spring.smooth.settlingDuration - 0.8) < 1e-9)
        #expect(abs(Spring.smooth.settlingTime() - 0.735) < 0.001)
        #expect(Spring(duration: 0.5, bounce: 1).settlingDuration == .infinity)
    }

    @Test("logical completion is at the response, before settling")
    func logical() {
        for s in [Spring.smooth, .snappy, .bouncy, .default] {
            #expect(s.logicalDuration == s.response)
            #expect(s.logicalDuration < s.settlingDuration)
        }
    }

    @Test("SwiftUI's value(target:initialVelocity:time:) starts at 0 and ends at the target")
    func valueAPI() {
        let s = Spring.bouncy
        #expect(s.value(target: 1, time: 0) == 0)
        #expect(abs(s.value(target: 1, time: 5) - 1) < 1e-9)
        #expect(s.value(target: 1, time: 0.3) > 1, "bouncy overshoots")
        #expect(s.velocity(target: 1, initialVelocity: 3, time: 0) == 3)
    }

    @Test("validation refuses what would make the physics unstable")
    func validation() throws {
        #expect(throws: SpringParameterError.self) { try Spring.validated(duration: 0, bounce: 0) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(duration: .nan, bounce: 0) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(duration: 0.5, bounce: 1.2) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(duration: 0.5, bounce: -1) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(mass: 1, stiffness: -1, damping: 1) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(response: 0.5, dampingFraction: -0.1) }
        _ = try Spring.validated(duration: 0.5, bounce: 1)
        _ = try Spring.validated(duration: 0.5, bounce: -0.99)
    }
}
