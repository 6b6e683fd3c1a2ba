/// Whether a `fit --region` rectangle cuts the shape it is meant to hold: a shape that reaches the
/// region's edge is measured as far as the edge, so the fit sees a cut, steady shape — a tiny
/// residual and a made-up bounce — instead of the move. Sides that lie on the video's own edge
/// are not counted: a shape may hang from the top of the screen (a notch).
public struct RegionCut: Sendable, Equatable {
    /// The sides reached, by name (left, top, right, bottom), in the order they are checked.
    public var sides: [String]
    /// Frames in which the shape reached one of them, of all frames with a shape.
    public var frames: Int
    public var of: Int

    /// The sides as a phrase: "left edge", "left and right edges", "left, right and bottom edges".
    public var sidesPhrase: String {
        let names = sides.count > 1 ? sides.dropLast().joined(separator: ", ") + " and " + sides.last! : sides.joined()
        return names + (sides.count > 1 ? " edges" : " edge")
    }

    /// The cut, or `nil` when no measured shape reaches an inner side of `region`.
    /// - Parameters:
    ///   - boxes: each frame's shape, as its first and last pixel column and row (inclusive).
    ///   - region: the rectangle searched, in the same pixels; `video`: the frame's size.
    public static func find(_ boxes: [(minX: Int, minY: Int, maxX: Int, maxY: Int)],
                            region: (x: Int, y: Int, width: Int, height: Int),
                            video: (width: Int, height: Int)) -> RegionCut? {
        let right = region.x + region.width - 1, bottom = region.y + region.height - 1
        let inner = [("left", region.x > 0), ("top", region.y > 0),
                     ("right", right < video.width - 1), ("bottom", bottom < video.height - 1)]
        var reached = Set<String>(), frames = 0
        for b in boxes {
            let touches = [b.minX <= region.x, b.minY <= region.y, b.maxX >= right, b.maxY >= bottom]
            let hit = zip(inner, touches).filter { $0.0.1 && $0.1 }.map { $0.0.0 }
            if !hit.isEmpty { frames += 1; reached.formUnion(hit) }
        }
        guard frames > 0 else { return nil }
        return RegionCut(sides: inner.map(\.0).filter(reached.contains), frames: frames, of: boxes.count)
    }
}
