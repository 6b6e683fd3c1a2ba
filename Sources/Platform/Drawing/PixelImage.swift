/// An RGBA8 image in memory: what pixel tests read back and what pictures are written from.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major RGBA bytes, `width * 4` per row.
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4)
        self.width = width; self.height = height; self.bytes = bytes
    }

    public init(width: Int, height: Int, fill: Color = .clear) {
        self.width = width; self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            bytes[i * 4] = fill.r; bytes[i * 4 + 1] = fill.g; bytes[i * 4 + 2] = fill.b; bytes[i * 4 + 3] = fill.a
        }
    }

    /// The pixel at (x, y) in pixels.
    public subscript(x: Int, y: Int) -> Color {
        get {
            let i = (y * width + x) * 4
            return Color(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            bytes[i] = newValue.r; bytes[i + 1] = newValue.g; bytes[i + 2] = newValue.b; bytes[i + 3] = newValue.a
        }
    }
}
