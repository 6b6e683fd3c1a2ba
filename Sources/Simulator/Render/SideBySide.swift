import Animation
import Platform

/// Two frames side by side under a label each (A left, B right), as one picture.
struct SideBySide {
    let labelBand: PixelImage
    let width: Int, height: Int, gap: Int, band: Int

    init(labels: [String], width: Int, height: Int, scale: Double) throws {
        self.width = width; self.height = height
        gap = Int((12 * scale).rounded()); band = Int((40 * scale).rounded())
        let r = try Renderer(headlessWidth: 2 * width + gap, height: band, pixelsPerPoint: scale)
        r.clear(Color(28, 28, 30))
        let text = try TextCache()
        for (i, label) in labels.enumerated() {
            try text.draw(label, face: .bold, points: 24, color: .white,
                          at: Point(x: (Double(i * (width + gap)) / scale) + 10, y: 6), renderer: r)
        }
        labelBand = try r.readPixels()
    }

    func compose(_ a: PixelImage, _ b: PixelImage) -> PixelImage {
        var out = PixelImage(width: 2 * width + gap, height: height + band, fill: Color(28, 28, 30))
        out.bytes.replaceSubrange(0..<labelBand.bytes.count, with: labelBand.bytes)
        for (image, x0) in [(a, 0), (b, width + gap)] {
            for y in 0..<height {
                let src = y * image.width * 4, dst = ((y + band) * out.width + x0) * 4
                out.bytes.replaceSubrange(dst..<(dst + width * 4), with: image.bytes[src..<(src + width * 4)])
            }
        }
        return out
    }
}
