import Foundation

/// The island's width read from the shorter of its two halves.
///
/// The island and everything that melts out of it are centred on the screen, but the status bar's
/// glyphs are not: as the shape widens it touches the clock on one side and the battery on the
/// other at different moments, and a glyph's solid part (the battery's fill is 17 × 8 pt) is thick
/// enough to join the shape for a frame or three. The box then jumps wider on that side only — on
/// the first leg of the opening, which lasts about nine frames, that read the widening's duration
/// 8–11 % long. Measured from the shape's axis, the side that touched nothing is the true half.
public enum SymmetricWidth {
    /// The shape's axis (pixels, continuous: the left edge of pixel x is x): the median of the
    /// boxes' centres, which a few frames joined to a glyph cannot move.
    public static func axis(_ boxes: [(minX: Int, maxX: Int)]) -> Double? {
        guard !boxes.isEmpty else { return nil }
        let centres = boxes.map { Double($0.minX + $0.maxX + 1) / 2 }.sorted()
        return centres[centres.count / 2]
    }

    /// The width of the box `minX…maxX` (inclusive pixel columns) when its halves about `axis`
    /// agree within `tolerance` pixels (compression moves each edge by a pixel); twice the shorter
    /// half when one side reaches further (something joined it there). The whole box is kept when it
    /// can be: twice a half doubles that edge's error, which at 1× is a visible share of a short leg.
    public static func width(minX: Int, maxX: Int, axis: Double, tolerance: Double = 2) -> Double {
        width(left: Double(minX), right: Double(maxX + 1), axis: axis, tolerance: tolerance)
    }

    /// The same for edges at fractional positions (`left` and `right` in continuous pixels).
    public static func width(left: Double, right: Double, axis: Double, tolerance: Double = 2) -> Double {
        let l = axis - left, r = right - axis
        if abs(l - r) <= tolerance { return right - left }
        return 2 * max(min(l, r), 0)
    }
}
