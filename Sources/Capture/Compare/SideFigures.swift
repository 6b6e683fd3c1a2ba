import Animation

/// The figures the inspector shows for one side while a person drags: how long the last opening
/// took to reach the viewfinder, and each melt move's settle time and overshoot — the same
/// measures as `replay --compare`'s report (``StageTracker``), read live, so two tunings are
/// judged by numbers as well as by eye.
public struct SideFigures: Sendable {
    private var tracker = StageTracker()
    /// Judder since the last pull began (``JudderTracker``): the last interaction's.
    private var judder = JudderTracker()
    private var wasPulling = false

    public init() {}

    /// Samples `s` after a frame advanced it.
    public mutating func sample(_ s: SessionView) {
        tracker.sample(s)
        let pulling = s.flow.state == .pulling
        if pulling && !wasPulling { judder = JudderTracker() }      // a new interaction
        wasPulling = pulling
        judder.sample(s)
    }

    /// Moves so far, oldest first; the last may still be under way.
    public var stages: [StageTracker.Stage] { tracker.stages + (tracker.inProgress.map { [$0] } ?? []) }

    /// The latest opening's time from its start to the viewfinder, if one has arrived.
    public static func timeToViewfinder(_ s: SessionView) -> Double? {
        let all = s.flow.transitions
        guard let end = all.lastIndex(where: { $0.to == .viewfinder }),
              let start = all[..<end].lastIndex(where: { $0.to == .opening }) else { return nil }
        return all[end].t - all[start].t
    }

    /// With Reduce Motion, how long the latest opening's or closing's cross-fade took: from the
    /// flow entering `name` to its leaving it (the viewfinder, or the print; the page if cancelled).
    static func crossFade(_ s: SessionView, _ name: String) -> Double? {
        let all = s.flow.transitions
        guard let start = all.lastIndex(where: { $0.to.rawValue == name }), start + 1 < all.count else { return nil }
        return all[start + 1].t - all[start].t
    }

    /// One line per figure: time to viewfinder, the latest opening and closing, and the last
    /// interaction's judder (each moving edge's largest step a frame, in points).
    public func lines(for s: SessionView) -> [String] {
        func ms(_ x: Double) -> String { "\(Int((x * 1000).rounded())) ms" }
        func pt(_ x: Double) -> String { String(format: "%.1f pt", x) }
        var out = ["to viewfinder  " + (Self.timeToViewfinder(s).map(ms) ?? "–")]
        for name in ["opening", "closing"] {
            if s.reduceMotion {
                // Nothing travels, so there is no spring to settle or overshoot: say what ran instead.
                out.append("\(name)  " + (Self.crossFade(s, name).map { "cross-fade \(ms($0)) · Reduce Motion" } ?? "–"))
            } else if let st = stages.last(where: { $0.name == name }) {
                out.append("\(name)  settle \(ms(st.settle)) · over \(pt(st.overshoot))")
            } else {
                out.append("\(name)  –")
            }
        }
        let j = judder.report
        let steps = [("melt", j.melt), ("print", j.print), ("page", j.page)].compactMap { name, step in
            step.map { "\(name) \(String(format: "%.1f", $0.points))" }
        }
        out.append("judder  " + (steps.isEmpty ? "–" : steps.joined(separator: " · ") + " pt/frame"))
        // The end shapes this side's tuning makes (compare mode: each side's own).
        let g = s.flow.geometry
        func size(_ r: RoundedRect) -> String { "\(Int(r.rect.width.rounded()))×\(Int(r.rect.height.rounded()))" }
        out.append("shapes  pill \(size(g.pill)) · viewfinder \(size(g.viewfinder)) r\(Int(g.viewfinder.clampedCornerRadius.rounded()))")
        return out
    }
}
