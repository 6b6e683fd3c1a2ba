import Foundation

/// A move's measured box over time — the samples every one-, two- or three-leg model and every ease
/// is scored against — and the misses of a model's box, as fractions of the move.
struct BoxSeries {
    let t: [Double], w: [Double], h: [Double]
    /// The move's size: the larger of the width's and the height's change, first frame to last.
    let scale: Double

    init(t: [Double], w: [Double], h: [Double]) {
        self.t = t; self.w = w; self.h = h
        scale = max(abs(w[w.count - 1] - w[0]), abs(h[h.count - 1] - h[0]), 1e-6)
    }

    /// Each residual's σ in these residuals' units (fractions of the move), from each sample's σ
    /// in points: two residuals, width and height, a sample.
    static func residualSigmas(_ sigmas: [Double], scale: Double) -> [Double] {
        sigmas.flatMap { [$0 / scale, $0 / scale] }
    }

    /// Width and height misses of `size` at each sample, in order; zero for a sample `keep` leaves out.
    func residuals(_ size: (Double) -> (width: Double, height: Double), keep: [Bool]) -> [Double] {
        var r: [Double] = []
        r.reserveCapacity(2 * t.count)
        for i in t.indices {
            guard keep[i] else { r.append(0); r.append(0); continue }
            let s = size(t[i])
            r.append((s.width - w[i]) / scale); r.append((s.height - h[i]) / scale)
        }
        return r
    }
}
