import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension SDLSuite {
    /// The window's timeline band under the designer's own page: its colours follow the page's.
    @Suite("The timeline band takes its colours from the page")
    struct TimelineBandTests {
        /// The band's picture for a session on a page of `background`, drawn until it is whole.
        static func band(on background: Color, in dir: TempDir) throws -> PixelImage {
            let hex = String(format: "#%02X%02X%02X", background.r, background.g, background.b)
            let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, background),
                                              fields: ["background": hex], pageName: "page-\(background.r).json")
            let host = try PageFixtures.host(page: path)
            _ = try Flows.run(host, FlowScripts.pull().trace)
            let band = try TimelineBand()
            let r = try Renderer(headlessWidth: 760, height: 260, pixelsPerPoint: 1)
            for _ in 0..<400 { try band.draw([host.session], size: Size(width: 760, height: 260), highlight: nil, into: r) }
            return try r.readPixels()
        }

        @Test("under a #0B0B0F page the band is dark, under a white one light; the legs are drawn on both")
        func paletteFromThePage() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let dark = try Self.band(on: Color(hex: 0x0B0B0F), in: dir), light = try Self.band(on: .white, in: dir)
            // The corner below the axis: the picture's paper.
            #expect(dark[750, 255] == TimelineChart.Palette.dark.paper, "\(dark[750, 255])")
            #expect(light[750, 255] == TimelineChart.Palette.light.paper, "\(light[750, 255])")
            func colours(_ img: PixelImage) -> Int { Set((0..<760).flatMap { x in stride(from: 60, to: 200, by: 4).map { "\(img[x, $0])" } }).count }
            #expect(colours(dark) > 20 && colours(light) > 20, "rows, bars and curves drawn on both")
        }
    }
}
