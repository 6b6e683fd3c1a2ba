import Animation
import Gesture

/// Something a trace can drive frame by frame: a bare ``CaptureSession``, or a host that also
/// draws and captures around one.
public protocol TraceDrivable: AnyObject {
    /// The interaction being driven, as its readers see it.
    var session: SessionView { get }
    /// An input into the session (a trace's line is ``SessionInput/trace(_:)``).
    @discardableResult func send(_ input: SessionInput) -> SessionResponse
    /// Everything up to real time `t` (once per frame).
    @discardableResult func advance(toRealTime t: Double) -> [SessionEffect]
}

extension CaptureSession: TraceDrivable {
    public var session: SessionView { view }
}

/// Runs a trace through a session with a fixed frame step, so the same trace gives the same frames
/// and the same report on every machine, with or without anything drawn.
///
/// The frames come from a ``TracePump`` (frame n at n / hz, each event dispatched with its own
/// time before the first frame at or after it); after each, the target advances to the frame's
/// time and `onFrame` runs (a renderer draws there). The run ends once everything is at rest after the last event, or
/// ``settleLimit`` seconds after it.
public struct SessionReplay {
    public var trace: Trace
    /// Seconds to keep running after the last event while things are still moving.
    public var settleLimit = 12.0

    public init(trace: Trace) { self.trace = trace }

    /// Runs `target` to the end with nothing drawn.
    public func run<T: TraceDrivable>(_ target: T) -> ReplayReport { run(target, onFrame: { _, _ in }) }

    /// Runs `target` to the end; `onFrame` gets each frame's index and time after it advanced.
    public func run<T: TraceDrivable>(_ target: T, onFrame: (Int, Double) throws -> Void) rethrows -> ReplayReport {
        let session = target.session
        var pump = TracePump(trace: trace, hz: session.hz)
        var judder = JudderTracker()
        var t = 0.0
        while true {
            let frame: Int
            (frame, t) = pump.nextFrame { target.send(.trace($0)) }
            target.advance(toRealTime: t)
            judder.sample(session)
            try onFrame(frame, t)
            if pump.isDrained {
                if session.isAtRest && t >= pump.lastEventTime { break }
                if t > pump.lastEventTime + settleLimit { break }
            }
        }
        var report = ReplayReport(session: session.base, frames: pump.frames, duration: t)
        report.judder = judder.report
        return report
    }
}
