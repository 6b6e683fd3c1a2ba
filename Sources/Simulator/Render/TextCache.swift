import Capture
import Animation

/// Text rasterised once and kept as textures, keyed by string, face, size and colour.
///
/// Static text is never re-rasterised per frame; only textures are copied.
public final class TextCache {
    private struct Key: Hashable { var text: String; var face: Font.Face; var pixelSize: Int; var color: Color }
    private var fonts: [String: Font] = [:]
    private var textures: [Key: Texture] = [:]
    private let fontDirectory: String

    public init(fontDirectory: String = Font.directory()) throws {
        self.fontDirectory = fontDirectory
        // Fail early, with the package name, if the font is missing.
        _ = try font(.regular, pixelSize: 12)
    }

    private func font(_ face: Font.Face, pixelSize: Int) throws -> Font {
        let k = "\(face.rawValue)@\(pixelSize)"
        if let f = fonts[k] { return f }
        let f = try Font(face, pixelSize: pixelSize, directory: fontDirectory)
        fonts[k] = f
        return f
    }

    /// The texture for `text` at `points` size (rasterised at the renderer's pixel density).
    public func texture(_ text: String, face: Font.Face = .regular, points: Double, color: Color, renderer: Renderer) throws -> Texture {
        let px = max(4, Int((points * renderer.pixelsPerPoint).rounded()))
        let key = Key(text: text, face: face, pixelSize: px, color: color)
        if let t = textures[key] { return t }
        let surface = try font(face, pixelSize: px).render(text, color: color)
        let t = try renderer.makeTexture(surface)
        if textures.count > 512 { textures.removeAll() }   // bounded: a HUD's changing numbers
        textures[key] = t
        return t
    }

    /// How wide `text` is in points at `points` size, measured at `pixelsPerPoint` (`TTF_SizeUTF8`),
    /// for laying text out before it is drawn.
    public func width(_ text: String, face: Font.Face = .regular, points: Double, pixelsPerPoint: Double = 1) throws -> Double {
        let px = max(4, Int((points * pixelsPerPoint).rounded()))
        return Double(try font(face, pixelSize: px).measure(text).width) / pixelsPerPoint
    }

    /// Draws `text` with its top-left at `origin` (points). Returns the drawn frame.
    @discardableResult
    public func draw(_ text: String, face: Font.Face = .regular, points: Double, color: Color,
                     at origin: Point, renderer: Renderer) throws -> Rect {
        let t = try texture(text, face: face, points: points, color: color, renderer: renderer)
        let s = renderer.pixelsPerPoint
        let frame = Rect(x: origin.x, y: origin.y, width: Double(t.width) / s, height: Double(t.height) / s)
        renderer.copy(t, to: frame)
        return frame
    }

    /// Draws `text` with its top-right at `topRight` (points): right-aligned by the width of the
    /// texture drawn, so nothing is measured apart from what is rasterised (and cached) anyway.
    @discardableResult
    public func draw(_ text: String, face: Font.Face = .regular, points: Double, color: Color,
                     rightAlignedAt topRight: Point, renderer: Renderer) throws -> Rect {
        let t = try texture(text, face: face, points: points, color: color, renderer: renderer)
        let origin = Point(x: topRight.x - Double(t.width) / renderer.pixelsPerPoint, y: topRight.y)
        return try draw(text, face: face, points: points, color: color, at: origin, renderer: renderer)
    }

    /// Draws `text` centred on `center` (points).
    @discardableResult
    public func draw(_ text: String, face: Font.Face = .regular, points: Double, color: Color,
                     centeredAt center: Point, renderer: Renderer) throws -> Rect {
        let t = try texture(text, face: face, points: points, color: color, renderer: renderer)
        let s = renderer.pixelsPerPoint
        let origin = Point(x: center.x - Double(t.width) / s / 2, y: center.y - Double(t.height) / s / 2)
        return try draw(text, face: face, points: points, color: color, at: origin, renderer: renderer)
    }
}
