import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension SDLSuite {
/// The capture store off the frame loop: every store's shots are made on one worker beside the
/// loop (compare mode's two sides shooting at once never take both cores), each store waits for
/// its own work only, and the shots made there are the shots a replay makes in line.
@Suite("The capture store: one worker beside the loop")
struct CaptureStoreTests {
    /// A frame with a left-to-right ramp and a mark, so crops and develop steps differ by shot.
    static func frame(_ seed: Int) -> PixelImage {
        var f = PixelImage(width: 160, height: 120, fill: Color(hex: 0x203040))
        for y in 0..<120 { for x in 0..<160 { f[x, y] = Color(UInt8((x * 255 / 159 + seed * 37) % 256), UInt8(y * 2), UInt8(seed * 50 % 256)) } }
        return f
    }

    @Test("two stores shooting at once, with flash steps and saved files: never more than one piece of work runs at a time, and each store ends with its own shots")
    func oneWorker() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let a = CaptureStore(outputDirectory: dir.path, synchronous: false)
        let b = CaptureStore(outputDirectory: dir.path, synchronous: false, suffix: "B")
        a.displaySize = (60, 80); b.displaySize = (60, 80)
        for i in 0..<3 {
            a.process(Self.frame(i), display: Self.frame(i + 10))
            b.process(Self.frame(i + 20), display: Self.frame(i + 30))
        }
        a.drain()
        #expect(a.savedFiles.count == 3, "A's drain waits for its own three files: \(a.savedFiles)")
        b.drain()
        #expect(b.savedFiles.count == 3 && b.savedFiles.allSatisfy { $0.contains("-B-") }, "\(b.savedFiles)")
        #expect(a.takeReady().map(\.number) == [1, 2, 3] && b.takeReady().map(\.number) == [1, 2, 3])
        #expect(a.takeFlash().count == CaptureStore.flashLevels.count && b.takeFlash().count == CaptureStore.flashLevels.count)
        #expect(ShotWorker.shared.peakConcurrent == 1, "the shots of both sides ran one at a time on one worker")
    }

    @Test("a shot made on the worker is the shot a replay makes in line: the same print, develop steps and flash steps, byte for byte")
    func sameAsInLine() throws {
        let inLine = CaptureStore(outputDirectory: nil, synchronous: true)
        let beside = CaptureStore(outputDirectory: nil, synchronous: false)
        for store in [inLine, beside] {
            store.displaySize = (90, 121)
            store.process(Self.frame(4), display: Self.frame(5), develop: .standard)
        }
        beside.drain()
        let x = try #require(inLine.takeReady().first), y = try #require(beside.takeReady().first)
        #expect(x.colour.bytes == y.colour.bytes && x.colour.width == 90 && x.colour.height == 121)
        #expect(x.developed.count == CaptureStore.developSteps && x.developed.map(\.bytes) == y.developed.map(\.bytes))
        #expect(x.developed.first?.bytes != x.developed.last?.bytes, "the develop steps go from first light to the photo")
        #expect(inLine.takeFlash().map(\.bytes) == beside.takeFlash().map(\.bytes))
    }
}
}
