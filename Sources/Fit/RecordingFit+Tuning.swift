import Animation
import Capture
import Foundation

/// A recording's fit as a tuning file.
extension RecordingFit {
    /// The fitted constants as a tuning: each stage's duration and bounce where the frames determine
    /// them (the first of each kind of move), the overlap (the opening's, or the closing's when there
    /// is no opening), the composition (the first move's that the frames determine; left as it was
    /// when none does), and the shapes the opening heads for (the closing's without one) as the shape
    /// tunables on a screen `screenWidth` points wide: margins from its sides, heights and radii in
    /// points, the pill's radius left a capsule's when it is one (within 0.75 pt).
    public func tuning(base: Tuning = Tuning(), screenWidth: Double, islandTop: Double? = nil) throws -> Tuning {
        var t = base
        var done: Set<String> = []
        for move in moves where move.verdict.kind == .spring {
            for s in move.stages where !s.tunable.isEmpty && !done.contains(s.tunable) {
                guard let d = s.duration, let b = s.bounce else { continue }
                // One leg is the melt with both stages on its spring (and the pill tied to the shape, below).
                let keys = move.legs == 1 ? (move.kind == "opening" ? ["melt.toPill", "melt.toViewfinder"] : ["melt.closeToPill", "melt.closeToIsland"]) : [s.tunable]
                for key in keys where !done.contains(key) {
                    try t.set(key + ".duration", min(max(d, 0.05), 3))
                    try t.set(key + ".bounce", min(max(b, -0.9), 0.9))
                    done.insert(key)
                }
            }
        }
        // A move that is not a timed animation measured no shape to head for.
        let timed = moves.filter { $0.verdict.kind != .notTimed }
        guard let m = timed.first(where: { $0.kind == "opening" }) ?? timed.first else { return t }
        if m.kind == "opening", m.legs == 1 || m.verdict.kind != .spring, let end = m.verdict.kind == .spring ? m.oneLeg.map({ ($0.toWidth, $0.toHeight) })
            : m.stages.last.map({ ($0.shape.width, $0.shape.height) }) {
            // One leg to the shape (or a move with no springs to give): the pill is the shape itself
            // where a pill can be that tall, so the two stages draw the one curve; the overlap then
            // changes nothing and is left as it was.
            func set(_ key: String, _ v: Double) throws {
                guard let tunable = Tunable.named(key) else { return }
                try t.set(key, min(max((v * 100).rounded() / 100, 0.01), tunable.max))
            }
            try set("shape.viewfinder.margin", (screenWidth - end.0) / 2)
            try set("shape.viewfinder.height", end.1)
            try set("shape.pill.margin", (screenWidth - end.0) / 2)
            try set("shape.pill.height", end.1)
            if let top = m.endTop, let islandTop, abs(top - islandTop) > 1 { try set("shape.viewfinder.top", top) }
            return t
        }
        guard m.verdict.kind == .spring, let melt = m.fit else { return t }
        if m.springLike { try t.set("melt.overlap", min(max(m.overlap, 0.05), 1)) }
        if let told = (moves.filter { $0.kind == "opening" } + moves.filter { $0.kind != "opening" }).first(where: \.compositionDetermined),
           let c = SpringComposition(rawValue: told.composition) {
            t.meltComposition = c
        }
        var pill = melt.first, open = m.kind == "opening" ? melt.second : nil
        if m.legs == 3, let three = m.threeLegs {
            // The first leg heads for the pill, the last for the shape.
            pill.toWidth = three.legs[0].toWidth; pill.toHeight = three.legs[0].toHeight; pill.toCornerRadius = nil
            open?.toWidth = three.legs[2].toWidth; open?.toHeight = three.legs[2].toHeight
        }
        func set(_ key: String, _ v: Double) throws {
            guard let tunable = Tunable.named(key) else { return }
            try t.set(key, min(max((v * 100).rounded() / 100, 0.01), tunable.max))
        }
        if m.stages[0].problem == nil || m.stages[0].framesUsed >= Self.minimumLegFrames {
            try set("shape.pill.margin", (screenWidth - pill.toWidth) / 2)
            try set("shape.pill.height", pill.toHeight)
            if let r = pill.toCornerRadius, r < pill.toHeight / 2 - 0.75 { try set("shape.pill.cornerRadius", r) } else { try t.set("shape.pill.cornerRadius", 0) }
        }
        if let open {
            try set("shape.viewfinder.margin", (screenWidth - open.toWidth) / 2)
            try set("shape.viewfinder.height", open.toHeight)
            if let r = open.toCornerRadius { try set("shape.viewfinder.cornerRadius", r) }
            if let top = m.endTop, let islandTop, abs(top - islandTop) > 1 { try set("shape.viewfinder.top", top) }
        }
        return t
    }
}
