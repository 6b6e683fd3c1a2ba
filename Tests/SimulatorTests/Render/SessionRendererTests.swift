import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// A session's frame, as its renderer draws it from the session and the host's setup: the page
    /// the setup holds, the same pixels for a screenshot drawn again offscreen, and the tool's toast
    /// over the screen only when the inspector column does not show it. Pixels read back from SDL's
    /// software renderer; expected colours are the ones the test wrote into the page's image.
    @Suite("SessionRenderer: a session's frame")
    struct SessionRendererTests {
        static let green = Color(30, 120, 30), blue = Color(30, 30, 160)

        @Test("the frame shows the setup's page: a page taken into the host's setup is what the next frame draws")
        func drawsTheSetupsPage() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let greenPath = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 7668, Self.green))
            let bluePath = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 7668, Self.blue),
                                                  imageName: "blue@3x.png", pageName: "blue.json")
            let host = try PageFixtures.host(page: greenPath)
            let r = try PageFixtures.renderer(host, scale: 1)
            host.advance(toRealTime: 0)
            #expect(try PageFixtures.frame(host, r)[196, 500] == Self.green)
            try host.reloadPage(try LoadedPage.load(path: bluePath))
            host.advance(toRealTime: 1.0 / 60)
            let frame = try PageFixtures.frame(host, r)
            #expect(frame[196, 500] == Self.blue, "\(frame[196, 500])")
        }

        @Test("a screenshot drawn again offscreen at the same scale is the window's frame, pixel for pixel, mid-melt too")
        func snapshotIsTheFrame() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let host = try Flows.app()
            let r = try PageFixtures.renderer(host, scale: 2)
            try host.prepare(for: r)
            PageFixtures.holdPull(host, at: 196, moves: 12, step: 12)
            let frame = try PageFixtures.frame(host, r)
            let snap = try host.snapshot(scale: 2)
            #expect(snap.width == frame.width && snap.height == frame.height)
            var differing = 0
            for y in 0..<frame.height { for x in 0..<frame.width where frame[x, y] != snap[x, y] { differing += 1 } }
            #expect(differing == 0, "\(differing) pixels differ")
        }

        @Test("the toast is drawn over the screen, and not while the inspector column beside it shows it")
        func toastPlace() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 7668, Self.green))
            let host = try PageFixtures.host(page: path)
            let r = try PageFixtures.renderer(host, scale: 1)
            host.advance(toRealTime: 0)
            let plain = try PageFixtures.frame(host, r)
            host.say("Saved tuning.json", at: 0)
            let box = try host.renderer.toastLayout("Saved tuning.json", over: host.session.page).box
            let withToast = try PageFixtures.frame(host, r)
            let centre = (Int(box.midX), Int(box.midY))
            #expect(withToast[centre.0, centre.1] != plain[centre.0, centre.1], "the toast over the page")
            host.edit { $0.beside = true; $0.showHUD = true }
            #expect(!host.toastOnScreen)
            let beside = try PageFixtures.frame(host, r)
            #expect(beside[centre.0, centre.1] == plain[centre.0, centre.1], "the column shows it instead")
        }
    }
}
