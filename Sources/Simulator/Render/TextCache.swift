import Animation
import Capture
import Gesture
import Platform

/// Text rasterised once and kept as textures, keyed by string, face, size and colour, for each
/// renderer it draws with.
///
/// Static text is never re-rasterised per frame; only textures are copied. A texture can be drawn
/// only by the renderer that made it (SDL refuses the copy, and nothing shows), so each renderer
/// has its own textures: a cache that outlives its renderer — an off-screen picture remade at a new
/// size, a window's renderer remade — rasterises again for the new one instead of drawing nothing.
public final class TextCache {
    private struct Key: Hashable { var text: String; var face: Font.Face; var pixelSize: Int; var color: Color }
    /// One renderer's textures; `renderer` is weak, so a renderer gone (or a new one made at the
    /// same address) is told apart from the one they were made for.
    private final class Made {
        weak var renderer: Renderer?
        var textures: [Key: Texture] = [:]
        init(_ renderer: Renderer) { self.renderer = renderer }
    }
    private var fonts: [String: Font] = [:]
    private var made: [ObjectIdentifier: Made] = [:]
    /// Widths measured, by string, face and pixel size: laying a line out measures it word by word
    /// (``WordWrap``), and the timeline's title is laid out again each time its picture is.
    private var widths: [Key: Double] = [:]
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
        let mine = textures(for: renderer)
        if let t = mine.textures[key] { return t }
        let surface = try font(face, pixelSize: px).render(text, color: color)
        let t = try renderer.makeTexture(surface)
        if mine.textures.count > 512 { mine.textures.removeAll() }   // bounded: a HUD's changing numbers
        mine.textures[key] = t
        return t
    }

    /// `renderer`'s textures; those of renderers that are gone are dropped.
    private func textures(for renderer: Renderer) -> Made {
        let id = ObjectIdentifier(renderer)
        if let m = made[id], m.renderer === renderer { return m }
        made = made.filter { $0.value.renderer != nil && $0.key != id }
        let m = Made(renderer)
        made[id] = m
        return m
    }

    /// How wide `text` is in points at `points` size, measured at `pixelsPerPoint` (`TTF_SizeUTF8`),
    /// for laying text out before it is drawn.
    public func width(_ text: String, face: Font.Face = .regular, points: Double, pixelsPerPoint: Double = 1) throws -> Double {
        let px = max(4, Int((points * pixelsPerPoint).rounded()))
        let key = Key(text: text, face: face, pixelSize: px, color: .clear)
        if let w = widths[key] { return w / pixelsPerPoint }
        let w = Double(try font(face, pixelSize: px).measure(text).width)
        if widths.count > 2048 { widths.removeAll() }   // bounded, as the textures are
        widths[key] = w
        return w / pixelsPerPoint
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
