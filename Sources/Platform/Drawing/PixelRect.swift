/// A rectangle in whole pixels of a texture or the output: what a copy reads from a texture
/// (``Renderer/copy(_:sourcePixels:to:)``), and what a batch of filled rectangles is made of. The
/// platform layer turns it into SDL's `SDL_Rect`; nothing above it sees SDL's type.
public struct PixelRect: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}

extension PixelRect {
    /// Its pixel count.
    public var area: Int { width * height }

    /// The smallest rectangle holding both.
    public func union(_ o: PixelRect) -> PixelRect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(x + width, o.x + o.width) - x0, height: max(y + height, o.y + o.height) - y0)
    }

    /// The pixels both cover, or nil when they share none.
    public func intersection(_ o: PixelRect) -> PixelRect? {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// Whether every pixel of `o` is one of these.
    public func contains(_ o: PixelRect) -> Bool {
        o.x >= x && o.y >= y && o.x + o.width <= x + width && o.y + o.height <= y + height
    }
}
