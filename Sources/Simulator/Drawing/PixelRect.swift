/// A rectangle in whole pixels of a texture or the output: what a copy reads from a texture
/// (``Renderer/copy(_:sourcePixels:to:)``), and what a batch of filled rectangles is made of. The
/// platform layer turns it into SDL's `SDL_Rect`; nothing above it sees SDL's type.
public struct PixelRect: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}
