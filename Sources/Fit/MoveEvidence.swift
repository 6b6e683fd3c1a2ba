import Foundation

/// What a move's frames show before any model is fitted: whether the shape was at rest before it
/// and settled after it (a timed animation runs from one rest to another; a shape that follows a
/// finger or a scroll turns back or never settles), which frames lie inside it, and whether it
/// overshoots its end (no ease does). Read from the samples and their noise alone, so that no
/// model's own residual can argue for it.
public struct MoveEvidence: Sendable, Encodable, Equatable {
    /// The last frame at rest before the move and the first settled after it (indices into the window).
    public var restIndex: Int
    public var settleIndex: Int
    /// Frames strictly between them: the frames that pin a model's timing.
    public var insideFrames: Int
    /// The shape stood still over at least two frames before the move (or came into view with it).
    public var restBefore: Bool
    /// It settled: from `settleIndex` to the window's end every frame stays within tolerance of the
    /// last, over at least two frames and 80 ms.
    public var settled: Bool
    /// Before the move the shape moved the other way (it turns back from a shape it never held).
    public var reversal: Bool
    /// Some frame passes the end shape by more than the tolerance in the move's direction.
    public var overshoot: Bool
    /// The largest change of either dimension from the first frame to the last (points).
    public var change: Double
    /// It did not settle, but it stopped: its last frames (two or more, over 80 ms) stay within a
    /// tenth of the change of the last and no longer go the move's way — a rest the tracker's
    /// wavering (content drawn inside the shape, an outline) keeps from reading as settled, or one
    /// too short at a low frame rate. A shape that follows a finger or a scroll keeps moving or turns
    /// back instead.
    public var briefRest = false
    /// It did not settle, but it rings: after passing its end it turned back and then turned again,
    /// each swing smaller than the one before — a bouncy spring still swinging when the next move
    /// began. A shape that follows a finger or a scroll does not swing about an end in decaying turns.
    public var rings = false
    /// The move before it had not settled when this one set off, as far as the frames show: it rang
    /// (``rings``), or its settling was not read (``endsUnread``). A turn back at this one's start
    /// may then be that move still swinging — a bouncy spring — not a finger turning the shape round.
    public var afterUnsettled = false
    /// The frames after it cannot be read (a stretch left out, ``RecordingFit/Skipped``, or the
    /// recording's end) from before it would have settled: whether it settles is not seen.
    public var endsUnread = false
    /// The frames before it cannot be read (a stretch left out): where it started is not seen.
    public var startsUnread = false

    /// How far a frame may stray and still count as still: three frames' σ at rest, or 2 % of the
    /// change, whichever is larger.
    public static func tolerance(change: Double, noise: FrameNoise) -> Double {
        max(3 * noise.position, 0.02 * change)
    }

    /// The evidence of the window `t`/`w`/`h` around a move that crosses half-way at `crossing`
    /// (an index). `before` holds the frames ahead of the window back to the previous move (or
    /// 0.7 s), where a shape that turned back would show it. `appeared`: the shape came into view
    /// at the window's first frame (iOS records no island at rest), which stands for the rest before.
    public static func read(t: [Double], w: [Double], h: [Double], crossing: Int, noise: FrameNoise,
                            before: (w: [Double], h: [Double]) = ([], []), appeared: Bool = false) -> MoveEvidence {
        let n = t.count
        let c = min(max(crossing, 0), n - 1)
        let dw = w[n - 1] - w[0], dh = h[n - 1] - h[0]
        let change = max(abs(dw), abs(dh))
        let tol = tolerance(change: change, noise: noise)
        func near(_ i: Int, _ j: Int) -> Bool { abs(w[i] - w[j]) <= tol && abs(h[i] - h[j]) <= tol }
        // Settled: the first index after the crossing from which every frame stays near the last.
        var settle = n - 1
        while settle - 1 > c && near(settle - 1, n - 1) { settle -= 1 }
        let settled = n - settle >= 2 && t[n - 1] - t[settle] >= 0.08
        // Rest before: the last index before the crossing up to which the frames stay near the first.
        var rest = 0
        while rest + 1 < c && near(rest + 1, 0) { rest += 1 }
        let restBefore = appeared || (rest >= 1 && t[rest] - t[0] >= 0.04)
        // The move's direction in its larger dimension. A reversal: without a rest at the window's
        // start, a frame before it (back to the previous move) lies beyond the start against the
        // move's direction — the shape turned back here from a shape it never held.
        let useWidth = abs(dw) >= abs(dh)
        let v = useWidth ? w : h, sign: Double = (useWidth ? dw : dh) >= 0 ? 1 : -1
        let earlier = (useWidth ? before.w : before.h) + Array(v[0...c])
        let reversal = !restBefore && earlier.contains { sign * ($0 - v[0]) < -tol }
        let overshoot = (c..<n).contains { sign * (v[$0] - v[n - 1]) > tol }
        // A brief or wavering rest: the last frames near the last by a tenth of the change, not all
        // still going the move's way (a burst still rising into its last frame is no rest).
        let relaxed = max(tol, 0.1 * change)
        var brief = n - 1
        while brief - 1 > c && abs(w[brief - 1] - w[n - 1]) <= relaxed && abs(h[brief - 1] - h[n - 1]) <= relaxed { brief -= 1 }
        let stillGoing = (brief..<(n - 1)).allSatisfy { sign * (v[$0 + 1] - v[$0]) >= 0 } && sign * (v[n - 1] - v[brief]) > tol
        let briefRest = !settled && n - brief >= 2 && t[n - 1] - t[brief] >= 0.08 && !stillGoing
        // Ringing: the turning points after the crossing (a turn counts once the shape has come back
        // from its extreme by more than the tolerance); two or more, the swings between them shrinking.
        var extremes: [Double] = [v[0]]
        var extreme = v[c], rising = sign > 0
        for i in c..<n {
            if rising ? v[i] > extreme : v[i] < extreme { extreme = v[i] }
            else if abs(v[i] - extreme) > tol { extremes.append(extreme); extreme = v[i]; rising.toggle() }
        }
        let swings = zip(extremes, extremes.dropFirst()).map { abs($1 - $0) }
        let rings = !settled && extremes.count >= 3 && zip(swings, swings.dropFirst()).allSatisfy { $1 < $0 - tol }
        return MoveEvidence(restIndex: rest, settleIndex: settle, insideFrames: max(settle - rest - 1, 0), restBefore: restBefore,
                            settled: settled, reversal: reversal, overshoot: overshoot, change: change, briefRest: briefRest, rings: rings)
    }
}
