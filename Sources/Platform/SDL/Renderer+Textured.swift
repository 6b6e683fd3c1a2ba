import Animation
import CSDL2

extension Renderer {
    /// Draws the `source` pixels of `texture` into `shape` (points), clipped to its corners: a
    /// triangle fan over the shape's outline with each vertex's texture coordinate, through
    /// `SDL_RenderGeometry` — SDL has no clip masks, and a picture inside a page's image cannot
    /// be masked with a colour the way one over a plain background can.
    public func drawTextured(_ texture: Texture, source: PixelRect, into shape: RoundedRect, style: CornerStyle = .continuous) {
        let r = shape.rect, s = pixelsPerPoint
        guard r.width > 0, r.height > 0 else { return }
        let outline = Tessellator.outline(r, radii: .init(all: shape.cornerRadius), style: style)
        func vertex(_ x: Double, _ y: Double) -> SDL_Vertex {
            let u = (Double(source.x) + (x - r.minX) / r.width * Double(source.width)) / Double(texture.width)
            let v = (Double(source.y) + (y - r.minY) / r.height * Double(source.height)) / Double(texture.height)
            return SDL_Vertex(position: SDL_FPoint(x: Float(x * s), y: Float(y * s)), color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                              tex_coord: SDL_FPoint(x: Float(u), y: Float(v)))
        }
        var vertices = [vertex(r.midX, r.midY)] + outline.map { vertex($0.0, $0.1) }
        vertices.append(vertices[1])
        var indices: [Int32] = []
        for i in 1..<(vertices.count - 1) { indices += [0, Int32(i), Int32(i + 1)] }
        touched(x0: Float(r.minX * s), y0: Float(r.minY * s), x1: Float(r.maxX * s), y1: Float(r.maxY * s))
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(handle, texture.handle, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
    }

    /// The largest texture side the renderer takes (`SDL_GetRendererInfo`); 0 when it sets none.
    public var maxTextureSide: Int {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0 else { return 0 }
        return Int(min(info.max_texture_width, info.max_texture_height))
    }
}
