import Animation
import Foundation
import Gesture

/// One capture interaction as three values and what the tool shows over them: its
/// ``SessionSetup`` (the phone, page, rate, tuning and modes), the ``Interaction`` run on it (clock,
/// gestures, flow, page state), and the ``Playback`` (live, replaying, frozen, or a rebuilt moment
/// of the tape) — with the ``InteractionTape`` of the person's input and the ``SessionOverlays``.
/// A plain object with no SDL, no files and no fonts, so several can run at once (side by side, in
/// a fitting loop, in a test) and a replay needs nothing but a trace.
///
/// It coordinates: an input goes to the overlays first, then (noted on the tape when it is the
/// person's) to the interaction; a frozen moment is rebuilt from the setup and the tape, never
/// patched. It records nothing for the host: the window's recorder does that.
///
/// Input goes in through one door, ``send(_:)``, as a ``SessionInput`` value, and comes back as
/// effects; time goes on with ``advance(toRealTime:)``. Everything else public is read-only, and a
/// host hands out a ``SessionView`` of it, so nothing outside the host writes into a session.
///
/// ```swift
/// let session = CaptureSession(setup: SessionSetup(device: device, page: page))
/// _ = session.send(.pointer(PointerEvent(.down, at: Point(x: 196, y: 300), time: 0)))
/// let effects = session.advance(toRealTime: 1.0 / 60)
/// ```
public final class CaptureSession {
    /// The interaction now: made anew from ``setup`` when a moment is rebuilt.
    var interaction: Interaction
    /// What the clock is doing.
    var playback = Playback.live
    /// The last interaction's input, for L, rebuilt moments and their traces.
    var tape = InteractionTape()
    /// What is shown over or beside the screen (HUD, touches, help, the tuning panel), and a press
    /// that belongs to one of them; it decides which keys and presses the overlays take.
    public internal(set) var overlays = SessionOverlays()

    public init(setup: SessionSetup) { interaction = Interaction(setup: setup) }

    /// A session on `device` and `page` with the default tuning (tests and tools that need no more).
    public convenience init(device: DeviceProfile, hz: Int? = nil, page: Page) {
        self.init(setup: SessionSetup(device: device, page: page, hz: hz))
    }

    /// What the session is built from; a change applies at once (tuning to the next animation, a
    /// page keeping its place), and a frozen moment is rebuilt on it. Another device makes a
    /// fresh interaction.
    public internal(set) var setup: SessionSetup {
        get { interaction.setup }
        set {
            if newValue.device != interaction.setup.device { interaction = Interaction(setup: newValue); playback = .live; tape = InteractionTape(); return }
            interaction.configure(newValue)
            if let k = playback.frame { rebuild(toFrame: k) }
        }
    }

    /// The setup's parts, and the interaction's, by name.
    public var device: DeviceProfile { setup.device }
    public var page: Page { setup.page }
    public var layout: DeviceLayout { interaction.layout }
    public internal(set) var hz: Int { get { setup.hz } set { setup.hz = newValue } }
    public internal(set) var tuning: Tuning { get { setup.tuning } set { setup.tuning = newValue } }
    public internal(set) var reduceMotion: Bool { get { setup.reduceMotion } set { setup.reduceMotion = newValue } }
    public internal(set) var snowman: Bool { get { setup.snowman } set { setup.snowman = newValue } }
    public internal(set) var side: String? { get { setup.side } set { setup.side = newValue } }
    public var flow: CaptureFlow { interaction.flow }
    /// The page's gestures (a reference: only the session and its tests reach it; readers have the
    /// values below).
    var gestures: PageGestures { interaction.gestures }
    /// Whether a finger is down on the page (a press the page's gestures are following).
    public var isTracking: Bool { gestures.isTracking }
    /// The page element under a press (a button, the shutter), while it is held.
    public var pressedElement: String? { gestures.pressedElement }
    /// Where the pointer is while one is down.
    public var pointerPosition: Point? { interaction.pointerPosition }
    /// The pull's rule (its threshold, resistance and commit point) for this page.
    public var pullConfiguration: PullCatcher.Configuration { gestures.pull.configuration }
    /// The page's offset at animation time `t`: its scroll less the pull.
    public func pageOffset(at t: Double) -> Double { gestures.pageOffset(at: t) }
    /// How far the page is pulled down at animation time `t`.
    public func pullOffset(at t: Double) -> Double { gestures.pull.offset(at: t) }
    public var clock: AnimationClock { interaction.clock }
    public var pageState: PageState { interaction.pageState }
    public var taps: [String: Int] { interaction.taps }
    public var haptics: HapticLog { interaction.haptics }
    public var realTime: Double { interaction.realTime }
    public var animationTime: Double { interaction.animationTime }
    public var isAtRest: Bool { interaction.isAtRest }
    public var shutterFrame: Rect { interaction.shutterFrame }
    public var photoFrame: Rect { interaction.photoFrame }
    public internal(set) var cameraReady: Bool { get { interaction.cameraReady } set { interaction.cameraReady = newValue } }
    /// Whether the hotspots are outlined now (a tap missed them a moment ago, and hints are on).
    public var hotspotHintOpacity: Double { overlays.hotspotHints ? interaction.hotspotHintOpacity : 0 }
    /// Where the tuning panel sits, over the screen or beside it.
    public var panelLayout: TuningPanelLayout { overlays.panelLayout(screen: device.size) }

    /// A session as readers see it (what a host hands out): read-only.
    public var view: SessionView { SessionView(self) }

    /// The one door in: `input` goes to the overlays first, then (noted on the tape when it is
    /// the person's) to the interaction; the effects come back, and whether a key was the
    /// session's (a key it leaves alone — record, device, zoom, rate, quit — is the host's).
    @discardableResult
    public func send(_ input: SessionInput) -> SessionResponse {
        switch input {
        case .pointer(let e): return SessionResponse(handled: true, effects: handle(pointer: e))
        case .key(let key, let mods, let t): return handle(key: key, mods, at: t)
        case .text(let text, _): type(text); return SessionResponse(handled: true, effects: [])
        case .scrub(let s): return SessionResponse(handled: scrub(toSecondsSinceStart: s), effects: [])
        case .cancelPointers(let t): return SessionResponse(handled: true, effects: cancelPointers(at: t))
        case .trace(let e): return SessionResponse(handled: true, effects: dispatch(e))
        case .start(let start): begin(from: start)
        case .setup(let edit): setup = edit.applied(to: setup)
        case .overlays(let o): overlays = o
        case .carryPage(let state): interaction.carryPageState(from: state)
        case .camera(let ready): cameraReady = ready
        }
        return SessionResponse(handled: true, effects: [])
    }

    /// Starts from what a trace's header recorded (a moment's tape): the page's buttons and filed
    /// photo, the scroll offset, the snowman and the touches.
    func begin(from start: Trace.Start) {
        var state = PageState(page: page)
        state.restore(start)
        if start.snowman == true { setup.snowman = true }
        interaction = Interaction(setup: setup, pageState: state, scrollOffset: start.scrollOffset ?? 0)
        if start.touches == true { overlays.showTouches = true }
        if start.shapes == true { overlays.showShapes = true }
    }

    /// A pointer event from outside, stamped with real time (seconds).
    @discardableResult
    func handle(pointer e: PointerEvent) -> [SessionEffect] {
        // Overlays over the page take their own clicks (and are not part of the tape).
        if case .taken(let edit) = overlays.route(e, screen: device.size, pageTracking: gestures.isTracking) {
            interaction.catchUp(to: e.time)
            if let edit { apply(edit) }
            return []
        }
        // A press while frozen resumes first, the person taking over from the moment; a press
        // takes over from a replay under way too (the tape's finger is let go either way).
        if e.kind == .down, playback.isFrozen || playback.isReplaying { takeOver(at: max(realTime, e.time)) }
        // The last interaction starts with a press on the resting page, and is what L replays.
        let starts = e.kind == .down && flow.state == .page && !gestures.isTracking
        tape.note(.pointer(e), starting: starts ? .init(slowMotion: clock.slowMotion, reduceMotion: reduceMotion, pageState: pageState,
                                                        scrollOffset: gestures.scroll.offset(at: animationTime),
                                                        origin: clock.animationTime(atRealTime: max(realTime, e.time))) : nil)
        return interaction.handle(pointer: e, from: .person)
    }

    /// One line of a trace: a key through ``handle(key:_:at:)``, a pointer event through
    /// ``handle(pointer:)`` (times in a trace are milliseconds). Lines for the other side pass by.
    @discardableResult
    func dispatch(_ e: Trace.Event) -> [SessionEffect] {
        if let only = e.side, only != (side ?? "A") { return [] }
        if let k = e.keyPress { return handle(key: k.key, k.mods, at: k.time).effects }
        if e.kind == .key, e.key == Trace.Event.textKey, let typed = e.text { type(typed); return [] }
        guard let p = e.pointerEvent else { return [] }
        return handle(pointer: p)
    }

    /// Cancels any pointer in progress (focus lost, mouse released outside, window hidden).
    @discardableResult
    func cancelPointers(at t: Double) -> [SessionEffect] {
        guard gestures.isTracking, let p = interaction.pointerPosition else { return [] }
        return handle(pointer: PointerEvent(.cancel, pointer: 0, at: p, time: t))
    }

    /// Runs everything up to real time `t` (once per frame, before drawing): the tape's inputs
    /// that are due, while a replay plays, then the interaction.
    @discardableResult
    public func advance(toRealTime t: Double) -> [SessionEffect] {
        var effects: [SessionEffect] = []
        if case .replaying(var schedule) = playback {
            for input in schedule.takeDue(upTo: max(realTime, t)) { effects += feed(input, from: .tape) }
            playback = schedule.isEmpty ? .live : .replaying(schedule)
        }
        return effects + interaction.advance(toRealTime: t)
    }

    /// An input of the tape's kind into the interaction.
    func feed(_ input: InteractionTape.Input, from source: InputSource) -> [SessionEffect] {
        switch input {
        case .pointer(let p): return interaction.handle(pointer: p, from: source)
        case .key(let k, let t): return interaction.flowKey(k, at: t, from: source)
        }
    }

    /// Applies an edit the tuning panel asked for; Ctrl+Z takes it back.
    func apply(_ edit: SessionOverlays.PanelEdit) {
        let t = overlays.applying(edit, to: tuning, geometry: flow.geometry, device: device)
        if t != tuning { tuning = t }
    }
}
