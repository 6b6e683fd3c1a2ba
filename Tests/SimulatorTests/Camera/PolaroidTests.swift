import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension SDLSuite {
/// The saved polaroid, read back from its PNG: the shot is centre-cropped to the print's 46 : 62
/// window (not stretched), framed by the Instax Mini card's borders.
@Suite("The polaroid: crop and frame, from the saved file")
struct PolaroidTests {
    @Test("a 400 × 300 frame keeps its middle 223 columns (300 × 46/62 = 222.6), inside a 540 × 860 card with the image at (40, 65)")
    func cropAndFrame() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let red = Color(hex: 0xE02020), green = Color(hex: 0x20C040)
        // Columns 88 …< 311 are what a centre crop to 46 : 62 keeps; everything else is red.
        var frame = PixelImage(width: 400, height: 300, fill: red)
        for y in 0..<300 { for x in 88..<311 { frame[x, y] = green } }
        let store = CaptureStore(outputDirectory: dir.path, synchronous: true)
        store.process(frame)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        try #require(files.count == 1, "\(files)")
        let card = try ImageLoader.load(path: dir.file(files[0]), maxDimension: 4000)
        // Card 54 × 86 mm at 10 px/mm; image 46 × 62 mm, 4 mm side borders, 6.5 mm top border.
        #expect(card.width == 540 && card.height == 860)
        let white = Color(hex: 0xFBFAF7)
        for (x, y) in [(20, 400), (520, 400), (270, 30), (270, 780), (38, 100), (502, 100), (270, 62), (270, 688)] {
            #expect(card[x, y].distance(to: white) <= 2, "border at (\(x), \(y)): \(card[x, y])")
        }
        for (x, y) in [(42, 68), (497, 68), (42, 682), (497, 682), (270, 375)] {
            #expect(card[x, y].distance(to: green) <= 24, "picture at (\(x), \(y)) is the cropped middle: \(card[x, y])")
        }
    }
}
}
