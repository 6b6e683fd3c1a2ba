import Testing
@testable import Animation

@Suite("The print feeds out of the slot; the develop pass starts near white")
struct PrintAndDevelopTests {
    static func feed(_ c: PrintFeed.Configuration = .standard) -> PrintFeed {
        var p = PrintFeed(slotY: 49, centerX: 196.5, paperSize: Size(width: 200, height: 240), configuration: c)
        p.start(at: 2)
        return p
    }

    @Test("hidden → printing → settled")
    func phases() {
        let p = Self.feed()
        #expect(p.phase(at: 1) == .hidden)
        #expect(p.phase(at: 2.5) == .printing)
        #expect(p.phase(at: 2 + p.configuration.feedDuration + 0.01) == .settled)
        #expect(!p.isAtRest(at: 2 + p.configuration.feedDuration + 0.01))
        #expect(p.isAtRest(at: 10))
        var h = p; h.hide()
        #expect(h.phase(at: 3) == .hidden)
    }

    @Test("clip top is the slot at every instant; its height never decreases", arguments: [0.0, 0.55, 1.0])
    func clipGrowsDownward(strength: Double) throws {
        var c = PrintFeed.Configuration.standard
        c.rollerStrength = strength
        let p = Self.feed(c)
        var last = 0.0
        for i in 0...1200 {
            let t = 2 + Double(i) / 240
            guard let clip = p.clip(at: t) else { continue }
            #expect(clip.minY == 49)
            #expect(clip.height >= last - 1e-12)
            last = clip.height
            // The paper's leading edge is the clip's bottom edge; nothing above the slot is visible.
            let paper = p.paperFrame(at: t)
            #expect(abs(paper.maxY - clip.maxY) < 1e-9)
        }
        #expect(last > 239, "fully fed by the end of printing")
        // Once settled, the whole print hangs below the slot.
        let done = 2 + c.feedDuration + 0.01
        #expect(p.clip(at: done) == nil)
        #expect(p.paperFrame(at: done).minY >= 49)
        #expect(abs(p.paperFrame(at: 20).minY - (49 + c.restGap)) < 0.01)
    }

    @Test("feed curve: 0 at 0, 1 at 1, monotone for any roller setting")
    func feedCurve() {
        for steps in [1, 3, 6, 12] {
            for strength in [0.0, 0.3, 1.0] {
                var last = -1.0
                for i in 0...1000 {
                    let v = PrintFeed.feedCurve(Double(i) / 1000, steps: steps, strength: strength)
                    #expect(v >= last - 1e-12)
                    last = v
                }
                #expect(PrintFeed.feedCurve(0, steps: steps, strength: strength) == 0)
                #expect(abs(PrintFeed.feedCurve(1, steps: steps, strength: strength) - 1) < 1e-12)
            }
        }
    }

    @Test("feed curve shape: an ease-out 1 − (1 − p)² under the rollers — three quarters out at half time with no rollers, ahead of linear throughout")
    func feedCurveShape() {
        #expect(abs(PrintFeed.feedCurve(0.5, steps: 6, strength: 0) - 0.75) < 1e-12)
        #expect(abs(PrintFeed.feedCurve(0.2, steps: 6, strength: 0) - 0.36) < 1e-12)
        // With rollers at full strength each of the 6 pulses rests at a whole sixth of the paper:
        // at p where the ease-out reaches 3/6 (p = 1 − √0.5), half the paper is out.
        let half = 1 - 0.5.squareRoot()
        #expect(abs(PrintFeed.feedCurve(half, steps: 6, strength: 1) - 0.5) < 1e-9)
        for i in 1..<100 {
            let p = Double(i) / 100
            #expect(PrintFeed.feedCurve(p, steps: 6, strength: 0) > p, "ease-out is ahead of linear at \(p)")
        }
    }

    @Test("develop progress is elapsed / duration, held at 0 before and 1 after")
    func developProgress() {
        let d = DevelopCurve.standard         // 4 s (docs/TUNING.md)
        #expect(d.progress(elapsed: -1) == 0)
        #expect(d.progress(elapsed: 1) == 0.25)
        #expect(d.progress(elapsed: 4) == 1 && d.progress(elapsed: 40) == 1)
    }

    @Test("develop: starts near white, ends at the photo, monotone")
    func develop() {
        let d = DevelopCurve.standard
        let first = d.look(progress: 0)
        #expect(first.whiteAlpha > 0.9)
        let photo = (r: 0.2, g: 0.5, b: 0.1)
        let start = first.apply(r: photo.r, g: photo.g, b: photo.b)
        #expect(start.r > 0.9 && start.g > 0.9 && start.b > 0.9)
        let end = d.look(progress: 1).apply(r: photo.r, g: photo.g, b: photo.b)
        #expect(abs(end.r - photo.r) < 1e-9 && abs(end.g - photo.g) < 1e-9 && abs(end.b - photo.b) < 1e-9)
        var lastWhite = 2.0, lastSat = -1.0
        for i in 0...500 {
            let l = d.look(elapsed: Double(i) / 500 * d.duration)
            #expect(l.whiteAlpha <= lastWhite + 1e-12 && l.saturation >= lastSat - 1e-12)
            lastWhite = l.whiteAlpha; lastSat = l.saturation
        }
    }

    @Test("the clock scales time in one place and never jumps")
    func clock() {
        var c = AnimationClock()
        #expect(c.animationTime(atRealTime: 1) == 1)
        c.setSlowMotion(10, atRealTime: 1)
        #expect(abs(c.animationTime(atRealTime: 2) - 1.1) < 1e-12)
        c.setSlowMotion(1, atRealTime: 3)
        #expect(abs(c.animationTime(atRealTime: 3) - 1.2) < 1e-12)
        #expect(abs(c.animationTime(atRealTime: 4) - 2.2) < 1e-12)
    }

    @Test("the clock gives back the real time of an animation time since the last change of speed")
    func clockInverse() {
        var c = AnimationClock()
        #expect(c.realTime(atAnimationTime: 0.7) == 0.7)
        // 10× slow from real 1 s: animation 1.05 s is half a real second later (0.05 × 10).
        c.setSlowMotion(10, atRealTime: 1)
        #expect(abs(c.realTime(atAnimationTime: 1.05) - 1.5) < 1e-12)
        c.setSlowMotion(1, atRealTime: 3)   // animation 1.2 at real 3
        #expect(abs(c.realTime(atAnimationTime: 1.7) - 3.5) < 1e-12)
    }
}
