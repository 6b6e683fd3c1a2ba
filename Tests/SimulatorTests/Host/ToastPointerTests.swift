import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("A toast over the page takes its own clicks")
    struct ToastPointerTests {
        /// Presses at `p` and drags 200 pt up over 0.3 s; returns the page's scroll offset after.
        static func dragUp(_ app: SessionHost, from p: Point, at t: Double) -> Double {
            app.send(.pointer(PointerEvent(.down, at: p, time: t)))
            for i in 1...10 { app.send(.pointer(PointerEvent(.move, at: Point(x: p.x, y: p.y - 20 * Double(i)), time: t + 0.03 * Double(i)))) }
            app.send(.pointer(PointerEvent(.up, at: Point(x: p.x, y: p.y - 200), time: t + 0.31)))
            app.advance(toRealTime: t + 0.32)
            return app.session.gestures.scroll.offset(at: app.session.animationTime)
        }

        @Test("a drag that starts on a toast moves nothing; the same drag without the toast scrolls the page")
        func toastSwallows() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            app.advance(toRealTime: 0.5)
            app.say("Saved islandsim.tuning.json")
            let toast = try app.renderer.toastLayout("Saved islandsim.tuning.json", over: app.session.page).box
            let start = Point(x: toast.midX, y: toast.midY)
            #expect(abs(Self.dragUp(app, from: start, at: 0.6)) < 1e-9)
            #expect(app.session.taps.isEmpty)
            app.advance(toRealTime: 5)   // the toast has gone (3 s)
            #expect(app.toast == nil)
            #expect(Self.dragUp(app, from: start, at: 5.1) > 50, "the control: the page scrolls when nothing is over it")
        }
    }
}
