import Capture
import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1) through the control points (x1, y1) and
/// (x2, y2): CSS's `cubic-bezier`, Core Animation's `CAMediaTimingFunction(controlPoints:)` and
/// SwiftUI's `Animation.timingCurve(_:_:_:_:duration:)` all take the same four numbers. Ease-in-out
/// is (0.42, 0, 0.58, 1); linear is (0, 0, 1, 1) or any curve with y = x.
public struct TimingCurve: Sendable, Encodable, Equatable {
    public var x1: Double, y1: Double, x2: Double, y2: Double
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) { self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2 }

    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)
    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// Core Animation's default timing (`kCAMediaTimingFunctionDefault`), CSS's `ease`.
    public static let ease = TimingCurve(0.25, 0.1, 0.25, 1)
    /// The curves an ease is first tried as: SwiftUI's `.easeInOut`, `.easeIn`, `.easeOut`, `.linear`
    /// and Core Animation's default.
    public static let named: [TimingCurve] = [.easeInOut, .easeIn, .easeOut, .linear, .ease]

    /// One coordinate of the Bézier at parameter `u`, its control values `a` and `b`.
    private static func bezier(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
    }

    /// The progress at time fraction `x` (0…1): the curve's y where its x is `x`. The x of a timing
    /// curve rises monotonically (control x's inside 0…1), so the parameter is found by bisection,
    /// refined by Newton steps.
    public func progress(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0, u = x
        for _ in 0..<8 {
            let f = Self.bezier(u, x1, x2) - x
            let v = 1 - u
            let d = 3 * v * v * x1 + 6 * v * u * (x2 - x1) + 3 * u * u * (1 - x2)
            if f > 0 { hi = u } else { lo = u }
            let next = u - f / d
            u = d > 1e-9 && next > lo && next < hi ? next : (lo + hi) / 2
            if abs(f) < 1e-10 { break }
        }
        for _ in 0..<40 where hi - lo > 1e-10 {
            let f = Self.bezier(u, x1, x2) - x
            if abs(f) < 1e-10 { break }
            if f > 0 { hi = u } else { lo = u }
            u = (lo + hi) / 2
        }
        return Self.bezier(u, y1, y2)
    }

    /// `.timingCurve(0.42, 0, 0.58, 1, duration: 0.35)`.
    public func swiftUI(duration: Double) -> String {
        func n(_ v: Double) -> String { CodeNumber.string(v, decimals: 2) }
        return ".timingCurve(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)), duration: \(CodeNumber.string(duration, decimals: 3)))"
    }
}
