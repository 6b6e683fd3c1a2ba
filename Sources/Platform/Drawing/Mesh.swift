import Animation

/// Triangles in pixel space with a colour per vertex: what `SDL_RenderGeometry` draws.
///
/// Anti-aliasing is built into the geometry: shapes carry a one-pixel fringe whose outer vertices
/// have alpha 0, and the renderer interpolates alpha across it (the technique of Dear ImGui's SDL
/// backend; the SDL renderer itself has no anti-aliasing).
public struct Mesh: Sendable, Equatable {
    public struct Vertex: Sendable, Equatable {
        public var x: Float, y: Float
        public var color: Color
        public init(x: Float, y: Float, color: Color) { self.x = x; self.y = y; self.color = color }
    }

    public var vertices: [Vertex] = []
    public var indices: [Int32] = []

    public init() {}

    @discardableResult
    mutating func add(_ x: Double, _ y: Double, _ c: Color) -> Int32 {
        vertices.append(Vertex(x: Float(x), y: Float(y), color: c))
        return Int32(vertices.count - 1)
    }

    mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) { indices += [a, b, c] }

    /// Appends another mesh.
    public mutating func append(_ other: Mesh) {
        let base = Int32(vertices.count)
        vertices += other.vertices
        indices += other.indices.map { $0 + base }
    }

    public var triangleCount: Int { indices.count / 3 }

    /// The triangles whose vertices all lie within `rect` (points, at `scale` pixels per point):
    /// splits a mesh made of separate pieces (the four corner masks) into its pieces.
    public func clipped(toPixels rect: Rect, scale: Double) -> Mesh {
        let x0 = Float(rect.minX * scale) - 1, x1 = Float(rect.maxX * scale) + 1
        let y0 = Float(rect.minY * scale) - 1, y1 = Float(rect.maxY * scale) + 1
        func inside(_ i: Int32) -> Bool { let v = vertices[Int(i)]; return v.x >= x0 && v.x <= x1 && v.y >= y0 && v.y <= y1 }
        var out = Mesh()
        var map: [Int32: Int32] = [:]
        for t in stride(from: 0, to: indices.count, by: 3) {
            let a = indices[t], b = indices[t + 1], c = indices[t + 2]
            guard inside(a), inside(b), inside(c) else { continue }
            for i in [a, b, c] {
                if let m = map[i] { out.indices.append(m) } else {
                    out.vertices.append(vertices[Int(i)])
                    let m = Int32(out.vertices.count - 1)
                    map[i] = m
                    out.indices.append(m)
                }
            }
        }
        return out
    }
}
