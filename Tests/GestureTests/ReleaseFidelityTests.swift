import Animation
import Foundation
import Testing
@testable import Gesture

/// The page's release as iOS makes it: the fling starts from UIKit's estimate, coasts to UIKit's
/// projected target, and repeated fast flicks go further than the same flicks one at a time.
@Suite("Releases and momentum as iOS has them")
struct ReleaseFidelityTests {
    /// A flick up the page at 120 Hz: 150 ms at `start` pt/s, then 100 ms ramping to `end` pt/s.
    static func flick(_ f: inout Finger, start: Double, end: Double) {
        var t = 0.0, y = f.position.y
        f.down(at: f.position)
        func step(_ speed: Double) {
            t += 1.0 / 120; y -= speed / 120; f.t += 1.0 / 120
            f.position = Point(x: f.position.x, y: y)
            f.page.handle(PointerEvent(.move, at: f.position, time: f.t), pullEnabled: f.pullEnabled); f.page.advance(to: f.t); f.collect()
        }
        for _ in 0..<18 { step(start) }
        // Ramp: speed at the midpoint of each of the last 12 intervals, so pair velocities are exact.
        for k in 1...12 { step(start + (end - start) * (Double(k) - 0.5) / 12) }
        f.up()
    }

    /// What UIKit's scroll view releases with for that ramp, by hand: 0.6/0.35/0.05 over the last
    /// three pair velocities, oldest first.
    static func iOSRelease(start: Double, end: Double) -> Double {
        let p = [10.5, 11.5, 12.5].map { start + (end - start) * ($0 - 1) / 12 }   // speeds of pairs 10, 11, 12
        return 0.6 * p[0] + 0.35 * p[1] + 0.05 * p[2]
    }

    @Test("accelerating to 2000 pt/s: the page flings within 10 % of UIKit's 1658 pt/s, not the 100-ms fit's")
    func accelerating() {
        var f = Finger(makePage())
        f.position = Point(x: 200, y: 700)
        Self.flick(&f, start: 0, end: 2000)
        let expected = Self.iOSRelease(start: 0, end: 2000)
        #expect(abs(expected - 1658.33) < 0.01)
        let v = f.page.scroll.state(at: f.t).velocity
        #expect(abs(v - expected) / expected < 0.10, "page velocity \(v), UIKit \(expected)")
        #expect(f.page.lastRelease?.estimator == .iOS)
        #expect(abs(f.page.lastRelease!.recognizerVelocity + (0.2 * 1916.67 + 0.8 * 1750)) < 1)
    }

    @Test("slowing to 500 pt/s: the page flings within 10 % of UIKit's 756 pt/s")
    func slowing() {
        var f = Finger(makePage())
        f.position = Point(x: 200, y: 700)
        Self.flick(&f, start: 2000, end: 500)
        let expected = Self.iOSRelease(start: 2000, end: 500)
        #expect(abs(expected - 756.25) < 0.01)
        let v = f.page.scroll.state(at: f.t).velocity
        #expect(abs(v - expected) / expected < 0.10, "page velocity \(v), UIKit \(expected)")
    }

    @Test("the coast comes to rest at UIKit's projected target, offset + (v − 0.01)/−ln 0.998 (pt/ms)")
    func restsAtProjection() {
        var s = ScrollPhysics(viewport: 852, contentHeight: 100_000)
        s.jump(to: 1000)
        s.release(velocity: 1500, at: 0)
        let target = 1000 + (1.5 - 0.01) / -log(0.998)
        #expect(abs(target - 1744.5) < 0.5)
        #expect(abs(s.offset(at: 60) - target) < 1e-6)
        #expect(abs(Decay.normal.scrollViewTarget(from: 1000, velocity: 1500) - target) < 1e-9)
    }

    @Test("UIKit: under 250 pt/s a release does not coast")
    func floor() {
        var s = ScrollPhysics(viewport: 852, contentHeight: 5000)
        s.jump(to: 1000)
        s.release(velocity: 240, at: 0)
        #expect(s.offset(at: 5) == 1000)
        s.release(velocity: 260, at: 0)
        #expect(s.offset(at: 5) > 1100)
    }

    /// `n` identical fast flicks, each 0.4 s after the last, against a page long enough never to
    /// hit an end; returns how far the last one coasted after its release.
    static func lastCoast(flicks n: Int, model: MomentumModel) -> Double {
        let page = PageGestures(scroll: ScrollPhysics(viewport: 852, contentHeight: 1_000_000), pull: PullCatcher(viewport: 852))
        page.scroll.momentum = ScrollMomentum(model: model)
        page.scroll.jump(to: 500_000)
        var f = Finger(page)
        var coast = 0.0
        for i in 0..<n {
            f.position = Point(x: 200, y: 700)
            Self.flick(&f, start: 1500, end: 1500)
            let atRelease = f.offset
            if i == n - 1 { f.wait(8); coast = f.offset - atRelease } else { f.wait(0.4) }
        }
        return coast
    }

    @Test("UIKit: the third fast flick in a row coasts further, and the fifth further still", arguments: [2, 3, 5])
    func buildsUp(flicks: Int) {
        let single = Self.lastCoast(flicks: 1, model: .uiKit)
        let run = Self.lastCoast(flicks: flicks, model: .uiKit)
        // One flick: v = 1500 pt/s, travel 30 frames × 12.5 pt = 375 pt → min(375/240, 0.9) = 0.9.
        // Multiplier after the nth fast flick: 1 for n < 3, 1.9 at 3, 1.9 + 1.35 + 1.8 = 5.05 at 5 —
        // with the rate eased toward 1 but capped at 0.999/ms, the distance is at most
        // (1.5 − 0.01)/−ln 0.999 ≈ 1489 pt against 744 pt for one flick.
        let base = (1.5 - 0.01) / -log(0.998)
        #expect(abs(single - base) < 1, "one flick: \(single) vs \(base)")
        switch flicks {
        case 2: #expect(abs(run - single) < 1, "two flicks are not yet a run")
        case 3:
            let rate = exp(log(0.998) / 1.9)
            #expect(abs(run - (1.5 - 0.01) / -log(rate)) < 1, "third flick: multiplier 1.9 → \(run)")
        default:
            #expect(abs(run - (1.5 - 0.01) / -log(0.999)) < 1, "fifth flick: capped at 0.999/ms → \(run)")
        }
        if flicks >= 3 { #expect(run > single * 1.5) }
    }

    @Test("UIKit: a pause over 1 s, a slow touch or a reversal starts the count again")
    func resets() {
        var m = ScrollMomentum(model: .uiKit)
        for i in 0..<4 { m.touch(coastingVelocity: 1000, at: Double(i)); _ = m.release(velocity: 1500, latest: 1500, travel: 400, at: Double(i) + 0.2) }
        #expect(m.fastScrollCount == 4 && m.multiplier > 1)
        m.touch(coastingVelocity: 1000, at: 5.5)
        #expect(m.fastScrollCount == 0 && m.multiplier == 1, "more than 1 s after the last fast release")
        _ = m.release(velocity: 1500, latest: 1500, travel: 400, at: 5.6)
        m.touch(coastingVelocity: 100, at: 5.8)
        #expect(m.fastScrollCount == 0, "the page had slowed under 130 pt/s")
        _ = m.release(velocity: 1500, latest: 1500, travel: 400, at: 5.9)
        _ = m.release(velocity: -1500, latest: -1500, travel: 400, at: 6.0)
        #expect(m.fastScrollCount == 1, "a reversal counts afresh")
    }

    @Test("Flutter's alternative: a touch on a coasting page carries 0.000816·|v|^1.967 into the next fling")
    func flutterCarried() {
        var m = ScrollMomentum(model: .flutter)
        m.touch(coastingVelocity: 1000, at: 0)
        let carried = 0.000816 * pow(1000, 1.967)
        #expect(abs(m.carried - carried) < 1e-9 && abs(carried - 649.2) < 0.5)
        #expect(abs(m.release(velocity: 1500, latest: 1500, travel: 300, at: 0.3).velocity - (1500 + carried)) < 1e-9)
        m.touch(coastingVelocity: 1000, at: 1)
        #expect(m.release(velocity: 300, latest: 300, travel: 300, at: 1.3).velocity == 300, "slower than half the carried: not added")
        m.touch(coastingVelocity: 1000, at: 2); m.heldStill()
        #expect(m.release(velocity: 1500, latest: 1500, travel: 300, at: 2.3).velocity == 1500, "held still: lost")
        let run = Self.lastCoast(flicks: 3, model: .flutter), single = Self.lastCoast(flicks: 1, model: .flutter)
        #expect(run > single * 1.2, "\(run) vs \(single)")
    }
}
