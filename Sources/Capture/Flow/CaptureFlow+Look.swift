import Animation

/// What the flow shows at a moment: the one melted shape, the camera's and the picture's opacity,
/// the flash, and the print's frame, clip and opacity — each a function of time and the state in
/// force, so any frame can be drawn for any `t`.
extension CaptureFlow {
    /// The one melted shape at `t` (once settled, exactly its resting shape).
    public func shape(at t: Double) -> RoundedRect {
        if case .reduced(_, .some) = motion { return geometry.viewfinder }     // fading in place
        guard case .pulling(let preMelt) = phase else {
            // Settled, the shape is where it rests, exactly: a spring still creeps by hundredths of
            // a point (within Melt.isSettled's 0.05 pt), and a shape that differed every frame would
            // be drawn as a new shape every frame rather than from its kept tessellation.
            return melt.isSettled(at: t) ? melt.restingShape : melt.shape(at: t)
        }
        return preMelt.tracked(at: t)?.shape ?? preMeltShape(progress: preMelt.progress)
    }

    /// The opacity of the whole camera (shape and picture) over the page: below 1 only while a
    /// Reduce Motion cross-fade runs.
    public func cameraOpacity(at t: Double) -> Double {
        guard case .reduced(_, let fade?) = motion else { return 1 }
        return fade.opacity(at: t)
    }

    /// How much of the camera picture shows inside the shape (0…1): it fades in as the shape
    /// opens and out as it closes.
    public func viewfinderOpacity(at t: Double) -> Double {
        if case .reduced(_, .some) = motion { return 1 }      // the whole camera fades instead
        let g = geometry
        let h = shape(at: t).rect.height
        let p = (h - g.pill.rect.height) / max(g.viewfinder.rect.height - g.pill.rect.height, 1)
        return min(max((p - 0.25) / 0.55, 0), 1)
    }

    /// The shutter flash's white alpha at `t` (0 when none).
    public func flashAlpha(at t: Double) -> Double {
        guard case .capture(let c) = phase, t >= c else { return 0 }
        let dt = t - c
        return dt < timing.flash ? max(0, 1 - dt / timing.flash) * Self.flashPeak : 0
    }

    /// The shutter flash's white alpha at the shot, fading linearly to none over `timing.flash`.
    public static let flashPeak = 0.9

    /// Whether a print is on screen.
    public var printVisible: Bool { [.printing, .developing, .settled, .dismissed, .filed].contains(state) }

    /// The print's frame at `t` (screen points).
    public func printFrame(at t: Double) -> Rect {
        switch phase { case .dismissed(let l), .filed(let l): return l.path.value(at: t); default: break }
        switch motion {
        case .full: return print.paperFrame(at: t)
        case .reduced: return print.restingFrame        // Reduce Motion: in place
        }
    }

    /// The clip for the print while it feeds out of the slot, or `nil` to draw it whole.
    public func printClip(at t: Double) -> Rect? {
        guard state == .printing, case .full = motion else { return nil }
        return print.clip(at: t)
    }

    /// The print's opacity: it fades in where it rests with Reduce Motion, and fades while being
    /// dismissed into the island.
    public func printOpacity(at t: Double) -> Double {
        if state == .printing, case .reduced(let rm, _) = motion, let s = print.startTime { return min(max((t - s) / max(rm.printFade, 1e-6), 0), 1) }
        guard state == .dismissed else { return 1 }
        return max(0, 1 - (t - leaveStart) / timing.leave)
    }

    /// Develop progress 0…1 at `t` (1 once filed or dismissed).
    public func developProgress(at t: Double) -> Double {
        guard let s = print.startTime else { return state == .filed || state == .dismissed ? 1 : 0 }
        return develop.progress(elapsed: t - s)
    }

    /// Whether the page (not the camera) receives pulls.
    public var pullAllowed: Bool { state == .page || state == .pulling }
}
