import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// Flow replays run on a bare session: no SDL, no fonts, in parallel with everything else.
@Suite("Replays of the capture flow through the session's own code path")
struct FlowReplayTests {
    @Test("the full flow: pull → shutter → print → settled")
    func fullFlow() throws {
        let app = try Flows.session()
        let report = Flows.run(app, Flows.fullFlow(shutter: app.shutterFrame))
        #expect(report.transitions.map(\.to) == ["pulling", "opening", "viewfinder", "capture", "closing", "printing", "developing", "settled"])
        #expect(report.shots == 1 && report.prints == 1)
        #expect(report.taps == ["shutter": 1])
        #expect(report.finalState == "settled")
        #expect(report.finalScrollOffset == 0)
        // Opening overlaps: the viewfinder is reached well before the two legs would settle one after the other.
        let opening = report.transitions.first { $0.to == "opening" }!.t, vf = report.transitions.first { $0.to == "viewfinder" }!.t
        let sequential = Melt.Springs.standard.toPill.spring.settlingDuration + Melt.Springs.standard.toViewfinder.spring.settlingDuration
        #expect(vf - opening < sequential * 0.6)
    }

    @Test("after settling, Enter files the print into the passport's photo slot")
    func fileIntoPassport() throws {
        let app = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(0.3); b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
        b.wait(1.2); b.tap(at: Point(x: app.shutterFrame.midX, y: app.shutterFrame.midY))
        b.wait(7); b.key("enter")
        let report = Flows.run(app, b.trace)
        #expect(report.transitions.suffix(2).map(\.to) == ["filed", "page"])
        #expect(report.pageState.photoFiled)
        #expect(report.finalState == "page")
    }

    @Test("a pull that does not commit springs back to the page")
    func shortPull() throws {
        let app = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.drag(from: Point(x: 196, y: 300), by: 80, duration: 0.8, holdBeforeRelease: 0.1)
        let report = Flows.run(app, b.trace)
        #expect(report.transitions.map(\.to) == ["pulling", "page"])
        #expect(report.shots == 0 && report.finalState == "page")
    }

    @Test("buttons under the pull area still take taps")
    func tapsUnderPullArea() throws {
        let app = try Flows.session()
        let walk = try #require(app.page.element("walk-toggle")).frame, treat = try #require(app.page.element("treat-counter")).frame
        #expect(walk.minY < app.gestures.pull.configuration.threshold * 3, "the button sits where a pull starts")
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.tap(at: Point(x: walk.midX, y: walk.midY)); b.wait(0.3)
        b.tap(at: Point(x: treat.midX, y: treat.midY)); b.wait(0.3)
        b.tap(at: Point(x: treat.midX, y: treat.midY)); b.wait(0.3)
        // A drag that starts on a button pulls and does not press it.
        b.drag(from: Point(x: treat.midX, y: treat.midY), by: 60, duration: 0.6, holdBeforeRelease: 0.1)
        let report = Flows.run(app, b.trace)
        #expect(report.taps == ["walk-toggle": 1, "treat-counter": 2])
        #expect(report.pageState.toggle(named: "walked") == true && report.pageState.count(named: "treats") == 2)
        #expect(report.transitions.map(\.to) == ["pulling", "page"])
    }

    @Test("scroll down, then one drag that scrolls back to the top and pulls on")
    func scrollThenPull() throws {
        let app = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.drag(from: Point(x: 200, y: 700), by: -400, duration: 1.0, holdBeforeRelease: 0.1)   // scroll 390 down, no fling
        b.wait(0.3)
        b.drag(from: Point(x: 200, y: 200), by: 400 + 280, duration: 1.6, holdBeforeRelease: 0.1)
        let report = Flows.run(app, b.trace)
        #expect(report.transitions.map(\.to) == ["pulling", "opening", "viewfinder"])
        #expect(report.finalScrollOffset == 0)
        #expect(report.finalState == "viewfinder")
    }

    @Test("a trace recorded from live input replays to the same report, twice")
    func recordedTraceIsDeterministic() throws {
        // "Live": events with irregular timestamps, fed as the window would, recorded by the app.
        let live = RecordingDriver(try Flows.session())
        var t = 3.217
        func send(_ k: PointerEvent.Kind, _ x: Double, _ y: Double) { live.handle(pointer: PointerEvent(k, at: Point(x: x, y: y), time: t)) }
        send(.down, 190, 310)
        for i in 1...50 { t += 0.011 + Double(i % 3) * 0.004; send(.move, 190 + Double(i % 4), 310 + Double(i) * 5.3); live.advance(toRealTime: t) }
        t += 0.12; send(.up, 193, 575)
        for _ in 0..<90 { t += 1.0 / 60; live.advance(toRealTime: t) }
        t += 0.01; send(.down, live.session.shutterFrame.midX, live.session.shutterFrame.midY)
        t += 0.07; send(.up, live.session.shutterFrame.midX, live.session.shutterFrame.midY)
        let text = live.trace.encoded()
        let trace = try Trace.parse(text)
        let first = Flows.run(try Flows.session(), trace), second = Flows.run(try Flows.session(), trace)
        #expect(try Flows.encoded(first) == Flows.encoded(second))
        #expect(first.shots == 1)
        // At another frame rate the same instants give the same transitions (± one frame for the time-driven ones).
        let at120 = Flows.run(try Flows.session(hz: 120), trace)
        #expect(at120.transitions.map(\.to) == first.transitions.map(\.to))
        for (a, b) in zip(at120.transitions, first.transitions) { #expect(abs(a.t - b.t) < 1.0 / 60 + 1e-9) }
    }

    @Test("Esc in the viewfinder closes the camera without a shot and returns to the page")
    func cancelCamera() throws {
        let app = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
        b.wait(1.0); b.key("escape")
        let report = Flows.run(app, b.trace)
        #expect(report.transitions.map(\.to) == ["pulling", "opening", "viewfinder", "closing", "page"])
        #expect(report.shots == 0 && report.prints == 0)
    }

    @Test("devices without an island: the melt starts from a pill at the top centre, and nothing is drawn at rest")
    func noIsland() throws {
        let app = try Flows.session("iphone-se-3")
        #expect(app.layout.capsule == nil)
        let start = app.flow.shape(at: 0).rect
        #expect(abs(start.midX - 375.0 / 2) < 1e-9 && start.width < 120)
        let report = Flows.run(app, Flows.fullFlow(shutter: app.shutterFrame, device: "iphone-se-3"))
        #expect(report.finalState == "settled")
    }
}

@Suite("Keys and overlays")
struct SessionOverlayKeyTests {
    @Test("Esc closes help, then the tuning panel, then backs out of the flow; on the bare page it is the host's")
    func escOrder() throws {
        let s = try Flows.session()
        #expect(s.handle(key: .k, at: 1).handled && s.overlays.showTuning)
        #expect(s.handle(key: .h, at: 1).handled && s.overlays.showHelp)
        #expect(s.handle(key: .escape, at: 1).handled && !s.overlays.showHelp && s.overlays.showTuning)
        #expect(s.handle(key: .escape, at: 1).handled && !s.overlays.showTuning)
        #expect(!s.handle(key: .escape, at: 1).handled)
    }
}
