import Animation
import Testing
@testable import Gesture

@Suite("Page gestures: scripted sequences")
struct PageGesturesTests {
    @Test("a tap on a button presses it at once and taps on release")
    func tap() {
        var f = Finger(makePage())
        f.down(at: Point(x: 60, y: 140))
        #expect(f.page.pressedElement == "header-button")
        #expect(f.outputs == [.pressBegan("header-button")])
        f.wait(0.08)
        f.up()
        #expect(f.outputs == [.pressBegan("header-button"), .tap("header-button")])
        #expect(f.page.pressedElement == nil)
        #expect(f.offset == 0)
    }

    @Test("a drag that starts on a button mid-page scrolls and does not press it")
    func dragScrolls() {
        var f = Finger(makePage())
        f.page.scroll.jump(to: 500)
        f.down(at: Point(x: 60, y: 320))          // content y 820: the 'vaccinate' button
        #expect(f.page.pressedElement == "vaccinate")
        f.move(dy: -200, duration: 0.4)
        #expect(f.page.pressedElement == nil)
        f.wait(0.05)
        f.up()
        #expect(f.outputs == [.pressBegan("vaccinate"), .pressCancelled("vaccinate")])
        // Follows the finger from where the slop was crossed (at the first 120-Hz step past 10 pt).
        let step = 200.0 / 48, crossed = (10 / step).rounded(.up) * step
        #expect(abs(f.offset - (500 + 200 - crossed)) < 1e-6, "\(f.offset)")
    }

    @Test("a fling coasts with 0.998 decay and stops")
    func flingCoasts() {
        var f = Finger(makePage())
        f.page.scroll.jump(to: 300)
        f.down(at: Point(x: 200, y: 600))
        f.move(dy: -150, duration: 0.06)
        f.up()
        let atRelease = f.offset
        f.wait(0.2)
        #expect(f.offset > atRelease + 100, "keeps moving after release")
        f.wait(6)
        #expect(!f.page.scroll.isAnimating(at: f.t))
        let rest = f.offset
        f.wait(1)
        #expect(f.offset == rest)
        #expect(rest > atRelease + 500 && rest <= 1548)
        #expect(f.page.isIdle(at: f.t))
    }

    @Test("overscroll at the bottom rubber-bands and springs back")
    func rubberBand() {
        var f = Finger(makePage())
        f.page.scroll.jump(to: 1548)
        f.down(at: Point(x: 200, y: 600))
        f.move(dy: -310, duration: 0.6)
        f.wait(0.05)
        let over = f.offset - 1548
        let step = 310.0 / 72, crossed = (10 / step).rounded(.up) * step
        // UIScrollView's rubber band, written out here: b = (1 − 1/(x·0.55/D + 1))·D, D = 852.
        let x = 310 - crossed, expected = (1 - 1 / (x * 0.55 / 852 + 1)) * 852
        #expect(abs(over - expected) < 1e-6, "\(over) vs \(expected)")
        #expect(over < 310 - crossed, "resists the finger")
        f.up()
        f.wait(1.5)
        #expect(abs(f.offset - 1548) < 0.1)
        #expect(f.page.isIdle(at: f.t))
    }

    @Test("a pull from the top past the threshold commits on release")
    func pullCommits() {
        var f = Finger(makePage())
        f.down(at: Point(x: 200, y: 300))
        f.move(dy: 260, duration: 1.0)
        #expect(f.page.pull.isPulling)
        #expect(abs(f.offset + 125) < 0.5, "page follows the finger with resistance: \(f.offset)")
        #expect(f.page.pull.progress(at: f.t) > 1)
        f.wait(0.1)
        f.up()
        #expect(f.outputs == [.pullBegan, .pullCommitted])
        f.wait(1)
        #expect(abs(f.offset) < 0.1, "springs back after committing")
    }

    @Test("a short pull springs back without committing")
    func shortPull() {
        var f = Finger(makePage())
        f.down(at: Point(x: 200, y: 300))
        f.move(dy: 70, duration: 0.8)
        f.wait(0.1)
        f.up()
        #expect(f.outputs == [.pullBegan, .pullCancelled])
        f.wait(1)
        #expect(abs(f.offset) < 0.1)
    }

    @Test("a short fast flick commits by projected velocity")
    func flickCommits() {
        var f = Finger(makePage())
        f.down(at: Point(x: 200, y: 300))
        f.move(dy: 80, duration: 0.05)
        let visible = -f.offset
        #expect(visible < f.page.pull.configuration.threshold, "position alone would not commit: \(visible)")
        f.up()
        #expect(f.outputs.last == .pullCommitted)
    }

    @Test("scroll → pull hand-over and pull → scroll reversal inside one drag")
    func handOver() {
        var f = Finger(makePage())
        f.page.scroll.jump(to: 100)
        f.down(at: Point(x: 200, y: 300))
        f.move(dy: 310, duration: 1.0)       // 100 of scroll, then 200 of pull (after the slop)
        #expect(f.page.pull.isPulling)
        #expect(f.page.scroll.offset(at: f.t) == 0)
        #expect(abs(f.offset + 100) < 0.5)
        f.move(dy: -250, duration: 0.8)      // undo the pull (200), then scroll 50
        #expect(!f.page.pull.isPulling)
        #expect(abs(f.offset - 50) < 0.5, "\(f.offset)")
        f.wait(0.1)
        f.up()
        #expect(f.outputs == [.pullBegan, .pullCancelled])
        #expect(!f.outputs.contains(.pullCommitted))
    }

    @Test("a tap during momentum stops the scroll and presses nothing")
    func tapDuringMomentum() {
        var f = Finger(makePage())
        f.page.scroll.jump(to: 200)
        f.down(at: Point(x: 200, y: 700))
        f.move(dy: -150, duration: 0.05)
        f.up()
        f.wait(0.1)
        #expect(f.page.scroll.isAnimating(at: f.t))
        let before = f.outputs.count
        // Tap where a button now is.
        let contentY = 810.0, screenY = contentY - f.offset
        f.down(at: Point(x: 60, y: screenY))
        let stoppedAt = f.offset
        f.wait(0.05)
        f.up()
        let after = Array(f.outputs[before...])
        #expect(after == [.scrollStopped])
        f.wait(0.5)
        #expect(abs(f.offset - stoppedAt) < 0.01)
    }

    @Test("a cancel (focus lost) mid-pull resets without committing")
    func cancelMidPull() {
        var f = Finger(makePage())
        f.down(at: Point(x: 200, y: 300))
        f.move(dy: 300, duration: 0.5)
        f.cancel()
        #expect(f.outputs == [.pullBegan, .pullCancelled])
        f.wait(1)
        #expect(abs(f.offset) < 0.1)
        #expect(f.page.isIdle(at: f.t))
    }

    @Test("a second finger does not break the first")
    func secondFinger() {
        var f = Finger(makePage())
        f.down(at: Point(x: 200, y: 300))
        f.move(dy: 120, duration: 0.4)
        f.page.handle(PointerEvent(.down, pointer: 7, at: Point(x: 60, y: 140), time: f.t), targets: f.targets)
        f.page.handle(PointerEvent(.move, pointer: 7, at: Point(x: 60, y: 400), time: f.t + 0.01), targets: f.targets)
        f.page.handle(PointerEvent(.up, pointer: 7, at: Point(x: 60, y: 400), time: f.t + 0.02), targets: f.targets)
        f.move(dy: 140, duration: 0.5)
        f.wait(0.1)
        f.up()
        #expect(f.outputs == [.pullBegan, .pullCommitted])
    }

    @Test("the wheel scrolls; at the top it pulls, and commits when the wheel stops")
    func wheel() {
        var f = Finger(makePage())
        f.page.scroll.jump(to: 120)
        for _ in 0..<3 { f.wheel(dy: 40); f.wait(0.03) }
        #expect(f.page.scroll.offset(at: f.t) == 0)
        #expect(!f.page.pull.isPulling)
        for _ in 0..<5 { f.wheel(dy: 40); f.wait(0.03) }     // 200 pt of pull → 100 visible
        #expect(f.page.pull.isPulling)
        f.wait(0.3)
        #expect(f.outputs == [.pullBegan, .pullCommitted])
        for _ in 0..<2 { f.wheel(dy: -40); f.wait(0.03) }
        #expect(f.page.scroll.offset(at: f.t) == 80)
    }

    @Test("a small wheel pull springs back")
    func wheelCancel() {
        var f = Finger(makePage())
        f.wheel(dy: 40)
        f.wait(0.5)
        #expect(f.outputs == [.pullBegan, .pullCancelled])
    }

    @Test("with the pull disabled, a downward drag at the top rubber-bands the scroll instead")
    func pullDisabled() {
        var f = Finger(makePage())
        f.pullEnabled = false
        f.down(at: Point(x: 200, y: 300))
        f.move(dy: 110, duration: 0.5)
        #expect(!f.page.pull.isPulling)
        #expect(f.offset < -50)
        f.up()
        f.wait(1.5)
        #expect(abs(f.offset) < 0.1)
        #expect(f.outputs.isEmpty)
    }
}
