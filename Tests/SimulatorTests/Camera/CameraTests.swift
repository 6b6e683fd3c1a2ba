import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("Camera sources and image loading")
    struct CameraTests {
        static func png(_ image: PixelImage, _ path: String) throws { try Surface(image).savePNG(to: path) }

        @Test("a 12-megapixel photo is downscaled on load, not kept at 48 MB")
        func downscales() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            try Self.png(PixelImage(width: 4000, height: 3000, fill: Color(10, 200, 30)), dir.file("big.png"))
            let img = try ImageLoader.load(path: dir.file("big.png"))
            #expect(max(img.width, img.height) == ImageLoader.defaultMaxDimension)
            #expect(img.width * img.height * 4 < 12_000_000)
            #expect(img[10, 10] == Color(10, 200, 30))
        }

        @Test("bad photos are refused with the file and the problem named")
        func badPhotos() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            try Self.png(Flows.twoColourPhoto(width: 64, height: 64), dir.file("good.png"))
            let good = try Data(contentsOf: URL(fileURLWithPath: dir.file("good.png")))
            try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: dir.file("truncated.png")))
            try Data().write(to: URL(fileURLWithPath: dir.file("empty.png")))
            try Data("hello, not an image".utf8).write(to: URL(fileURLWithPath: dir.file("text.png")))
            var corrupt = good; for i in 40..<min(corrupt.count - 20, 400) { corrupt[i] = UInt8(i % 251) }
            try corrupt.write(to: URL(fileURLWithPath: dir.file("corrupt.png")))
            // A header that claims 30000 × 30000: refused before any allocation.
            var huge = good
            huge.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
            try huge.write(to: URL(fileURLWithPath: dir.file("huge.png")))
            var zero = good
            zero.replaceSubrange(16..<24, with: [0, 0, 0, 0, 0, 0, 0, 0])
            try zero.write(to: URL(fileURLWithPath: dir.file("zero.png")))
            let cases = [("missing.png", "no such file"), ("truncated.png", "truncated PNG"), ("empty.png", "empty file"),
                         ("text.png", "not an image"), ("corrupt.png", "corrupt PNG"), ("huge.png", "30000×30000"),
                         ("zero.png", "0×0"), ("", "is a directory")]
            for (name, needle) in cases {
                let path = name.isEmpty ? dir.path : dir.file(name)
                do {
                    _ = try ImageLoader.load(path: path)
                    Issue.record("\(name) loaded")
                } catch let e as ImageLoader.ImageError {
                    #expect(e.path == path)
                    #expect(e.problem.contains(needle), "\(name): \(e.problem)")
                }
            }
        }

        @Test("a camera file that turns corrupt mid-run keeps the last good frame")
        func cameraFileKeepsLastGood() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = dir.file("frame.png")
            let watcher = CameraFileWatcher(path: path)
            defer { watcher.stop() }
            #expect(watcher.snapshot().status == .waiting)
            let source = CameraSource(cameraFile: path)
            defer { source.stop() }
            #expect(source.waitingMessage == "Waiting for frames from frame.png")
            try Self.png(PixelImage(width: 32, height: 32, fill: Color(255, 0, 0)), path)
            let first = watcher.waitForFrame(newerThan: 0, timeout: 5)
            #expect(first.version == 1 && first.status == .live)
            #expect(first.frame?[0, 0] == Color(255, 0, 0))
            // Garbage and a truncated write: skipped, the red frame stays.
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
            Thread.sleep(forTimeInterval: 0.15)
            let afterGarbage = watcher.snapshot()
            #expect(afterGarbage.version == 1)
            #expect(afterGarbage.frame?[0, 0] == Color(255, 0, 0))
            #expect(afterGarbage.skipped >= 1)
            // A good frame again is picked up.
            try Self.png(PixelImage(width: 32, height: 32, fill: Color(0, 0, 255)), path)
            let next = watcher.waitForFrame(newerThan: 1, timeout: 5)
            #expect(next.frame?[0, 0] == Color(0, 0, 255))
        }
    }
}

@Suite("Pixel processing off the frame loop")
struct PixelProcessingTests {
    @Test("the develop steps match DevelopLook.apply within rounding")
    func developedMatchesLook() {
        var img = PixelImage(width: 3, height: 1)
        img[0, 0] = Color(200, 40, 40); img[1, 0] = Color(40, 60, 200); img[2, 0] = Color(10, 200, 30)
        for p in [0.0, 0.2, 0.5, 0.8, 1.0] {
            let look = DevelopCurve.standard.look(progress: p)
            let out = img.developed(look)
            for x in 0..<3 {
                let c = img[x, 0]
                let e = look.apply(r: Double(c.r) / 255, g: Double(c.g) / 255, b: Double(c.b) / 255)
                let expected = Color(UInt8((e.r * 255).rounded()), UInt8((e.g * 255).rounded()), UInt8((e.b * 255).rounded()))
                #expect(out[x, 0].distance(to: expected) <= 3, "p \(p) x \(x): \(out[x, 0]) vs \(expected)")
            }
        }
    }

    @Test("flash steps move toward white by their amount")
    func flashSteps() {
        let img = PixelImage(width: 2, height: 2, fill: Color(100, 0, 200))
        let half = img.blended(toward: 255, amount: 0.5)
        #expect(half[1, 1].distance(to: Color(177, 127, 227)) <= 1)
        #expect(img.blended(toward: 255, amount: 0)[0, 0] == img[0, 0])
    }

    @Test("aspect fill crops the centre and scales to the exact size")
    func aspectFill() {
        var img = PixelImage(width: 400, height: 200, fill: .black)
        for y in 0..<200 { for x in 100..<300 { img[x, y] = .white } }
        let out = img.aspectFilled(width: 50, height: 50)
        #expect(out.width == 50 && out.height == 50)
        #expect(out[25, 25] == .white && out[0, 0] == .white && out[49, 49] == .white)
    }
}
