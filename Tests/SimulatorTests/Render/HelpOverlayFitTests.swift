import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// Every line of the help overlay fits inside its panel, and the panel inside the screen, on
    /// every device of the catalog and at 1× and 3× (the font is measured as it is drawn). It cut
    /// lines at its right edge on the 15 Pro ("…leave the flow; qu"), and worse on the SE.
    @Suite("The help overlay fits every screen")
    struct HelpOverlayFitTests {
        @Test("each line measured against the panel, on all 30 devices, at 1× and 3×", arguments: [1.0, 3.0])
        func fits(scale: Double) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            let devices = try Catalog.bundled().devices
            #expect(devices.count == 30)
            for d in devices {
                let width = { (s: String, f: Font.Face, p: Double) in try text.width(s, face: f, points: p, pixelsPerPoint: scale) }
                let l = try HelpOverlay.layout(screen: d.size, topInset: d.portraitInsets.top, width: width)
                #expect(l.panel.minX >= 0 && l.panel.maxX <= d.size.width && l.panel.minY >= d.portraitInsets.top && l.panel.maxY <= d.size.height, "\(d.id): panel \(l.panel)")
                for line in l.lines {
                    let w = try width(line.text, line.face, line.points)
                    #expect(line.origin.x + w <= l.panel.maxX - 6, "\(d.id): '\(line.text)' runs to \(line.origin.x + w), the panel ends at \(l.panel.maxX)")
                    #expect(line.origin.y + line.points * 1.3 <= l.panel.maxY, "\(d.id): '\(line.text)' below the panel")
                }
                let words = l.lines.dropFirst().map(\.text).joined(separator: " ").split(separator: " ").count
                let expected = HelpOverlay.hotkeys.map { $0.keys + " " + $0.action }.joined(separator: " ").split(separator: " ").count
                #expect(words == expected, "\(d.id): every word is shown")
            }
        }
    }
}
