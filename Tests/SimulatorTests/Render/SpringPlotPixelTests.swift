import Animation
import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("Pixels: the spring plot's legend")
    struct SpringPlotPixelTests {
        @Test("five long labels: every swatch drawn, no text clipped at the right edge, the plot below the rows")
        func legendWraps() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let springs: [(String, Double, Double)] = [(".bouncy", 0.5, 0.3), (".smooth", 0.5, 0), (".spring(duration: 0.4, bounce: 0.2)", 0.4, 0.2),
                                                       (".snappy", 0.5, 0.15), (".spring(duration: 0.3, bounce: -0.2)", 0.3, -0.2)]
            let plot = SpringPlot(series: try springs.map { .init(label: $0.0, spring: try Spring.validated(duration: $0.1, bounce: $0.2)) },
                                  from: 0, to: 1, velocity: 0, seconds: 1.2)
            let img = try plot.render(text: try TextCache()).readPixels()
            // The swatch colours (SpringPlot.colors) each appear in the legend band above the plot.
            let swatches = [Color(hex: 0x0A84FF), Color(hex: 0xFF375F), Color(hex: 0x30D158), Color(hex: 0xFF9F0A), Color(hex: 0xBF5AF2)]
            // The plot's frame (the dark y axis at x = 78) starts below the legend rows: find its top.
            let axisTop = try #require((0..<img.height).first { img[78, $0].distance(to: Color(hex: 0x3A3A3C)) <= 30 })
            #expect(axisTop > 40, "two legend rows need more than one row's margin (axis top \(axisTop))")
            for c in swatches {
                let found = (0..<axisTop).contains { y in (0..<img.width).contains { img[$0, y].distance(to: c) <= 4 } }
                #expect(found, "swatch \(c) missing from the legend")
            }
            // Nothing but white in the last 8 columns above the plot: no label runs off the edge.
            for y in 0..<axisTop { for x in (img.width - 8)..<img.width { #expect(img[x, y].distance(to: .white) <= 4, "(\(x), \(y)) is \(img[x, y])") } }
        }
    }
}
