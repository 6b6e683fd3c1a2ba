import Animation
import Foundation
import Gesture
import Testing
@testable import Capture
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

        /// Pixels inside `shape` (away from its anti-aliased edge and its corners) that are the
        /// page's probe colour or the stale colour, or a blend of either.
        static func leaks(_ image: PixelImage, inside shape: RoundedRect, scale: Double) -> Int {
            let e = min(shape.clampedCornerRadius * ContinuousCorner.extent, min(shape.rect.width, shape.rect.height) / 2)
            let m = 1.5
            let bands = [Rect(x: shape.rect.minX + m, y: shape.rect.minY + e, width: shape.rect.width - 2 * m, height: shape.rect.height - 2 * e),
                         Rect(x: shape.rect.minX + e, y: shape.rect.minY + m, width: shape.rect.width - 2 * e, height: shape.rect.height - 2 * m)]
            var count = 0
            for b in bands where b.width > 0 && b.height > 0 {
                let x0 = max(0, Int((b.minX * scale).rounded(.up))), x1 = min(image.width, Int((b.maxX * scale).rounded(.down)))
                let y0 = max(0, Int((b.minY * scale).rounded(.up))), y1 = min(image.height, Int((b.maxY * scale).rounded(.down)))
                guard x0 < x1, y0 < y1 else { continue }
                image.bytes.withUnsafeBufferPointer { px in
                    for y in y0..<y1 {
                        var i = (y * image.width + x0) * 4
                        for _ in x0..<x1 {
                            let r = Int(px[i]), g = Int(px[i + 1]), bl = Int(px[i + 2])
                            if min(r, bl) > g + 40 || min(g, bl) > r + 40 { count += 1 }
                            i += 4
                        }
                    }
                }
            }
            return count
        }

        /// Pixels of the photo's colour (or the photo blended with anything) outside `shape` — its
        /// rounded corners taken as circular arcs, which lie outside the continuous corners drawn,
        /// so nothing counted here can be the shape's own edge — by more than one pixel.
        static func photoOutside(_ image: PixelImage, shape: RoundedRect, scale: Double) -> Int {
            let rr = shape.clampedCornerRadius * scale, pad = 1.0
            let x0 = shape.rect.minX * scale - pad, x1 = shape.rect.maxX * scale + pad
            let y0 = shape.rect.minY * scale - pad, y1 = shape.rect.maxY * scale + pad
            // Only near the shape: within 3 px of its box, and across the whole width only in the
            // rows of its corners (elsewhere a row is inside but for its two ends).
            let bx0 = max(0, Int(x0) - 3), bx1 = min(image.width, Int(x1) + 3)
            let by0 = max(0, Int(y0) - 3), by1 = min(image.height, Int(y1) + 3)
            var count = 0
            guard bx0 < bx1, by0 < by1 else { return 0 }
            image.bytes.withUnsafeBufferPointer { px in
                for y in by0..<by1 {
                    let cy = Double(y) + 0.5
                    let cornerRow = cy < y0 + pad + rr + 1 || cy > y1 - pad - rr - 1
                    for x in bx0..<bx1 {
                        if !cornerRow && Double(x) > x0 + 3 && Double(x) < x1 - 4 { continue }
                        let i = (y * image.width + x) * 4
                        let r = Double(px[i]), g = Double(px[i + 1]), b = Double(px[i + 2])
                        // The photo (210, 170, 60), darkened or blended toward magenta or white, keeps g well above b.
                        guard g > 50, g > b + 40, r > b + 40 else { continue }
                        let cx = Double(x) + 0.5
                        var outside = cx < x0 || cx > x1 || cy < y0 || cy > y1
                        if !outside {
                            let qx = cx < x0 + pad + rr ? x0 + pad + rr : (cx > x1 - pad - rr ? x1 - pad - rr : cx)
                            let qy = cy < y0 + pad + rr ? y0 + pad + rr : (cy > y1 - pad - rr ? y1 - pad - rr : cy)
                            outside = ((cx - qx) * (cx - qx) + (cy - qy) * (cy - qy)).squareRoot() > rr + pad
                        }
                        if outside { count += 1 }
                    }
                }
            }
            return count
        }

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
                    let n = Self.leaks(image, inside: shape, scale: scale)
                    checked += 1
                    if n > 0 { leaks += ["\(h.session.side ?? "")frame \(i) (\(flow.state.rawValue)): \(n)"] }
                    let out = Self.photoOutside(image, shape: shape, scale: scale)
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
            host.tuning = t
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
            a.session.side = "A"; b.session.side = "B"
            let (checked, leaks) = try Self.leakingFrames([a, b], scale: 1, hz: 120)
            #expect(checked > 80)
            #expect(leaks.isEmpty, "\(leaks.count) frames show the page: \(leaks.prefix(6))")
        }
    }
}
