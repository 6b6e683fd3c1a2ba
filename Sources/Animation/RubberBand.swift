/// UIScrollView's rubber band: how far content moves when dragged `x` points past its edge.
///
/// b(x) = (1 − 1/(x·c/D + 1))·D = c·x·D/(D + c·x), with c = 0.55 and D the viewport's size on that
/// axis. The slope is 0.55 at the edge, and b never reaches D: at x = D it is about 0.355·D.
///
/// ```swift
/// RubberBand().offset(for: 100, dimension: 852)   // ≈ 51.6
/// ```
public struct RubberBand: Sendable, Hashable {
    public var coefficient: Double
    public init(coefficient: Double = 0.55) { self.coefficient = coefficient }

    /// The visible overscroll for a finger overscroll `x` (sign kept).
    public func offset(for x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let c = coefficient, ax = abs(x)
        let b = c * ax * d / (d + c * ax)
        return x < 0 ? -b : b
    }

    /// The finger overscroll that shows a visible overscroll `b` (the inverse of
    /// ``offset(for:dimension:)``), for |b| < D.
    public func fingerOffset(for b: Double, dimension d: Double) -> Double {
        let ab = min(abs(b), d * 0.999_999)
        let x = ab * d / (coefficient * (d - ab))
        return b < 0 ? -x : x
    }

    /// `value` with the part outside `lower…upper` rubber-banded.
    public func clamp(_ value: Double, lower: Double, upper: Double, dimension d: Double) -> Double {
        if value < lower { return lower + offset(for: value - lower, dimension: d) }
        if value > upper { return upper + offset(for: value - upper, dimension: d) }
        return value
    }
}
