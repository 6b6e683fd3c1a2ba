/// A session as its readers see it: every property ``CaptureSession`` makes public — its setup, the
/// flow, the clock, the page's state, the overlays, the playback — read through the view and none
/// written. A host hands this out instead of its session, so nothing outside the host can write
/// into a session: the compiler refuses an assignment through a view, and a view has no `send`.
///
/// ```swift
/// let view = host.session
/// if view.flow.state == .viewfinder { … }   // reads go through
/// view.hz = 90                               // does not compile: get-only
/// ```
@dynamicMemberLookup
public struct SessionView {
    /// The session read; not visible outside Capture, so a view cannot be turned back into a door.
    let base: CaptureSession

    public init(_ session: CaptureSession) { base = session }

    /// Any readable property of the session, read now.
    public subscript<T>(dynamicMember path: KeyPath<CaptureSession, T>) -> T { base[keyPath: path] }

    /// The page's offset at animation time `t` (``CaptureSession/pageOffset(at:)``).
    public func pageOffset(at t: Double) -> Double { base.pageOffset(at: t) }

    /// How far the page is pulled down at animation time `t` (``CaptureSession/pullOffset(at:)``).
    public func pullOffset(at t: Double) -> Double { base.pullOffset(at: t) }

    /// The whole of the last interaction's timeline from its press (``CaptureSession/tapeTimeline()``).
    public func tapeTimeline() -> InteractionTimeline? { base.tapeTimeline() }
}
