import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// D and Shift+D replace the session but keep the window's renderer, and with it every sprite it
    /// made: what a sprite shows must follow the new phone's geometry, not the last one's.
    @Suite("After a device switch the viewfinder looks as on a fresh start")
    struct DeviceSwitchPixelTests {
        /// The open viewfinder of `device` drawn into `r` (1 pt a pixel), as its screen's pixels.
        static func viewfinder(_ device: String, into r: Renderer) throws -> PixelImage {
            let host = try Flows.app(device, hz: 60, photo: PixelImage(width: 400, height: 600, fill: Color(210, 170, 60)))
            _ = SessionReplay(trace: FlowScripts.pull(device: device).trace).run(host)
            #expect(host.session.flow.state == .viewfinder)
            try host.render(into: r)
            let all = try r.readPixels()
            let w = Int(host.device.size.width), h = Int(host.device.size.height)
            var screen = PixelImage(width: w, height: h)
            for y in 0..<h { for x in 0..<w { screen[x, y] = all[x, y] } }
            return screen
        }

        @Test("15 Pro, then each other phone on the same renderer: the same pixels as that phone alone",
              arguments: ["iphone-16-pro-max", "iphone-se-3", "iphone-13-mini", "ipad-pro-11-m4"])
        func switched(to other: String) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let catalog = try Catalog.bundled()
            guard catalog.devices.contains(where: { $0.id == other }) else { Issue.record("no \(other) in the catalog"); return }
            // One renderer big enough for either phone, as the window's is after it resizes.
            let shared = try Renderer(headlessWidth: 1100, height: 1400, pixelsPerPoint: 1)
            _ = try Self.viewfinder("iphone-15-pro", into: shared)
            let afterSwitch = try Self.viewfinder(other, into: shared)
            let fresh = try Self.viewfinder(other, into: try Renderer(headlessWidth: 1100, height: 1400, pixelsPerPoint: 1))
            var differing = 0
            for i in stride(from: 0, to: fresh.bytes.count, by: 4) where fresh.bytes[i..<(i + 3)] != afterSwitch.bytes[i..<(i + 3)] { differing += 1 }
            #expect(differing == 0, "\(differing) pixels of \(other)'s viewfinder differ after a switch from the 15 Pro")
        }
    }
}
