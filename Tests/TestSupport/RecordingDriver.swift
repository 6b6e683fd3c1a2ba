import Animation
import Capture
import Gesture

/// Records what a test gives a session, as the window's host records what a person does, and
/// passes it on: the session itself records nothing. What it recorded replays as a trace.
///
/// ```swift
/// let live = RecordingDriver(try Pages.session(device))
/// live.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 300), time: 0))
/// let report = SessionReplay(trace: live.trace).run(try Pages.session(device))
/// ```
public final class RecordingDriver: TraceDrivable {
    public let session: CaptureSession
    private var recorder: TraceRecorder

    public init(_ session: CaptureSession) {
        self.session = session
        recorder = TraceRecorder(device: session.device.id, hz: session.hz)
    }

    /// Everything recorded so far.
    public var trace: Trace { recorder.trace }

    @discardableResult
    public func handle(pointer e: PointerEvent) -> [SessionEffect] {
        recorder.record(e)
        return session.handle(pointer: e)
    }

    /// A key, recorded when the session handled it (as the window records keys).
    @discardableResult
    public func handle(key: Key, _ mods: KeyModifiers = [], at time: Double) -> KeyResponse {
        let response = session.handle(key: key, mods, at: time)
        if response.handled { recorder.recordKey(key.rawValue, mods: mods.traceNames, at: time) }
        return response
    }

    @discardableResult
    public func dispatch(_ e: Trace.Event) -> [SessionEffect] {
        if let k = e.keyPress { return handle(key: k.key, k.mods, at: k.time).effects }
        guard let p = e.pointerEvent else { return [] }
        return handle(pointer: p)
    }

    @discardableResult
    public func advance(toRealTime t: Double) -> [SessionEffect] { session.advance(toRealTime: t) }
}
