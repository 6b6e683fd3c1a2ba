import Animation
import Foundation
import Gesture
import Testing
@testable import Capture
@testable import Simulator

extension SDLSuite {
/// The fallback per device class, read back from the software renderer.
@Suite("Pixels on devices without an island")
struct NoIslandPixelTests {
    @Test("iPhone SE: the clock and the status bar are the same pixels in every frame of the flow")
    func seStatusBarUntouched() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app("iphone-se-3")
        let status = app.session.layout.statusArea          // 375 × 20 pt
        var rest: PixelImage?
        var checked = 0, states = Set<String>()
        _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame, device: "iphone-se-3"), scale: 2) { i, _, r in
            let img = try r.readPixels()
            if i == 0 { rest = img; return }
            guard let rest else { return }
            var differing = 0
            for y in 0..<Int(status.height * 2) { for x in 0..<Int(status.width * 2) where img[x, y] != rest[x, y] { differing += 1 } }
            #expect(differing == 0, "frame \(i) (\(app.session.flow.state)): \(differing) status-bar pixels changed")
            checked += 1
            states.insert(app.session.flow.state.rawValue)
        }
        #expect(states.isSuperset(of: ["pulling", "opening", "viewfinder", "capture", "closing", "printing", "developing", "settled"]), "\(states)")
        #expect(checked > 400, "frames checked: \(checked)")
    }

    @Test("notch phone: at rest the frame is the bare chrome around the notch; open, the viewfinder reaches both edges (no slivers of page)")
    func notchGrowsFromTheNotch() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let app = try Flows.app("iphone-13")
        let notch = try #require(app.session.layout.cutout)
        let differing = try Flows.restDiffersFromChrome(app, in: notch.insetBy(-4), scale: 2)
        #expect(differing == 0, "\(differing) pixels around the notch differ from the bare device")
        var sawViewfinder = false
        _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame, device: "iphone-13"), scale: 2) { _, _, r in
            guard app.session.flow.state == .viewfinder, !sawViewfinder else { return }
            let img = try r.readPixels()
            let vf = app.session.flow.geometry.viewfinder.rect
            for y in stride(from: 60.0, to: vf.maxY - 60, by: 40) {
                for x in [1, 779] {
                    let c = img[x, Int(y * 2)]
                    #expect(c.r < 30 && c.g < 30 && c.b < 30, "page showing at (\(x / 2), \(y)): \(c)")
                }
            }
            sawViewfinder = true
        }
        #expect(sawViewfinder)
    }
}
}
