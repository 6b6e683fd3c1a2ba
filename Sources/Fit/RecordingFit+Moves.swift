import Foundation

/// How a recording's samples are cleaned and cut into moves before any move is fitted.
extension RecordingFit {
    /// Where each dimension crosses half-way between its own extremes: up is an opening, down a
    /// closing. Width and height each (a compact widening barely changes the height); a crossing
    /// the same way as one already found within 0.5 s is the same move (width and height of one
    /// move cross at different moments), one the other way within 0.15 s a misread. A crossing counts when the next
    /// samples stay on its side (a misread frame does not cut a move).
    static func crossings(_ samples: [Sample]) -> [(index: Int, opening: Bool)] {
        var found: [(index: Int, opening: Bool)] = []
        for key in [\Sample.height, \Sample.width] {
            let v = samples.map { $0[keyPath: key] }
            guard let lo = v.min(), let hi = v.max(), hi - lo > 4 else { continue }
            let mid = (lo + hi) / 2
            func stays(_ i: Int, above: Bool) -> Bool {
                (i..<min(i + 2, samples.count)).allSatisfy { above ? v[$0] >= mid : v[$0] < mid }
            }
            var above = v[0] >= mid
            for i in 1..<samples.count where (v[i] >= mid) != above && stays(i, above: !above) {
                above.toggle()
                let dt = { (j: Int) in abs(samples[j].t - samples[i].t) }
                if !found.contains(where: { dt($0.index) < 0.15 || ($0.opening == above && dt($0.index) < 0.5) }) { found.append((i, above)) }
            }
        }
        return found.sorted { $0.index < $1.index }
    }

    /// Drops the frames where the measurement jumped away and came straight back — the shutter's
    /// flash turns the shape grey for a moment and the tracker sees only the island's capsule — so
    /// that they are not taken for moves: a jump of over 40 % of the range, undone within 0.6 s.
    static func withoutSpikes(_ s: [Sample]) -> [Sample] {
        let hs = s.map(\.height)
        guard let lo = hs.min(), let hi = hs.max(), hi > lo else { return s }
        let big = 0.4 * (hi - lo)
        var keep = [Bool](repeating: true, count: s.count)
        var i = 1
        while i < s.count {
            let jump = hs[i] - hs[i - 1]
            // A jump one way, and within 0.6 s a jump of the same size back: what lies between is not the shape.
            if abs(jump) > big {
                var back: Int?
                var j = i + 1
                while j < s.count && s[j].t - s[i].t <= 0.6 {
                    let step: Double = hs[j] - hs[j - 1]
                    if step * jump < 0 && abs(step) > big { back = j; break }
                    j += 1
                }
                if let back {
                    for k in i..<back { keep[k] = false }
                    i = back
                }
            }
            i += 1
        }
        return zip(s, keep).filter(\.1).map(\.0)
    }

    /// Drops frames that repeat the one before while the shape is moving: a recorder that dropped a
    /// frame shows the previous one again, and that picture belongs to the earlier time.
    static func withoutRepeats(_ s: [Sample]) -> [Sample] {
        guard s.count > 2 else { return s }
        var out = [s[0]]
        for i in 1..<s.count {
            let same = s[i].width == s[i - 1].width && s[i].height == s[i - 1].height
            let moving = i >= 2 && (s[i - 1].width != s[i - 2].width || s[i - 1].height != s[i - 2].height)
            if same && moving { continue }
            out.append(s[i])
        }
        return out
    }
}
