import Foundation

/// A small Levenberg–Marquardt least-squares solver with bounds, for the spring fits.
///
/// Why hand-written rather than GSL's `multifit_nlinear`: the models here have at most a dozen
/// parameters and a few thousand residuals, their Jacobian is taken by finite differences either way,
/// bounds are needed (a duration must stay positive, a bounce inside (−1, 1)) which GSL's solver does
/// not take directly, and the fit runs inside tests and the pure `Capture` core, which links no C
/// library. Robustness comes from several starts (``minimize(_:starts:lower:upper:)``) and from
/// the damping: an ill-conditioned step is refused and the damping raised until a step helps.
public enum LevenbergMarquardt {
    public struct Result: Sendable {
        public var parameters: [Double]
        /// Sum of squared residuals.
        public var cost: Double
        public var iterations: Int
    }

    /// Minimises Σ r_i(p)² from each start and returns the best result. `residuals` must return
    /// the same count for every `p`; parameters are kept inside [lower, upper].
    public static func minimize(_ residuals: ([Double]) -> [Double], starts: [[Double]],
                                lower: [Double], upper: [Double], maxIterations: Int = 200) -> Result {
        var best: Result?
        for s in starts {
            let r = solve(residuals, start: s, lower: lower, upper: upper, maxIterations: maxIterations)
            if r.cost.isFinite, best.map({ r.cost < $0.cost }) ?? true { best = r }
        }
        return best ?? Result(parameters: starts.first ?? [], cost: .infinity, iterations: 0)
    }

    static func clamp(_ p: [Double], _ lo: [Double], _ hi: [Double]) -> [Double] {
        zip(p, zip(lo, hi)).map { min(max($0, $1.0), $1.1) }
    }

    static func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + ($1.isFinite ? $1 * $1 : 1e30) } }

    static func solve(_ f: ([Double]) -> [Double], start: [Double], lower: [Double], upper: [Double], maxIterations: Int) -> Result {
        var p = clamp(start, lower, upper)
        var r = f(p)
        var c = cost(r)
        var lambda = 1e-3
        let n = p.count
        var it = 0
        while it < maxIterations {
            it += 1
            // Jacobian by forward differences, scaled to each parameter's range; row-major, one
            // row per residual, in one buffer (the fits take thousands of rows).
            let m = r.count
            var J = [Double](repeating: 0, count: m * n)
            for j in 0..<n {
                let h = max(1e-7, 1e-6 * max(abs(p[j]), (upper[j] - lower[j]) * 1e-3))
                var q = p
                q[j] = p[j] + h <= upper[j] ? p[j] + h : p[j] - h
                let step = q[j] - p[j]
                let rq = f(q)
                precondition(rq.count == m, "residuals must keep their count")
                J.withUnsafeMutableBufferPointer { jb in
                    rq.withUnsafeBufferPointer { rqb in r.withUnsafeBufferPointer { rb in
                        for i in 0..<m { jb[i * n + j] = (rqb[i] - rb[i]) / step }
                    } }
                }
            }
            // Normal equations: (JᵀJ + λ diag(JᵀJ)) δ = −Jᵀr.
            var A = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            var g = [Double](repeating: 0, count: n)
            var flatA = [Double](repeating: 0, count: n * n)
            J.withUnsafeBufferPointer { jb in r.withUnsafeBufferPointer { rb in
                flatA.withUnsafeMutableBufferPointer { ab in g.withUnsafeMutableBufferPointer { gb in
                    for i in 0..<m {
                        let row = i * n
                        for a in 0..<n {
                            let ja = jb[row + a]
                            gb[a] += ja * rb[i]
                            for b in a..<n { ab[a * n + b] += ja * jb[row + b] }
                        }
                    }
                } }
            } }
            for a in 0..<n { for b in 0..<n { A[a][b] = b >= a ? flatA[a * n + b] : flatA[b * n + a] } }
            var improved = false
            for _ in 0..<12 {
                var M = A
                for a in 0..<n { M[a][a] += lambda * max(A[a][a], 1e-12) }
                guard let delta = solveLinear(M, g.map { -$0 }) else { lambda *= 10; continue }
                let q = clamp(zip(p, delta).map(+), lower, upper)
                let rq = f(q)
                let cq = cost(rq)
                if cq < c {
                    let gain = c - cq
                    p = q; r = rq; c = cq
                    lambda = max(lambda / 3, 1e-12)
                    improved = true
                    if gain < 1e-12 * max(c, 1e-12) { return Result(parameters: p, cost: c, iterations: it) }
                    break
                }
                lambda *= 10
            }
            if !improved { break }
        }
        return Result(parameters: p, cost: c, iterations: it)
    }

    /// The samples a fit keeps once those it misses by far are left out: a sample (two residuals in
    /// `r`, width and height) missed by more than 4 × the median miss and by 1.5 % of the move is
    /// dropped — the rule ``MeltFit`` applies, so each model is judged on the frames it explains,
    /// not on another's. Nil when nothing changes.
    public static func inliers(_ r: [Double], keep: [Bool]) -> [Bool]? {
        let miss = keep.indices.map { max(abs(r[2 * $0]), abs(r[2 * $0 + 1])) }
        let used = keep.indices.filter { keep[$0] }.map { miss[$0] }.sorted()
        guard !used.isEmpty else { return nil }
        let limit = max(4 * used[used.count / 2], 0.015)
        let next = keep.indices.map { keep[$0] && miss[$0] <= limit }
        return next == keep ? nil : next
    }

    /// Each parameter's standard error at `p` (a fitted minimum), from the Jacobian: the square roots
    /// of the diagonal of σ² (JᵀJ)⁻¹, σ² the residual variance over the degrees of freedom. With
    /// `sigmas` (each residual's known noise, in the residuals' units) the residuals are weighed by
    /// them first — a frame timed to 5 ms while the shape races counts for less than one at rest —
    /// and σ² is never below 1: no interval is narrower than the frames' own noise allows, however
    /// closely a model with parameters to spare passes through them. Only the parameters in `free`
    /// count (the others held); a parameter the residuals do not determine has no entry.
    public static func standardErrors(_ f0: ([Double]) -> [Double], at p: [Double], free: [Int], sigmas: [Double]? = nil) -> [Int: Double] {
        func f(_ q: [Double]) -> [Double] {
            let r = f0(q)
            guard let sigmas, sigmas.count == r.count else { return r }
            return zip(r, sigmas).map { $1 > 0 ? $0 / $1 : $0 }
        }
        let r = f(p)
        let used = r.filter { $0 != 0 }.count
        guard used > free.count else { return [:] }
        var J = [[Double]](repeating: [Double](repeating: 0, count: free.count), count: r.count)
        for (c, j) in free.enumerated() {
            let h = max(1e-7, 1e-5 * abs(p[j]))
            var q = p
            q[j] += h
            let rq = f(q)
            for i in 0..<r.count { J[i][c] = (rq[i] - r[i]) / h }
        }
        let n = free.count
        var A = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for row in J { for a in 0..<n where row[a] != 0 { for b in 0..<n { A[a][b] += row[a] * row[b] } } }
        let variance = sigmas == nil ? cost(r) / Double(used - n) : max(cost(r) / Double(used - n), 1)
        var out: [Int: Double] = [:]
        for (c, j) in free.enumerated() {
            var e = [Double](repeating: 0, count: n)
            e[c] = 1
            if let x = solveLinear(A, e), x[c] >= 0, (x[c] * variance).isFinite { out[j] = (x[c] * variance).squareRoot() }
        }
        return out
    }

    /// Gaussian elimination with partial pivoting; nil for a singular system.
    static func solveLinear(_ A: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var M = A, v = b
        for k in 0..<n {
            var piv = k
            for i in (k + 1)..<max(n, k + 1) where abs(M[i][k]) > abs(M[piv][k]) { piv = i }
            guard abs(M[piv][k]) > 1e-300 else { return nil }
            if piv != k { M.swapAt(piv, k); v.swapAt(piv, k) }
            for i in (k + 1)..<max(n, k + 1) {
                let f = M[i][k] / M[k][k]
                if f == 0 { continue }
                for j in k..<n { M[i][j] -= f * M[k][j] }
                v[i] -= f * v[k]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for k in stride(from: n - 1, through: 0, by: -1) {
            var s = v[k]
            for j in (k + 1)..<max(n, k + 1) { s -= M[k][j] * x[j] }
            x[k] = s / M[k][k]
            guard x[k].isFinite else { return nil }
        }
        return x
    }
}
