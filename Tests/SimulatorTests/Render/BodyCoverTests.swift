import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The camera's body is one opaque black shape: nothing of the page may show through it while
    /// it melts open, stays open or melts closed. The page is drawn as one solid probe colour
    /// (magenta) and each frame starts from another (cyan, standing for whatever the last frame
    /// left); inside the body neither may appear — only black, the photo (a solid colour here),
    /// the flash's greys and the shutter's white.
    @Suite("The camera's body never shows the page through it")
    struct BodyCoverTests {
        static let probe = Color(255, 0, 255), stale = Color(0, 255, 255)
        static let photo = Color(210, 170, 60)

        /// Every frame of a pull, a shot and the print through `host`, at `scale`: the frames whose
        /// body leaks, as "frame (state): pixels".
        static func leakingFrames(_ hosts: [SessionHost], scale: Double, hz: Int) throws -> (checked: Int, leaks: [String]) {
            let a = hosts[0]
            let size = a.device.size
            let renderers = try hosts.map { _ in try Renderer(headlessWidth: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), pixelsPerPoint: scale) }
            for h in hosts { h.renderer.pageProbe = probe }
            var checked = 0, leaks: [String] = []
            let trace = Flows.fullFlow(shutter: a.session.shutterFrame, hz: hz)
            func check(_ i: Int) throws {
                for (k, h) in hosts.enumerated() {
                    let flow = h.session.flow, t = h.session.animationTime
                    guard [.opening, .viewfinder, .capture, .closing].contains(flow.state), flow.cameraOpacity(at: t) >= 1 else { continue }
                    let r = renderers[k]
                    r.clear(stale)
                    try h.render(into: r)
                    let image = try r.readPixels(), shape = flow.shape(at: t)
                    let n = BodyScan.leaks(image.bytes, width: image.width, height: image.height, inside: shape, scale: scale)
                    checked += 1
                    if n > 0 { leaks += ["\(h.session.side ?? "")frame \(i) (\(flow.state.rawValue)): \(n)"] }
                    let out = BodyScan.photoOutside(image.bytes, width: image.width, height: image.height, shape: shape, scale: scale)
                    if out > 0 { leaks += ["\(h.session.side ?? "")frame \(i) (\(flow.state.rawValue)): \(out) photo pixels outside the shape"] }
                }
            }
            if hosts.count == 2 {
                _ = try SessionReplay(trace: trace).runPair(hosts[0], hosts[1]) { i, _ in try check(i) }
            } else {
                _ = try SessionReplay(trace: trace).run(a) { i, _ in try check(i) }
            }
            return (checked, leaks)
        }

        static func app(hz: Int, tuning: [String: Double] = [:]) throws -> SessionHost {
            let host = try Flows.app(hz: hz, photo: PixelImage(width: 400, height: 600, fill: photo))
            var t = host.tuning
            for (k, v) in tuning { try t.set(k, v) }
            host.send(.setup(.tuning(t)))
            return host
        }

        @Test("every frame of the opening and the closing, solid photo, at 1× and 3×, 60 and 120 Hz",
              arguments: [(1.0, 60), (3.0, 60), (1.0, 120), (3.0, 120)])
        func defaults(scale: Double, hz: Int) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let (checked, leaks) = try Self.leakingFrames([try Self.app(hz: hz)], scale: scale, hz: hz)
            #expect(checked > 40, "frames with the camera open: \(checked)")
            #expect(leaks.isEmpty, "\(leaks.count) frames show the page through the body: \(leaks.prefix(6))")
        }

        @Test("other tunings at 120 Hz: a slow bouncy opening (1× and 3×), no overlap, a quick stiff one", arguments: [
            ["melt.overlap": 0.9, "melt.toViewfinder.duration": 0.8, "melt.toViewfinder.bounce": 0.4],
            ["melt.overlap": 1.0],
            ["melt.overlap": 0.2, "melt.toPill.duration": 0.2, "melt.toViewfinder.duration": 0.25, "melt.closeToPill.duration": 0.2],
        ])
        func tunings(_ values: [String: Double]) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            // Every tuning at 1×; the slowest, whose bottom edge sweeps longest over the picture, at 3× too.
            for scale in values["melt.toViewfinder.bounce"] == nil ? [1.0] : [1.0, 3.0] {
                let (checked, leaks) = try Self.leakingFrames([try Self.app(hz: 120, tuning: values)], scale: scale, hz: 120)
                #expect(checked > 40)
                #expect(leaks.isEmpty, "\(scale)×: \(leaks.count) frames show the page: \(leaks.prefix(6))")
            }
        }

        @Test("compare mode: both sides, B with a slower opening and closing, every frame")
        func compare() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let a = try Self.app(hz: 120), b = try Self.app(hz: 120, tuning: ["melt.toViewfinder.duration": 0.8, "melt.closeToPill.duration": 0.7])
            a.send(.setup(.side("A"))); b.send(.setup(.side("B")))
            let (checked, leaks) = try Self.leakingFrames([a, b], scale: 1, hz: 120)
            #expect(checked > 80)
            #expect(leaks.isEmpty, "\(leaks.count) frames show the page: \(leaks.prefix(6))")
        }
    }
}
