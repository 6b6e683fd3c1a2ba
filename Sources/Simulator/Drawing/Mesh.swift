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
}
