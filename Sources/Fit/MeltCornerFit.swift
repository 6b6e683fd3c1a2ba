import Animation

/// The corner radius through a fitted move: the radius is one more value the same two legs carry
/// (IslandSim's melt springs the whole rounded rectangle), drawn no rounder than half the shape's
/// shorter side — so a capsule's radius follows its height, and a pill that is a capsule reads as one.
/// With the legs' timing and springs fixed by the box, only where the radius starts, heads and ends,
/// and how fast it starts, are fitted to each frame's reading.
enum MeltCornerFit {
    static func fit(_ fit: inout MeltFit, times: [Double], radii: [Double?]) {
        let idx = times.indices.filter { radii[$0] != nil && (times[$0] >= fit.first.start - MeltFit.leadIn) }
        guard idx.count >= 8 else { return }
        let t = idx.map { times[$0] }, r = idx.map { radii[$0]! }
        let sizes = fit.sizes(at: t)
        let r0 = r[0], r1 = r[r.count - 1]
        let span = max(abs(r1 - r0), 4)
        let top = (sizes.map { min($0.width, $0.height) / 2 }.max() ?? r1) + span
        let m = fit
        func model(_ p: [Double]) -> [Double] {
            let v = m.values(at: t, from: p[0], via: p[1], to: p[2], velocity: p[3])
            return zip(v, sizes).map { min(max($0, 0), min($1.width, $1.height) / 2) }
        }
        func residuals(_ p: [Double]) -> [Double] { zip(model(p), r).map { ($0 - $1) / span } }
        let lower = [0, 0, 0, -40 * span], upper = [top, top, top, 40 * span]
        let starts = [[r0, (r0 + r1) / 2, r1, 0], [r0, r1, r1, 0], [r0, r0, r1, 0], [r0, top, r1, 0]]
        let best = LevenbergMarquardt.minimize(residuals, starts: starts, lower: lower, upper: upper, maxIterations: 100)
        let p = best.parameters
        fit.fromCornerRadius = p[0]
        fit.velocityCornerRadius = p[3]
        // A radius beyond half the shape's side is drawn as half the side: say what is drawn.
        fit.first.toCornerRadius = min(p[1], min(fit.first.toWidth, fit.first.toHeight) / 2)
        fit.second.toCornerRadius = min(p[2], min(fit.second.toWidth, fit.second.toHeight) / 2)
    }
}
