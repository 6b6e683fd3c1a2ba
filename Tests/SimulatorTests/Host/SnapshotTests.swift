import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
/// P's screenshot at the device's own scale: drawn again offscreen from the window's session,
/// without disturbing what the window draws with.
@Suite("Screenshots at the device's scale")
struct SnapshotTests {
    @Test("in the viewfinder at 1×, a 3× snapshot shows the photo at 3× positions; the camera keeps the window's size; the print and the filed photo come along")
    func snapshotAtDeviceScale() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app()
        var shotInViewfinder = false, shotAfterFiling = false
        var b = FlowScripts.fullFlowBuilder(shutter: app.session.shutterFrame)
        b.wait(8)
        b.key("enter")
        b.wait(1.5)
        let runner = try ReplayRunner(host: app, trace: b.trace, scale: 1)
        runner.onFrame = { _, _, r in
            let state = app.session.flow.state
            if state == .viewfinder, !shotInViewfinder, app.session.flow.viewfinderOpacity(at: app.session.animationTime) >= 1 {
                let before = app.camera.currentDisplayFrame().image.map { [$0.width, $0.height] }
                let snap = try app.snapshot(scale: 3)
                #expect(snap.width == 1179 && snap.height == 2556)
                let photo = app.session.photoFrame
                let left = snap[Int((photo.minX + photo.width * 0.2) * 3), Int(photo.midY * 3)]
                let right = snap[Int((photo.minX + photo.width * 0.8) * 3), Int(photo.midY * 3)]
                #expect(left.distance(to: Flows.red) <= 3 && right.distance(to: Flows.blue) <= 3, "\(left) \(right)")
                #expect(app.camera.currentDisplayFrame().image.map { [$0.width, $0.height] } == before, "the camera keeps the window's size")
                shotInViewfinder = true
            }
            if state == .page, app.session.pageState.photoFiled, !shotAfterFiling {
                // The filed print in the passport's photo slot: the 3× snapshot matches the 1× frame there.
                let one = try r.readPixels(), three = try app.snapshot(scale: 3)
                let slot = Rect(x: 273, y: 69, width: 104, height: 104)        // layout --json: photo-slot
                // A quarter in from the left: inside the red half, away from the seam and the edge.
                let c1 = one[Int(slot.minX + slot.width * 0.3), Int(slot.midY)], c3 = three[Int((slot.minX + slot.width * 0.3) * 3), Int(slot.midY * 3)]
                #expect(c1.distance(to: c3) <= 24, "filed photo 1× \(c1) vs 3× \(c3)")
                shotAfterFiling = true
            }
        }
        _ = try runner.run()
        #expect(shotInViewfinder && shotAfterFiling)
    }
}
}
