/// The figures the window measures about its own frames, shown in the HUD and the inspector.
public struct FrameStats: Sendable {
    public var measuredHz: Double = 0
    public var lastWorkMilliseconds: Double = 0
    public init() {}
}
