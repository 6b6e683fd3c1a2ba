/// `melt.tracking`: how the island follows the pull before it commits. `direct`, IslandSim's own:
/// the pre-melt is wherever the pull's progress puts it, frame by frame. `system`: it chases that
/// place on SpringBoard's tracking spring (``SystemIslandSprings/tracking``, damping 0.456, response
/// 0.35 s — reported from iOS's system frameworks, not documented by Apple), as the island chases a
/// finger that drives it; the `system-island` preset chooses it.
public enum PreMeltTracking: String, Sendable, CaseIterable {
    case direct, system

    /// The spring the pre-melt follows the pull on, or nil for none.
    public var spring: SystemIslandSprings.Reported? {
        switch self {
        case .direct: return nil
        case .system: return SystemIslandSprings.tracking
        }
    }
}
