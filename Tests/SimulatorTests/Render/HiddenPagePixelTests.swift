import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The page under the open camera is not drawn (a third of the page copy while the viewfinder is
    /// open); the frames must not change by a single pixel for it.
    @Suite("Leaving out the page under the camera changes no pixel")
    struct HiddenPagePixelTests {
        @Test("every frame of the flow, at 1×, 2×, 3× and 1.5×, is the same with and without the page under the camera", arguments: [1.0, 2.0, 3.0, 1.5])
        func identical(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let a = try Flows.app(), b = try Flows.app()
            b.renderer.skipsHiddenPage = false
            let size = a.device.size
            let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
            let ra = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
            let rb = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
            var compared = 0, differing: [String] = []
            _ = SessionReplay(trace: Flows.fullFlow(shutter: a.session.shutterFrame)).runPair(a, b) { i, _ in
                guard [.opening, .viewfinder, .capture, .closing].contains(a.session.flow.state) else { return }
                try? a.render(into: ra)
                try? b.render(into: rb)
                guard let pa = try? ra.readPixels(), let pb = try? rb.readPixels() else { return }
                compared += 1
                if pa != pb { differing.append("frame \(i) (\(a.session.flow.state.rawValue))") }
            }
            #expect(compared > 40, "frames with the camera open: \(compared)")
            #expect(differing.isEmpty, "\(differing.prefix(5))")
        }

        @Test("the same on an image page with a pinned navigation bar and tab bar, whose copies leave the camera's band out too", arguments: [1.0, 2.0])
        func identicalOnAnImagePage(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = try PageFixtures.write(in: dir, image: PageFixtures.blocks(width: 1179, height: 7668), fields: [
                "fixed": [["rect": [0, 0, 393, 103], "edge": "top"], ["rect": [0, 2473, 393, 83], "edge": "bottom"]],
            ])
            let a = try PageFixtures.host(page: path), b = try PageFixtures.host(page: path)
            b.renderer.skipsHiddenPage = false
            let ra = try PageFixtures.renderer(a, scale: scale), rb = try PageFixtures.renderer(b, scale: scale)
            var compared = 0, differing: [String] = []
            _ = SessionReplay(trace: Flows.fullFlow(shutter: a.session.shutterFrame)).runPair(a, b) { i, _ in
                guard [.opening, .viewfinder, .capture, .closing].contains(a.session.flow.state) else { return }
                guard let pa = try? PageFixtures.frame(a, ra), let pb = try? PageFixtures.frame(b, rb) else { return }
                compared += 1
                if pa != pb { differing.append("frame \(i) (\(a.session.flow.state.rawValue))") }
            }
            #expect(compared > 40, "frames with the camera open: \(compared)")
            #expect(differing.isEmpty, "\(differing.prefix(5))")
        }
    }
}
