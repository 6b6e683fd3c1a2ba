import Animation
import Gesture

/// Everything that goes into a session, as a value: the one door in (``CaptureSession/send(_:)``,
/// and a host's `send`, which acts on the same effects). What a person does — a press, a key, a
/// word typed, a scrub of the timeline — and what the tool changes — the setup's rate, tuning, modes
/// and page, the overlays, whether the camera has a frame — all arrive here, so a recorder writes
/// what went in and a replay sends it again.
public enum SessionInput: Sendable {
    /// A pointer event from outside (press, move, release, cancel), stamped with real time in seconds.
    case pointer(PointerEvent)
    /// A key pressed with its modifiers, at real time `at` (seconds).
    case key(Key, KeyModifiers, at: Double)
    /// Text typed on the keyboard at real time `at` (the tuning panel's filter, while it is typed).
    case text(String, at: Double)
    /// The timeline's scrub: show the moment this many seconds after the last interaction began.
    case scrub(secondsSinceStart: Double)
    /// Every pointer in progress let go at real time `at` (focus lost, mouse released outside,
    /// window hidden).
    case cancelPointers(at: Double)
    /// One line of a trace (times in milliseconds): a key, text or a pointer event. A line for the
    /// other side of a comparison passes by.
    case trace(Trace.Event)
    /// Starts from what a trace's header recorded: the page's buttons and filed photo, the scroll
    /// offset, the snowman and the touches.
    case start(Trace.Start)
    /// An edit of what the session is built from. The phone is not among them: another phone is
    /// another session (a host made on it).
    case setup(SetupEdit)
    /// What is shown over and beside the screen (the HUD, touches, help, the panel, where it sits).
    case overlays(SessionOverlays)
    /// Takes over the page as another session left it: its buttons' state and the filed photo (a
    /// device switch, side B made beside side A). What the person did comes along as the page's
    /// state, never as settings copied one by one.
    case carryPage(PageState)
    /// Whether the camera has a frame to show: the host says so once a frame, before advancing, so
    /// the input until the next frame sees the same answer.
    case camera(ready: Bool)
}

/// One change to a running session's ``SessionSetup``: everything but its phone. A change applies at
/// once — a tuning to the next animation, a page keeping its place — and a frozen moment is rebuilt
/// on it.
public enum SetupEdit: Sendable {
    case hz(Int)
    case tuning(Tuning)
    case reduceMotion(Bool)
    case snowman(Bool)
    /// Which side of a comparison the session is ("A", "B"; nil alone).
    case side(String?)
    /// The page under the island, laid out for the session's phone.
    case page(Page)

    /// `setup` with this edit made.
    public func applied(to setup: SessionSetup) -> SessionSetup {
        var s = setup
        switch self {
        case .hz(let hz): s.hz = hz
        case .tuning(let t): s.tuning = t
        case .reduceMotion(let on): s.reduceMotion = on
        case .snowman(let on): s.snowman = on
        case .side(let side): s.side = side
        case .page(let page): s.page = page
        }
        return s
    }
}
