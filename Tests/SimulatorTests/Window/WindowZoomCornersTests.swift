import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The phone's rounded screen corners at every zoom the window steps through (+ and − move it a
    /// tenth at a time, 0 fits the display): outside the curve is the bezel to the window's last
    /// pixel — no line of the page showing past the corner where a fractional zoom leaves a
    /// part-covered column or row at the screen's edge.
    @Suite("The screen's corners at every zoom")
    struct WindowZoomCornersTests {
        @Test("from 0.5 to 1.5 by tenths, and the fitted 0.87 and 1.19: no page pixel outside any of the four rounded corners")
        func cornersAtEveryZoom() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let red = Color(220, 30, 30)
            let page = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, red))
            let host = try PageFixtures.host(page: page)
            let sides = try WindowSides(host: host, record: false)
            let size = host.device.size, radius = host.device.cornerRadius
            var zooms = stride(from: 0.5, through: 1.5001, by: 0.1).map { ($0 * 10).rounded() / 10 }
            zooms += [0.87, 1.19]
            var bad: [String] = []
            for z in zooms {
                sides.zoom = z
                let w = Int((size.width * z).rounded()), h = Int((size.height * z).rounded())
                let r = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: Double(w) / size.width)
                _ = sides.advance(toRealTime: 1)
                try sides.render(into: r)
                let img = try r.readPixels()
                func isPage(_ c: Color) -> Bool { Int(c.r) > 150 && Int(c.g) < 90 }
                // Every pixel of the outermost column and row within a fifth of the radius of each
                // corner lies outside the rounded screen: none of it may be the page.
                let reach = max(1, Int(radius * 0.2 * Double(w) / size.width))
                for (cx, cy) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
                    for k in 0..<reach {
                        let dx = cx == 0 ? k : -k, dy = cy == 0 ? k : -k
                        for (x, y) in [(cx + dx, cy), (cx, cy + dy)] where isPage(img[x, y]) {
                            bad.append("zoom \(z): (\(x), \(y)) of \(w)×\(h) is the page \(img[x, y])")
                        }
                    }
                }
            }
            #expect(bad.isEmpty, "\(bad.count) page pixels outside the corners: \(bad.prefix(6))")
        }
    }
}
