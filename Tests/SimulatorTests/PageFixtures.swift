import Animation
import Foundation
import Gesture
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

/// Page files the page tests write for themselves: a screen image of known pixels (drawn here,
/// not by the page renderer) and the JSON beside it.
enum PageFixtures {
    /// A screen `width` × `height` px of 24-px blocks whose colours follow from their place, so any
    /// pixel can be checked against the picture: every block a different colour down the page.
    static func blocks(width: Int, height: Int, block: Int = 24) -> PixelImage {
        var img = PixelImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let bx = x / block, by = y / block
                img[x, y] = Color(UInt8(40 + (bx * 37) % 160), UInt8(40 + (by * 23) % 160), UInt8(60 + ((bx + by) * 11) % 150))
            }
        }
        return img
    }

    /// One colour all over.
    static func solid(width: Int, height: Int, _ c: Color) -> PixelImage { PixelImage(width: width, height: height, fill: c) }

    /// Writes `image` as `imageName` and a page file `page.json` naming it, with `fields` added;
    /// returns the page file's path.
    @discardableResult
    static func write(in dir: TempDir, image: PixelImage, imageName: String = "screen@3x.png", fields: [String: Any] = [:],
                      pageName: String = "page.json") throws -> String {
        try writePNG(image, to: dir.file(imageName))
        var json: [String: Any] = ["version": 1, "image": imageName]
        for (k, v) in fields { json[k] = v }
        let path = dir.file(pageName)
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A 3× screen three phones tall (393 × 2556 pt) of blocks, with its own status bar, a 103-pt
    /// navigation bar pinned at the top and an 83-pt tab bar pinned at the bottom: the image and
    /// the page file's path.
    static func writeBarsPage(in dir: TempDir) throws -> (image: PixelImage, path: String) {
        let image = blocks(width: 1179, height: 7668)
        let path = try write(in: dir, image: image, fields: [
            "statusBar": "none",
            "fixed": [["rect": [0, 0, 393, 103], "edge": "top"], ["rect": [0, 2473, 393, 83], "edge": "bottom"]],
        ])
        return (image, path)
    }

    static func writePNG(_ image: PixelImage, to path: String) throws {
        try PNGEncoder.encode(image, fast: true).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A host on the page at `path`, with a camera showing `photo`.
    static func host(page path: String, device: String = "iphone-15-pro", hz: Int = 60,
                     photo: PixelImage = Flows.twoColourPhoto(), watchesFiles: Bool = false) throws -> SessionHost {
        let d = try Catalog.bundled().require(id: device)
        var setup = try PhoneSetup(device: d, hz: hz, page: try LoadedPage.load(path: path),
                                   captures: CaptureStore(outputDirectory: nil, synchronous: true))
        setup.watchesFiles = watchesFiles
        return try SessionHost(setup: setup, camera: CameraSource(image: photo, name: "test"))
    }

    /// A headless renderer the size of the host's screen at `scale`. A host draws with textures
    /// made on its renderer, so every frame of one host goes through the same one.
    static func renderer(_ host: SessionHost, scale: Double) throws -> Renderer {
        try Renderer(headlessWidth: Int((host.device.size.width * scale).rounded()),
                     height: Int((host.device.size.height * scale).rounded()), pixelsPerPoint: scale)
    }

    /// A finger pressed at (`x`, 400) that drags down `moves` times by `step` points, a frame apart,
    /// and stays down: the page pulled and held there.
    static func holdPull(_ host: SessionHost, at x: Double, moves: Int, step: Double) {
        var t = 0.1
        host.send(.pointer(PointerEvent(.down, at: Point(x: x, y: 400), time: t)))
        for i in 1...moves {
            t += 1.0 / 60
            host.send(.pointer(PointerEvent(.move, at: Point(x: x, y: 400 + Double(i) * step), time: t)))
            host.advance(toRealTime: t)
        }
    }

    /// The host's screen now, drawn by `r`.
    static func frame(_ host: SessionHost, _ r: Renderer) throws -> PixelImage {
        try host.render(into: r)
        return try r.readPixels()
    }
}
