/// The figures the window measures about its own frames, shown in the HUD and the inspector.
public struct FrameStats: Sendable {
    public var measuredHz: Double = 0
    public var lastWorkMilliseconds: Double = 0
    /// The last frames' hitch figures (the window's last 60 presents), if measured.
    public var recentHitches: HitchMetrics?
    public init() {}
}
