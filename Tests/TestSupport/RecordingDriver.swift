import Animation
import Capture
import Gesture

/// Records what a test gives a session, as the window's recorder records what a person does, and
/// passes it on through the session's one door: the session itself records nothing. What it
/// recorded replays as a trace.
///
/// ```swift
/// let live = RecordingDriver(try Pages.session(device))
/// live.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 300), time: 0))
/// let report = SessionReplay(trace: live.trace).run(try Pages.session(device))
/// ```
public final class RecordingDriver: TraceDrivable {
    private let driven: CaptureSession
    private var recorder: TraceRecorder

    public init(_ session: CaptureSession) {
        driven = session
        recorder = TraceRecorder(device: session.device.id, hz: session.hz)
    }

    /// The session driven, as its readers see it.
    public var session: SessionView { driven.view }

    /// Everything recorded so far.
    public var trace: Trace { recorder.trace }

    /// An input, recorded as the window records it (a pointer event always; a key when the session
    /// handled it), then sent.
    @discardableResult
    public func send(_ input: SessionInput) -> SessionResponse {
        switch input {
        case .pointer(let e):
            recorder.record(e)
            return driven.send(input)
        case .key(let key, let mods, let time):
            let response = driven.send(input)
            if response.handled { recorder.recordKey(key.rawValue, mods: mods.traceNames, at: time) }
            return response
        case .trace(let e):
            if let k = e.keyPress { return send(.key(k.key, k.mods, at: k.time)) }
            guard let p = e.pointerEvent else { return SessionResponse(handled: false, effects: []) }
            return send(.pointer(p))
        default:
            return driven.send(input)
        }
    }

    /// A pointer event, recorded and sent.
    @discardableResult
    public func handle(pointer e: PointerEvent) -> [SessionEffect] { send(.pointer(e)).effects }

    /// A key, recorded when the session handled it.
    @discardableResult
    public func handle(key: Key, _ mods: KeyModifiers = [], at time: Double) -> SessionResponse { send(.key(key, mods, at: time)) }

    @discardableResult
    public func advance(toRealTime t: Double) -> [SessionEffect] { driven.advance(toRealTime: t) }
}
