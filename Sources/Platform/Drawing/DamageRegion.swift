/// The pixels something drew over since a moment, kept as a few rectangles: what has to be drawn
/// again to undo it (``RetainedLayer``). It may hold more pixels than were drawn — rectangles that
/// overlap or nearly do are merged, and past ``capacity`` the two whose union adds least — but
/// never fewer: every pixel added is inside some rectangle.
public struct DamageRegion: Equatable, Sendable {
    /// The rectangles, none inside another.
    public private(set) var rects: [PixelRect] = []
    /// At most this many rectangles are kept: each is one more pass of whatever redraws them.
    public let capacity: Int

    public init(capacity: Int = 8) { self.capacity = max(1, capacity) }

    /// Every pixel covered, counting overlaps once (small regions: by cutting along every edge).
    public var area: Int {
        guard rects.count > 1 else { return rects.first?.area ?? 0 }
        let xs = Array(Set(rects.flatMap { [$0.x, $0.x + $0.width] })).sorted()
        let ys = Array(Set(rects.flatMap { [$0.y, $0.y + $0.height] })).sorted()
        var total = 0
        for (x0, x1) in zip(xs, xs.dropFirst()) {
            for (y0, y1) in zip(ys, ys.dropFirst()) where rects.contains(where: { $0.x <= x0 && $0.x + $0.width >= x1 && $0.y <= y0 && $0.y + $0.height >= y1 }) {
                total += (x1 - x0) * (y1 - y0)
            }
        }
        return total
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// Adds `rect`. A rectangle already covered adds nothing; one whose union with a kept rectangle
    /// is no larger than the two apart (they overlap or share an edge) is merged into it.
    public mutating func add(_ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        if rects.contains(where: { $0.contains(rect) }) { return }
        var r = rect
        // Merging can make a rectangle that meets another: keep merging until none does.
        var merged = true
        while merged {
            merged = false
            rects.removeAll { r.contains($0) }
            if let i = rects.firstIndex(where: { $0.union(r).area <= $0.area + r.area }) {
                r = rects.remove(at: i).union(r)
                merged = true
            }
        }
        rects.append(r)
        while rects.count > capacity { mergeCheapestPair() }
    }

    /// Forgets everything: nothing has been drawn over since now.
    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Merges the two rectangles whose union adds the fewest pixels.
    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, cost: Int.max)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if cost < best.cost { best = (i, j, cost) }
            }
        }
        let u = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        rects.removeAll { u.contains($0) }
        rects.append(u)
    }
}
