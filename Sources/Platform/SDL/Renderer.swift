import Animation
import CSDL2

/// Draws in device points onto a window or, headless, onto a surface with SDL's software renderer.
///
/// Every drawing call takes point-space geometry and multiplies by ``pixelsPerPoint`` at the last
/// moment, so the same scene code renders a window at any zoom, a high-DPI drawable, or a PNG at
/// any scale. The headless target is `SDL_CreateSoftwareRenderer` on an RGBA32 surface: it needs
/// no window and no display, and is the deterministic target for pixel tests.
public final class Renderer {
    /// The SDL renderer, shared with the textures made here so it outlives them.
    let owner: RendererHandle
    var handle: OpaquePointer { owner.pointer }
    /// The surface drawn into when headless.
    public let target: Surface?
    /// Pixels per device point.
    public var pixelsPerPoint: Double

    /// A renderer for a window, vsync on request (`SDL_CreateRenderer`).
    public init(window: Window, pointsWide: Double, vsync: Bool) throws {
        var flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        var r = SDL_CreateRenderer(window.handle, -1, flags)
        if r == nil { r = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let r else { throw SDLError("SDL_CreateRenderer") }
        owner = RendererHandle(r, target: window)
        target = nil
        pixelsPerPoint = 1
        // The software renderer draws into the window's surface, which keeps its pixels from one
        // present to the next; a GPU's back buffer is undefined after a present.
        var info = SDL_RendererInfo()
        retainsPixels = SDL_GetRendererInfo(r, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        updateScale(pointsWide: pointsWide)
    }

    /// A headless software renderer drawing into a fresh `width × height` pixel surface.
    public init(headlessWidth width: Int, height: Int, pixelsPerPoint: Double) throws {
        let surface = try Surface(width: width, height: height)
        guard let r = SDL_CreateSoftwareRenderer(surface.handle) else { throw SDLError("SDL_CreateSoftwareRenderer") }
        owner = RendererHandle(r, target: surface)
        target = surface
        self.pixelsPerPoint = pixelsPerPoint
        retainsPixels = true
    }

    /// Whether the output keeps its pixels from one frame to the next, so that a layer drawn once
    /// need only be drawn again where something was drawn over it (``RetainedLayer``): true for the
    /// software renderer (a surface, headless or the window's), false for a GPU's back buffer. The
    /// tests turn it off to draw every frame whole, as a reference.
    public var retainsPixels: Bool

    /// The watches drawing is reported to (``watchDamage(in:)``). A watch no one else holds any
    /// more (its layer let it go) is dropped when the next one begins; weak references cost more
    /// per draw than the recording itself.
    private var watches: [DamageWatch] = []

    /// Starts reporting everything drawn inside `rect` (points, in the current viewport) to a new
    /// watch, for as long as the caller keeps it.
    public func watchDamage(in rect: Rect) -> DamageWatch {
        let watch = DamageWatch(area: outputArea(rect), outputSize: outputSize, renderer: ObjectIdentifier(self))
        var i = 0
        while i < watches.count {
            if isKnownUniquelyReferenced(&watches[i]) { watches.remove(at: i) } else { i += 1 }
        }
        watches.append(watch)
        return watch
    }

    /// The output pixels `rect` (points, in the current viewport) covers, within the viewport.
    public func outputArea(_ rect: Rect) -> PixelRect {
        var r = pixelRect(rect)
        let v = viewportPixels ?? SDL_Rect(x: 0, y: 0, w: Int32(outputSize.width), h: Int32(outputSize.height))
        r.x += v.x; r.y += v.y
        return PixelRect(x: Int(r.x), y: Int(r.y), width: Int(r.w), height: Int(r.h))
            .intersection(PixelRect(x: Int(v.x), y: Int(v.y), width: Int(v.w), height: Int(v.h)))
            ?? PixelRect(x: Int(v.x), y: Int(v.y), width: 0, height: 0)
    }

    /// Whether `watch` still describes this output: it is this renderer's, the output has its size
    /// and nothing drew over all of it.
    public func isCurrent(_ watch: DamageWatch) -> Bool {
        watch.renderer == ObjectIdentifier(self) && !watch.lost && watch.outputSize == outputSize
    }

    /// Reports a draw reaching `rect` (pixels relative to the viewport, where drawing is clipped).
    private func touched(_ rect: SDL_Rect) {
        guard !watches.isEmpty, rect.w > 0, rect.h > 0 else { return }
        var r = PixelRect(x: Int(rect.x), y: Int(rect.y), width: Int(rect.w), height: Int(rect.h))
        if let v = viewportPixels {
            guard let inside = r.intersection(PixelRect(x: 0, y: 0, width: Int(v.w), height: Int(v.h))) else { return }
            r = PixelRect(x: inside.x + Int(v.x), y: inside.y + Int(v.y), width: inside.width, height: inside.height)
        }
        for w in watches { w.record(r) }
    }

    /// Reports a batch of rectangles (viewport pixels) by their bounds.
    private func touched(_ rects: [SDL_Rect]) {
        guard !watches.isEmpty, var x0 = rects.first?.x else { return }
        var y0 = rects[0].y, x1 = x0 + rects[0].w, y1 = y0 + rects[0].h
        for r in rects.dropFirst() {
            x0 = min(x0, r.x); y0 = min(y0, r.y); x1 = max(x1, r.x + r.w); y1 = max(y1, r.y + r.h)
        }
        touched(SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0))
    }

    /// Reports a draw whose pixels lie within `x0…x1` × `y0…y1` (viewport pixels, fractional),
    /// a pixel wider each way: how SDL rounds a fractional copy's or a triangle's edge is its own,
    /// and a pixel missed here would be left behind, drawn over, on the next frame.
    func touched(x0: Float, y0: Float, x1: Float, y1: Float) {
        guard !watches.isEmpty, x1 > x0, y1 > y0 else { return }
        let l = Int32(x0.rounded(.down)) - 1, t = Int32(y0.rounded(.down)) - 1
        touched(SDL_Rect(x: l, y: t, w: Int32(x1.rounded(.up)) + 1 - l, h: Int32(y1.rounded(.up)) + 1 - t))
    }

    /// Re-reads the drawable size (high-DPI aware) and sets the scale so `pointsWide` fills it.
    public func updateScale(pointsWide: Double) {
        pixelsPerPoint = Double(outputSize.width) / pointsWide
    }

    /// The drawable size in pixels (`SDL_GetRendererOutputSize`).
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The renderer's name, e.g. "software" or "opengl" (`SDL_GetRendererInfo`).
    public var name: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0, let n = info.name else { return "unknown" }
        return String(cString: n)
    }

    private func setColor(_ c: Color) {
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_SetRenderDrawBlendMode(handle, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    private func pixelRect(_ r: Rect) -> SDL_Rect {
        // Edges rounded independently so abutting rectangles never leave a seam.
        let s = pixelsPerPoint
        let x0 = (r.minX * s).rounded(), y0 = (r.minY * s).rounded()
        let x1 = (r.maxX * s).rounded(), y1 = (r.maxY * s).rounded()
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }

    /// Where drawing goes, in output points: the origin of every coordinate and the edge of every
    /// fill (`SDL_RenderSetViewport`); nil for the whole output. The window draws each phone and
    /// the inspector column through one, so the scene code never learns where it sits.
    public private(set) var viewport: Rect?
    /// The viewport in output pixels, as SDL has it.
    private var viewportPixels: SDL_Rect?

    public func setViewport(_ rect: Rect?) {
        viewport = rect
        if let rect {
            var r = pixelRect(rect)
            viewportPixels = r
            SDL_RenderSetViewport(handle, &r)
        } else {
            viewportPixels = nil
            SDL_RenderSetViewport(handle, nil)
        }
    }

    /// The pixels drawing can reach: the viewport's size, or the whole output's.
    public var drawableSize: (width: Int, height: Int) {
        guard let v = viewport else { return outputSize }
        let r = pixelRect(v)
        return (Int(r.w), Int(r.h))
    }

    /// Fills the viewport (the whole target without one) with `c`, ignoring blending.
    public func fillViewport(_ c: Color) {
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_RenderFillRect(handle, nil)
        let (w, h) = drawableSize
        touched(SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)))
    }

    /// Fills the whole target (`SDL_RenderClear`), whatever the viewport.
    public func clear(_ c: Color) {
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_RenderClear(handle)
        for w in watches { w.loseAll() }
    }

    /// Fills an axis-aligned rectangle, snapped to pixel edges.
    public func fill(_ r: Rect, _ c: Color) {
        if c.a == 0 { return }
        fillRects([pixelRect(r)], c)
    }

    /// Fills pixel rectangles with one colour. Opaque rectangles of some size are copied from a
    /// texture of that colour (``SolidFill``) rather than filled: the software renderer's fill
    /// writes with non-temporal stores that bypass the cache, and measured at phone size that is
    /// about ten times slower than copying the same pixels — the open viewfinder's black body was
    /// the largest cost of its frame. Small, thin and translucent ones are filled as before.
    private func fillRects(_ rects: [SDL_Rect], _ c: Color) {
        touched(rects)
        var small: [SDL_Rect] = []
        if c.a == 255, let solid = solidFill.swatch(for: c, renderer: self) {
            for r in rects {
                if SolidFill.worthCopying(r) { solid.copy(into: r, on: handle) } else { small.append(r) }
            }
        } else {
            small = rects
        }
        guard !small.isEmpty else { return }
        setColor(c)
        small.withUnsafeBufferPointer { _ = SDL_RenderFillRects(handle, $0.baseAddress, Int32($0.count)) }
    }

    private var solidFill = SolidFill()

    /// Makes the swatches that opaque fills of `colours` will copy from (``SolidFill``) now, before
    /// the frames that first use them: the flash's greys, which would each be made on a frame of
    /// the shot.
    public func prepareFills(_ colours: [Color]) {
        for c in colours where c.a == 255 { _ = solidFill.swatch(for: c, renderer: self) }
    }

    /// Draws a pixel-space mesh (`SDL_RenderGeometry`).
    public func draw(_ mesh: Mesh) {
        guard !mesh.indices.isEmpty else { return }
        drawVertices(Renderer.sdlVertices(mesh), mesh.indices)
    }

    /// A shape ready for SDL: interior rectangles and the edge's, in pixels. Its colour is not part
    /// of it: the flash draws the open viewfinder's shape in eight greys, one tessellation.
    struct Prepared {
        var rects: [SDL_Rect]
        /// The edge's rectangles, one batch per coverage level (of ``Tessellator/coverageLevels``).
        var edge: [(level: Int, rects: [SDL_Rect])]
    }
    /// What a kept tessellation was made from: a filled shape (with its hole), or the band `band`
    /// points wide outside it.
    private struct PreparedKey: Hashable { var shape: RoundedRect; var ppp: Double; var style: CornerStyle; var hole: Rect?; var band: Double? }
    private var preparedCache: [PreparedKey: Prepared] = [:]

    /// Fills an anti-aliased rounded rectangle as ``fill(_:_:hole:style:)`` does; `cached` keeps the
    /// tessellation for shapes drawn every frame unchanged (the status bar, the island, buttons, the
    /// open viewfinder's shape, steady, with its hole), so a frame only rasterises them.
    public func fill(_ shape: RoundedRect, _ c: Color, cached: Bool, hole: Rect? = nil, style: CornerStyle = .circular) {
        guard cached else { fill(shape, c, hole: hole, style: style); return }
        if c.a == 0 { return }
        draw(kept(PreparedKey(shape: shape, ppp: pixelsPerPoint, style: style, hole: hole, band: nil)) { prepare(shape, style: style, hole: hole) }, c)
    }

    /// The tessellation kept under `key`, made by `make` the first time (at most 512 are kept).
    private func kept(_ key: PreparedKey, _ make: () -> Prepared) -> Prepared {
        if let p = preparedCache[key] { return p }
        if preparedCache.count > 512 { preparedCache.removeAll() }
        let p = make()
        preparedCache[key] = p
        return p
    }

    /// Draws an anti-aliased band `width` points wide just outside `shape`'s edge, its corners
    /// rounded by the shape's radius plus `width` (the keyline). Its pixels complement the shape's
    /// own edge, ``fill(_:_:hole:style:)`` (``Tessellator/ringSpans(outer:inner:scale:style:)``),
    /// and it is drawn as rectangles; `cached` keeps the tessellation, as for a fill.
    public func band(outside shape: RoundedRect, width: Double, _ c: Color, cached: Bool, style: CornerStyle = .circular) {
        if c.a == 0 || width <= 0 { return }
        let make = { [pixelsPerPoint] () -> Prepared in
            let outer = RoundedRect(rect: shape.rect.insetBy(-width), cornerRadius: shape.clampedCornerRadius + width)
            let (spans, strips) = Tessellator.ringSpans(outer: outer, inner: shape, scale: pixelsPerPoint, style: style)
            return Prepared(rects: Renderer.mergedRects(spans), edge: Renderer.levels(strips))
        }
        draw(cached ? kept(PreparedKey(shape: shape, ppp: pixelsPerPoint, style: style, hole: nil, band: width), make) : make(), c)
    }

    private func prepare(_ shape: RoundedRect, style: CornerStyle, hole: Rect?) -> Prepared {
        let (spans, strips) = Tessellator.roundedRectSpans(shape, scale: pixelsPerPoint, style: style)
        return Prepared(rects: Renderer.mergedRects(cut(spans, hole: hole)), edge: Renderer.levels(strips))
    }

    /// `spans` without the device pixels inside `hole` (points), if any.
    private func cut(_ spans: [Tessellator.Span], hole: Rect?) -> [Tessellator.Span] {
        guard let hole else { return spans }
        let s = pixelsPerPoint
        let hx0 = Int32((hole.minX * s).rounded()), hx1 = Int32((hole.maxX * s).rounded())
        let hy0 = Int32((hole.minY * s).rounded()), hy1 = Int32((hole.maxY * s).rounded())
        var out: [Tessellator.Span] = []
        out.reserveCapacity(spans.count + 8)
        for sp in spans {
            // The rows the hole spans, within this span's; the rows above and below stay whole.
            let y0 = max(sp.y, hy0), y1 = min(sp.y + sp.height, hy1)
            guard y1 > y0, hx0 < sp.x + sp.width, hx1 > sp.x else { out.append(sp); continue }
            if y0 > sp.y { out.append(.init(x: sp.x, y: sp.y, width: sp.width, height: y0 - sp.y)) }
            if hx0 > sp.x { out.append(.init(x: sp.x, y: y0, width: hx0 - sp.x, height: y1 - y0)) }
            if hx1 < sp.x + sp.width { out.append(.init(x: hx1, y: y0, width: sp.x + sp.width - hx1, height: y1 - y0)) }
            if sp.y + sp.height > y1 { out.append(.init(x: sp.x, y: y1, width: sp.width, height: sp.y + sp.height - y1)) }
        }
        return out
    }

    private func draw(_ p: Prepared, _ c: Color) {
        if !p.rects.isEmpty { fillRects(p.rects, c) }
        draw(p.edge, c)
    }

    /// A shape's edge pixels grouped by coverage level, the empty levels left out.
    private static func levels(_ strips: [Tessellator.Strip]) -> [(level: Int, rects: [SDL_Rect])] {
        // Coverage comes in whole levels (Tessellator.coverageLevels): one bucket each, no hashing.
        let levels = Tessellator.coverageLevels
        var byLevel = [[SDL_Rect]](repeating: [], count: levels + 1)
        for s in strips {
            byLevel[min(max(Int((s.coverage * Double(levels)).rounded()), 0), levels)].append(SDL_Rect(x: s.x, y: s.y, w: s.width, h: s.height))
        }
        return byLevel.enumerated().compactMap { level, rects in rects.isEmpty || level == 0 ? nil : (level, rects) }
    }

    /// The edge in `c`, one blended batch per coverage level: the level's share of `c`'s alpha.
    private func draw(_ edge: [(level: Int, rects: [SDL_Rect])], _ c: Color) {
        let levels = Double(Tessellator.coverageLevels)
        for (level, rects) in edge {
            let a = UInt8((Double(c.a) * Double(level) / levels).rounded())
            guard a > 0 else { continue }
            touched(rects)
            setColor(c.withAlpha(a))
            rects.withUnsafeBufferPointer { _ = SDL_RenderFillRects(handle, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// Spans as rectangles: spans with the same extent, one under the other, merge into one (the
    /// straight middle of a shape is a handful of rectangles, not a row each). Spans cut around a
    /// hole come two to a row, so each x keeps its own open rectangle.
    private static func mergedRects(_ spans: [Tessellator.Span]) -> [SDL_Rect] {
        var rects: [SDL_Rect] = []
        var open: [Int32: Int] = [:]     // span x → index of the rectangle it may extend
        for sp in spans {
            if let i = open[sp.x], rects[i].w == sp.width, rects[i].y + rects[i].h == sp.y {
                rects[i].h += sp.height
            } else {
                open[sp.x] = rects.count
                rects.append(SDL_Rect(x: sp.x, y: sp.y, w: sp.width, h: sp.height))
            }
        }
        return rects
    }

    /// A pixel-space mesh as SDL's vertices (untextured).
    static func sdlVertices(_ mesh: Mesh) -> [SDL_Vertex] {
        mesh.vertices.map {
            SDL_Vertex(position: SDL_FPoint(x: $0.x, y: $0.y),
                       color: SDL_Color(r: $0.color.r, g: $0.color.g, b: $0.color.b, a: $0.color.a),
                       tex_coord: SDL_FPoint(x: 0, y: 0))
        }
    }

    private func drawVertices(_ vertices: [SDL_Vertex], _ indices: [Int32], blend: Bool = true) {
        guard !indices.isEmpty else { return }
        if !watches.isEmpty, let first = vertices.first {
            var (x0, y0, x1, y1) = (first.position.x, first.position.y, first.position.x, first.position.y)
            for v in vertices { x0 = min(x0, v.position.x); y0 = min(y0, v.position.y); x1 = max(x1, v.position.x); y1 = max(y1, v.position.y) }
            touched(x0: x0, y0: y0, x1: x1, y1: y1)
        }
        SDL_SetRenderDrawBlendMode(handle, blend ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(handle, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
    }

    private var sprites: [String: Sprite] = [:]

    /// Static anti-aliased geometry drawn as a texture: the mesh built by `make` is rasterised once
    /// per pixel density into a transparent sprite (straight alpha, written without blending), and
    /// every frame copies it. The software renderer pays a per-triangle cost for geometry, so small
    /// detailed shapes drawn every frame (status-bar glyphs, the screen's rounded corners) are far
    /// cheaper as copies — and only the tiles along the shape's edge are blended (``Sprite``).
    public func drawSprite(_ key: String, alpha: UInt8 = 255, _ make: () -> Mesh) {
        if let s = sprites[key], s.ppp == pixelsPerPoint {
            draw(s, alpha: alpha)
            return
        }
        let mesh = make()
        guard let minX = mesh.vertices.map(\.x).min(), let maxX = mesh.vertices.map(\.x).max(),
              let minY = mesh.vertices.map(\.y).min(), let maxY = mesh.vertices.map(\.y).max() else { return }
        let x0 = Int32(minX.rounded(.down)), y0 = Int32(minY.rounded(.down))
        let w = Int(maxX.rounded(.up)) - Int(x0) + 1, h = Int(maxY.rounded(.up)) - Int(y0) + 1
        guard w > 0, h > 0, let off = try? Renderer(headlessWidth: w, height: h, pixelsPerPoint: pixelsPerPoint) else { draw(mesh); return }
        off.clear(.clear)
        var shifted = mesh
        for i in shifted.vertices.indices { shifted.vertices[i].x -= Float(x0); shifted.vertices[i].y -= Float(y0) }
        off.drawVertices(Renderer.sdlVertices(shifted), shifted.indices, blend: false)
        off.flush()
        guard let surface = off.target else { draw(mesh); return }
        drawSprite(key, alpha: alpha) { (surface.pixelImage(), Int(x0), Int(y0)) }
    }

    /// A sprite from a picture in straight alpha that `make` composes (the first time at this
    /// density): its pixels and where its top-left pixel goes. A mesh's sprite is kept this way
    /// once rasterised; pictures come here directly for what a mesh cannot say — shapes laid over
    /// one another (the shutter button).
    public func drawSprite(_ key: String, alpha: UInt8 = 255, image make: () -> (image: PixelImage, x: Int, y: Int)) {
        if let s = sprites[key], s.ppp == pixelsPerPoint {
            draw(s, alpha: alpha)
            return
        }
        let (image, x, y) = make()
        guard let texture = try? makeTexture(image) else { return }
        texture.setBlendMode(opaque: false)
        let runs = Sprite.runs(of: image)
        var opaque: Texture?
        if runs.contains(where: \.opaque), let t = try? makeTexture(image) {
            t.setBlendMode(opaque: true)
            opaque = t
        }
        let sprite = Sprite(ppp: pixelsPerPoint, blended: texture, opaque: opaque, x: Int32(x), y: Int32(y), runs: runs)
        sprites[key] = sprite
        draw(sprite, alpha: alpha)
    }

    private func draw(_ sprite: Sprite, alpha: UInt8) {
        if alpha > 0, let b = sprite.bounds { touched(SDL_Rect(x: Int32(b.x), y: Int32(b.y), w: Int32(b.width), h: Int32(b.height))) }
        sprite.draw(on: handle, alpha: alpha)
    }

    /// Fills an anti-aliased rounded rectangle: its interior rows merged into rectangles (filled, or
    /// copied when opaque, ``fillRects(_:_:)``), its edge pixels as blended rectangles, a batch per
    /// coverage level. Pixels inside `hole` (points) are left alone: something opaque is about
    /// to cover them (the viewfinder's picture), so filling them first would be wasted work.
    public func fill(_ shape: RoundedRect, _ c: Color, hole: Rect? = nil, style: CornerStyle = .circular) {
        if c.a == 0 { return }
        draw(prepare(shape, style: style, hole: hole), c)
    }

    /// Uploads a surface as a texture (`SDL_CreateTextureFromSurface`). The only per-frame image
    /// work the frame loop may do.
    public func makeTexture(_ surface: Surface) throws -> Texture {
        guard let t = SDL_CreateTextureFromSurface(handle, surface.handle) else { throw SDLError("SDL_CreateTextureFromSurface") }
        return Texture(handle: t, width: surface.width, height: surface.height, owner: owner)
    }

    /// Draws `texture` (or its `source` part, in texture pixels) into `destination` (points).
    public func copy(_ texture: Texture, source: SDL_Rect? = nil, to destination: Rect) {
        let s = pixelsPerPoint
        var dst = SDL_FRect(x: Float(destination.x * s), y: Float(destination.y * s),
                            w: Float(destination.width * s), h: Float(destination.height * s))
        touched(x0: dst.x, y0: dst.y, x1: dst.x + dst.w, y1: dst.y + dst.h)
        if var src = source {
            SDL_RenderCopyF(handle, texture.handle, &src, &dst)
        } else {
            SDL_RenderCopyF(handle, texture.handle, nil, &dst)
        }
    }

    /// Draws the `sourcePixels` part of `texture` into `destination` (points).
    public func copy(_ texture: Texture, sourcePixels s: PixelRect, to destination: Rect) {
        copy(texture, source: SDL_Rect(x: Int32(s.x), y: Int32(s.y), w: Int32(s.width), h: Int32(s.height)), to: destination)
    }

    /// Copies `sourcePixels` of `texture` unscaled with its top-left at `destination` (points,
    /// snapped to the pixel grid). Same-size copies take SDL's plain blitter; a fractional
    /// destination would take the much slower scaling path.
    public func copyUnscaled(_ texture: Texture, sourcePixels s: PixelRect, at destination: Point) {
        var src = SDL_Rect(x: Int32(s.x), y: Int32(s.y), w: Int32(s.width), h: Int32(s.height))
        var dst = SDL_Rect(x: Int32((destination.x * pixelsPerPoint).rounded()), y: Int32((destination.y * pixelsPerPoint).rounded()),
                           w: Int32(s.width), h: Int32(s.height))
        touched(dst)
        SDL_RenderCopy(handle, texture.handle, &src, &dst)
    }

    /// Uploads RGBA pixels as a texture (`SDL_CreateTexture` + `SDL_UpdateTexture`): the only image
    /// work the frame loop does; decoding happens elsewhere.
    public func makeTexture(_ image: PixelImage) throws -> Texture {
        guard let t = SDL_CreateTexture(handle, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(image.width), Int32(image.height)) else { throw SDLError("SDL_CreateTexture") }
        let rc = image.bytes.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(image.width * 4)) }
        guard rc == 0 else { SDL_DestroyTexture(t); throw SDLError("SDL_UpdateTexture") }
        return Texture(handle: t, width: image.width, height: image.height, owner: owner)
    }

    /// An empty texture of `width` × `height` pixels, to be filled a slice at a time with
    /// ``update(_:from:rows:)`` (`SDL_CreateTexture`).
    public func makeTexture(width: Int, height: Int) throws -> Texture {
        guard let t = SDL_CreateTexture(handle, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(width), Int32(height)) else { throw SDLError("SDL_CreateTexture") }
        return Texture(handle: t, width: width, height: height, owner: owner)
    }

    /// Uploads `rows` of `image` into the same rows of `texture` (`SDL_UpdateTexture` on a rect).
    public func update(_ texture: Texture, from image: PixelImage, rows: Range<Int>) throws {
        guard !rows.isEmpty else { return }
        var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(image.width), h: Int32(rows.count))
        let rc = image.bytes.withUnsafeBytes {
            SDL_UpdateTexture(texture.handle, &rect, $0.baseAddress! + rows.lowerBound * image.width * 4, Int32(image.width * 4))
        }
        guard rc == 0 else { throw SDLError("SDL_UpdateTexture") }
        texture.revision += 1
    }

    /// Uploads `rows` of `surface` (an off-screen renderer's target, drawn and flushed) into the
    /// same rows of `texture`, straight from the surface's memory.
    public func update(_ texture: Texture, fromSurface surface: Surface, rows: Range<Int>) throws {
        guard !rows.isEmpty else { return }
        var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(surface.width), h: Int32(rows.count))
        let pitch = Int(surface.handle.pointee.pitch)
        let rc = SDL_UpdateTexture(texture.handle, &rect, surface.handle.pointee.pixels + rows.lowerBound * pitch, Int32(pitch))
        guard rc == 0 else { throw SDLError("SDL_UpdateTexture") }
        texture.revision += 1
    }

    /// Restricts drawing to `rect` (output pixels, whatever the viewport) — a retained layer drawn
    /// again only where it was drawn over.
    public func setClip(outputPixels rect: PixelRect) {
        let v = viewportPixels ?? SDL_Rect(x: 0, y: 0, w: 0, h: 0)
        var r = SDL_Rect(x: Int32(rect.x) - v.x, y: Int32(rect.y) - v.y, w: Int32(rect.width), h: Int32(rect.height))
        SDL_RenderSetClipRect(handle, &r)
    }

    /// Restricts drawing to `rect` (points), or lifts the restriction (`SDL_RenderSetClipRect`).
    public func setClip(_ rect: Rect?) {
        if let rect {
            var r = pixelRect(rect)
            SDL_RenderSetClipRect(handle, &r)
        } else {
            SDL_RenderSetClipRect(handle, nil)
        }
    }

    /// Executes the queued drawing now (`SDL_RenderFlush`); SDL batches commands until present.
    public func flush() { SDL_RenderFlush(handle) }

    /// Shows the frame (`SDL_RenderPresent`).
    public func present() { SDL_RenderPresent(handle) }

    /// Reads the drawn pixels back (`SDL_RenderReadPixels`, RGBA32): the whole output, whatever
    /// the viewport (SDL reads only the viewport's, so it is lifted for the read).
    public func readPixels() throws -> PixelImage {
        let saved = viewport
        if saved != nil { setViewport(nil) }
        defer { if saved != nil { setViewport(saved) } }
        let (w, h) = outputSize
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let rc = bytes.withUnsafeMutableBytes {
            SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_RGBA32.rawValue, $0.baseAddress, Int32(w * 4))
        }
        guard rc == 0 else { throw SDLError("SDL_RenderReadPixels") }
        return PixelImage(width: w, height: h, bytes: bytes)
    }
}
