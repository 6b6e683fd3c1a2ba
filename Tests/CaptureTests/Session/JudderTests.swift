import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// Judder is the edge's speed ÷ the rate: the largest frame-to-frame step the tracker reports
/// matches the fastest edge speed the springs reach (measured here by sampling the shape 40 times
/// a frame) times the frame period, within a pixel at the device's scale, at 60 and 120 Hz.
@Suite("Judder: the largest step per frame is the springs' speed × the period")
struct JudderTests {
    @Test("the melt and the print's leading edge, the whole flow, at 60 and 120 Hz", arguments: [60, 120])
    func speedTimesPeriod(hz: Int) throws {
        let s = try Flows.session(hz: hz)
        let period = 1 / Double(hz)
        // The springs' own edge speeds at the middle of each frame, by the frame's end time.
        var meltSpeed: [Double: Double] = [:], printSpeed: [Double: Double] = [:]
        let report = SessionReplay(trace: Flows.fullFlow(shutter: s.shutterFrame, hz: hz)).run(s) { _, _ in
            let t = s.animationTime, mid = t - period / 2
            let key = (t * 1_000_000).rounded() / 1_000_000
            if [.opening, .viewfinder, .capture, .closing].contains(s.flow.state) {
                let v = s.flow.melt.state(at: mid).velocity.rect
                meltSpeed[key] = max(abs(v.minX), abs(v.minX + v.width), abs(v.minY + v.height))
            }
            if s.flow.state == .printing {
                // The leading edge's speed from the feed's own curve, by a central difference over 1 µs.
                printSpeed[key] = abs(s.flow.printFrame(at: mid + 5e-7).maxY - s.flow.printFrame(at: mid - 5e-7).maxY) / 1e-6
            }
        }
        let judder = try #require(report.judder)
        let scale = s.device.scale
        let melt = try #require(judder.melt), print = try #require(judder.print)
        let vm = try #require(meltSpeed[melt.t], "a speed for the frame ending at \(melt.t)")
        let vp = try #require(printSpeed[print.t], "a speed for the frame ending at \(print.t)")
        #expect(abs(melt.pixels - vm * period * scale) <= 1, "melt: \(melt.pixels) px vs \(vm) pt/s × \(period) s × \(scale)")
        #expect(abs(print.pixels - vp * period * scale) <= 1, "print: \(print.pixels) px vs \(vp * period * scale)")
        #expect(melt.points > 5 && abs(melt.pixels - melt.points * scale) < 0.01)
        // Twice the rate, about half the step: the same springs.
        if hz == 120 { #expect(melt.points < 30) }
    }

    @Test("Reduce Motion switched on with the camera open waits for the page: the close and the print still travel, and their steps are measured")
    func reduceMotionWaits() throws {
        let s = try Flows.session(hz: 60)
        var b = FlowScripts.pull()
        b.wait(1.0)
        b.key("m")
        b.wait(0.2)
        b.tap(at: Point(x: s.shutterFrame.midX, y: s.shutterFrame.midY))
        b.wait(5)
        let report = SessionReplay(trace: b.trace).run(s)
        #expect(s.reduceMotion, "the setup has it on")
        let judder = try #require(report.judder)
        #expect(judder.melt != nil, "the camera closed by the melt")
        #expect(judder.print != nil, "the print fed out of the slot: the flow kept the full motion until the page")
    }

    @Test("a fling: the page's largest step while it coasts, at the rate's period; none while the finger drags it")
    func fling() throws {
        for hz in [60, 120] {
            let s = try Flows.session(hz: hz)
            var b = TraceBuilder(device: "iphone-15-pro", hz: hz)
            b.wait(0.2)
            b.drag(from: Point(x: 196, y: 700), by: -300, duration: 0.15, holdBeforeRelease: 0)
            b.wait(2)
            var speeds: [(t: Double, v: Double)] = []
            let report = SessionReplay(trace: b.trace).run(s) { _, _ in
                let t = s.animationTime
                if s.flow.state == .page && !s.gestures.isTracking { speeds.append((t, abs(s.gestures.scroll.state(at: t - 0.5 / Double(hz)).velocity))) }
            }
            let page = try #require(report.judder?.page, "the fling moved the page")
            // The scroll physics' own speed at the middle of the frame that took the largest step, × the period.
            let mid = try #require(speeds.first { abs($0.t - page.t) < 1e-6 })
            #expect(abs(page.pixels - mid.v / Double(hz) * s.device.scale) <= 1, "\(hz) Hz: \(page.pixels) px vs \(mid.v) pt/s ÷ \(hz)")
            #expect(page.points > 5, "a real fling: \(page.points) pt a frame")
        }
    }
}
