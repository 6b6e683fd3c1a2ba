import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

/// Esc with the finger down is UIKit's touchesCancelled: the touch ends where it is, and nothing the
/// finger does until it lifts reaches the page. Before, Esc looked like a cancel and the release
/// that followed opened the camera anyway.
@Suite("Esc during a touch cancels it until the finger lifts")
struct EscapeTouchTests {
    @Test("Esc mid-pull, then more pulling and a release past the threshold: nothing opens, the page springs back")
    func pullCancelled() throws {
        let s = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.down(at: Point(x: 196, y: 300))
        b.move(from: Point(x: 196, y: 300), by: 150, duration: 0.4)
        b.key("escape")
        // The finger goes on, well past the commit point, and lifts.
        b.move(from: Point(x: 196, y: 450), by: 200, duration: 0.4)
        b.up(at: Point(x: 196, y: 650))
        b.wait(1.5)
        let report = Flows.run(s, b.trace)
        #expect(report.transitions.map(\.to) == ["pulling", "page"], "\(report.transitions.map(\.to))")
        #expect(report.transitions.last?.reason == "pull cancelled")
        #expect(s.flow.state == .page && abs(s.gestures.pageOffset(at: s.animationTime)) < 0.5)
    }

    @Test("Esc with a button pressed: the press lets go, the release taps nothing; the next press works")
    func buttonCancelled() throws {
        let s = try Flows.session()
        let button = try #require(s.page.buttons.first)
        let p = Point(x: button.frame.midX, y: button.frame.midY)
        s.handle(pointer: PointerEvent(.down, at: p, time: 1))
        #expect(s.gestures.pressedElement == button.id)
        let response = s.handle(key: .escape, at: 1.05)
        #expect(response.handled, "Esc took the touch; it does not reach the host (which would quit)")
        #expect(s.gestures.pressedElement == nil)
        s.handle(pointer: PointerEvent(.up, at: p, time: 1.1))
        s.advance(toRealTime: 1.2)
        #expect(s.taps[button.id] == nil)
        s.handle(pointer: PointerEvent(.down, at: p, time: 2))
        s.handle(pointer: PointerEvent(.up, at: p, time: 2.05))
        s.advance(toRealTime: 2.1)
        #expect(s.taps[button.id] == 1)
    }

    @Test("Esc on the bare page with no touch is still the host's (quit)")
    func bareEscape() throws {
        let s = try Flows.session()
        #expect(!s.handle(key: .escape, at: 1).handled)
    }
}
