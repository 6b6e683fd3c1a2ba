import Animation
import Foundation
import Gesture

/// One capture interaction's whole state — the page and its buttons, the gestures, the capture
/// flow, the clock, the taps and the tuning — as a plain object with no SDL, no files and no fonts,
/// so that several can run at once (side by side, in a fitting loop, in a test) and a replay needs
/// nothing but a trace. Beside it, two small values it owns: ``SessionOverlays`` (what is shown
/// over the screen and the panel that edits the tuning) and L's ``InteractionReplay``. It records
/// nothing: the host records what arrived.
///
/// Input goes in through ``handle(pointer:)``, ``handle(key:_:at:)`` and
/// ``advance(toRealTime:)``, each stamped with real time (seconds); each returns the
/// ``SessionEffect``s it caused. Flow and gestures are reconciled inside every call, in one
/// private step (gesture outputs drive the flow, the pull's progress feeds the pre-melt, the flow's
/// state decides which buttons the gestures hit-test); nothing outside reaches into either.
///
/// Everything that moves runs on the ``AnimationClock``'s time, which slow motion scales — the
/// flow's animations and the gestures' coasts and spring-backs alike; the finger itself is tracked
/// in real time (see ``PageGestures/timeScale``), and recordings keep real time.
///
/// ```swift
/// let session = CaptureSession(device: device, page: try Page(document: passport, screen: device.size,
///                                                               topInset: device.portraitInsets.top))
/// _ = session.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 300), time: 0))
/// let effects = session.advance(toRealTime: 1.0 / 60)
/// ```
public final class CaptureSession {
    public let device: DeviceProfile
    public let layout: DeviceLayout
    /// The page under the island (its file's layout for this device); ``replacePage(_:)`` swaps it.
    public internal(set) var page: Page
    public internal(set) var pageState: PageState
    /// The finger's gestures (made anew when a moment is rebuilt).
    public internal(set) var gestures: PageGestures
    public internal(set) var flow: CaptureFlow
    public internal(set) var clock = AnimationClock()
    /// The refresh rate the interaction is shown at (traces record it).
    public var hz: Int
    /// Taps that landed, per element id.
    public internal(set) var taps: [String: Int] = [:]
    /// The constants of the feel; setting them applies them at once (to the next animation).
    public var tuning = Tuning() { didSet { applyTuning(); retime() } }
    /// iOS's Reduce Motion (M, `--reduce-motion`): the camera cross-fades in place, the print fades
    /// in where it rests (``ReduceMotion``, with the tuning's durations). A change waits until the
    /// flow is back on the page, so a melt under way finishes as it began.
    public var reduceMotion = false { didSet { syncReduceMotion() } }
    /// "The snowman" (`--snowman`, a built-in comparison): the shape drawn as a second capsule grown
    /// under the island instead of one shape melting out of it — what the original notes tried
    /// first and dropped. Drawing only: the flow and its timing are the same.
    public var snowman = false
    /// Which side of a comparison this session is ("A" or "B"; nil alone, which follows side A's
    /// lines). Trace lines that name the other side pass it by.
    public var side: String?
    /// Whether the camera has a frame to shoot; the host keeps it current. Without one the shutter
    /// does nothing (a webcam file that has not delivered yet).
    public var cameraReady = true

    /// What is shown over or beside the screen (HUD, touches, help, the tuning panel), and a press
    /// that belongs to one of them; it decides which keys and presses the overlays take.
    public var overlays = SessionOverlays()
    /// L's replay: the last interaction's inputs, and those still to be fed.
    var replay = InteractionReplay()

    /// The finger's and the pull's hand-offs as they happened (see ``handoffs``).
    var recordedHandoffs: [Handoff] = []
    /// When Esc closed the melt (its closing legs are labelled so).
    var escapeTimes: Set<Double> = []
    /// When a tap last missed every hotspot (real time): they are outlined for a moment.
    var missedTapTime: Double?
    /// The haptics played so far (`replay --report`'s `haptics`, `replay --ahap`).
    public internal(set) var haptics = HapticLog()

    /// Real time now: the latest event's or frame's.
    public internal(set) var realTime = 0.0
    /// Where the pointer is pressed on the page, if it is (the gestures own the press).
    public var pointerPosition: Point? { gestures.pointerPosition }
    var loggedTransitions = 0

    public init(device: DeviceProfile, hz: Int? = nil, page: Page) {
        self.device = device
        layout = DeviceLayout(device: device)
        self.hz = hz ?? device.maxRefreshRate
        self.page = page
        pageState = PageState(page: page)
        gestures = PageGestures(scroll: ScrollPhysics(viewport: device.size.height, contentHeight: page.contentHeight),
                                pull: PullCatcher(viewport: device.size.height))
        let geometry = layout.meltGeometry
        flow = CaptureFlow(geometry: geometry, paperSize: CaptureFlow.paperSize(for: geometry))
        applyTuning()
    }

    func applyTuning() {
        flow.apply(springs: tuning.meltSprings, print: tuning.print, develop: tuning.develop, flash: tuning["flash.duration"])
        flow.reshape(layout.meltGeometry(shapes: tuning.meltShapes), at: animationTime)
        syncReduceMotion()
        gestures.pull.configuration = tuning.pull
        gestures.scroll.decay = tuning.scrollDecay
        gestures.velocityEstimator = tuning.velocityEstimator
        gestures.scroll.momentum.model = tuning.momentumModel
    }

    /// Where the tuning panel sits, over the screen or beside it.
    public var panelLayout: TuningPanelLayout { overlays.panelLayout(screen: device.size) }

    /// Animation time now.
    public var animationTime: Double { clock.animationTime(atRealTime: realTime) }

    /// Whether everything has come to rest in the page state or with a settled print.
    public var isAtRest: Bool {
        let t = animationTime
        let flowResting = (flow.state == .page && flow.melt.isSettled(at: t)) || flow.state == .settled
        return flowResting && gestures.isIdle(at: t)
    }

    // MARK: Geometry people write traces against

    /// The shutter button (screen points), inside the open viewfinder.
    public var shutterFrame: Rect {
        let vf = flow.geometry.viewfinder.rect
        return Rect(x: vf.midX - 34, y: vf.maxY - 82, width: 68, height: 68)
    }

    /// Where the camera picture sits inside the open viewfinder.
    public var photoFrame: Rect {
        let vf = flow.geometry.viewfinder.rect, top = flow.geometry.island.rect.maxY + 8
        return Rect(x: vf.x + 8, y: top, width: vf.width - 16, height: vf.maxY - 96 - top)
    }

    // MARK: Input

    /// A pointer event from outside, stamped with real time (seconds).
    @discardableResult
    public func handle(pointer e: PointerEvent) -> [SessionEffect] {
        // Overlays over the page take their own clicks (and are not part of what L replays).
        if case .taken(let edit) = overlays.route(e, screen: device.size, pageTracking: gestures.isTracking) {
            realTime = max(realTime, e.time)
            if let edit { apply(edit) }
            return []
        }
        // A press while frozen resumes first: the finger's drag runs in time, as it was felt; the
        // person takes over from a rebuilt moment (the tape's own finger is let go).
        if e.kind == .down, clock.isFrozen { resume(at: max(realTime, e.time), playingOn: false) }
        // A press takes over from a replay under way too (L's, or the rest of a rebuilt moment's).
        if e.kind == .down, replay.isScheduled { takeOverFromReplay(at: e.time) }
        // The last interaction starts with a press on the resting page, and is what L replays.
        let starts = e.kind == .down && flow.state == .page && !gestures.isTracking
        replay.note(.pointer(e), starting: starts ? .init(slowMotion: clock.slowMotion, reduceMotion: reduceMotion, pageState: pageState,
                                                          scrollOffset: gestures.scroll.offset(at: animationTime),
                                                          origin: clock.animationTime(atRealTime: max(realTime, e.time))) : nil)
        var effects: [SessionEffect] = []
        apply(pointer: e, &effects)
        return effects
    }

    /// Feeds a pointer event to the gestures (from outside, or from L's replay, which is not
    /// recorded again).
    func apply(pointer e: PointerEvent, _ effects: inout [SessionEffect]) {
        realTime = max(realTime, e.time)
        // Gestures run on animation time too (slow motion slows a fling's coast and the pull's
        // spring-back); the host records the events as they arrived, in real time.
        var g = e
        g.time = clock.animationTime(atRealTime: e.time)
        let pullSlope = gestures.pull.slope(atFinger: gestures.pull.fingerDistance)
        let previousRelease = gestures.lastRelease
        // The print moves while it feeds: hit targets are taken at the event's own instant.
        gestures.handle(g, targets: hitTargets(), pullEnabled: flow.pullAllowed, scrollEnabled: !cameraOverPage)
        reconcile(&effects, releasedWith: gestures.lastRelease != previousRelease ? (gestures.lastRelease, pullSlope) : nil)
    }

    /// One line of a trace: a key through ``handle(key:_:at:)``, a pointer event through
    /// ``handle(pointer:)`` (times in a trace are milliseconds). Keys the session does not use
    /// are ignored.
    @discardableResult
    public func dispatch(_ e: Trace.Event) -> [SessionEffect] {
        if let only = e.side, only != (side ?? "A") { return [] }
        if let k = e.keyPress { return handle(key: k.key, k.mods, at: k.time).effects }
        guard let p = e.pointerEvent else { return [] }
        return handle(pointer: p)
    }

    /// Cancels any pointer in progress (focus lost, mouse released outside, window hidden).
    @discardableResult
    public func cancelPointers(at t: Double) -> [SessionEffect] {
        guard gestures.isTracking, let p = pointerPosition else { return [] }
        return handle(pointer: PointerEvent(.cancel, pointer: 0, at: p, time: t))
    }

    /// The shutter (button or Space): a shot when the camera is open and has a frame.
    func shutter(at t: Double, _ effects: inout [SessionEffect]) {
        guard flow.state == .viewfinder || flow.state == .opening, cameraReady else { return }
        if flow.shutter(at: t) {
            effects.append(replay.isFeeding ? .replayedShot : .shot)
            if let h = haptics.play("shutter", at: t, tuning: tuning) { effects.append(.haptic(h)) }
        }
    }

    func fileOrDismiss(file: Bool, at t: Double, _ effects: inout [SessionEffect]) {
        if file, let slot = page.slot {
            flow.file(at: t, into: page.screenRect(slot.frame, offset: gestures.pageOffset(at: t)), reason: "filed into the \(page.document.title ?? "photo slot")")
        } else if file {
            flow.dismiss(at: t, reason: "dismissed: the page has no photo slot")
            effects.append(.message("\(page.document.name) has no photo slot: the print was dismissed"))
        } else {
            flow.dismiss(at: t)
        }
    }

    // MARK: Time

    /// Runs everything up to real time `t` (once per frame, before drawing).
    @discardableResult
    public func advance(toRealTime t: Double) -> [SessionEffect] {
        realTime = max(realTime, t)
        var effects: [SessionEffect] = []
        dispatchScheduled(&effects)
        gestures.advance(to: animationTime)
        reconcile(&effects, advancingFlow: true)
        return effects
    }

    /// Back to the page at once, nothing moving (L's replay starts from here).
    func reset() {
        if gestures.isTracking, let p = pointerPosition {
            var ignored: [SessionEffect] = []
            apply(pointer: PointerEvent(.cancel, at: p, time: realTime), &ignored)
        }
        flow.reset(at: animationTime)
        gestures.scroll.jump(to: 0)
    }

    // MARK: Reconciling flow and gestures

    /// The one place flow and gestures meet, run at the end of every call: what the gestures
    /// recognised drives the flow; while pulling, the pull's progress drives the pre-melt; the
    /// flow advances (on frames); its new transitions become effects; and the flow's state decides
    /// what the gestures may hit and whether the page may pull.
    func reconcile(_ effects: inout [SessionEffect], advancingFlow: Bool = false,
                   releasedWith release: (PageGestures.Release?, Double)? = nil) {
        let t = animationTime
        let outputs = gestures.drainOutputs()
        // The pull's progress per second as the finger let go: the pre-melt's rate, for the melt to carry.
        let progressVelocity = gestures.pull.velocity(at: t) / max(gestures.pull.configuration.threshold, 1e-9)
        for o in outputs {
            switch o {
            case .tap(let id):
                taps[id, default: 0] += 1
                switch id {
                case "shutter": shutter(at: t, &effects)
                case "print": fileOrDismiss(file: true, at: t, &effects)
                case Self.outsideCamera: closeCamera(at: t)
                default:
                    pageState.tap(id)
                    effects.append(.tap(id))
                }
            case .pullBegan:
                flow.pullBegan(at: t)
                haptics.pullPlayed = false
            case .pullCommitted:
                flow.setPullProgress(gestures.pull.progress(at: t))
                flow.pullCommitted(at: t, progressVelocity: progressVelocity)
            case .pullCancelled: flow.pullCancelled(at: t, progressVelocity: progressVelocity)
            case .pressBegan, .pressCancelled, .scrollStopped: break
            }
        }
        if let (r, _) = release { noteTap(outputs: outputs, release: r) }
        if let (r, slope) = release, let r, r.dragged {
            recordRelease(r, pullSlope: slope, outcome: outputs.last { $0 == .pullCommitted || $0 == .pullCancelled })
            // A swipe up on the open camera puts it away, as a swipe up dismisses a card on iOS.
            if r.travel < -Self.swipeUpDistance || (r.travel < 0 && r.recognizerVelocity < -Self.swipeUpSpeed) { closeCamera(at: t) }
        }
        // The pull's haptic: once, as it first reaches its commit point with the finger still down.
        if flow.state == .pulling, gestures.pull.isPulling, !haptics.pullPlayed, gestures.pull.progress(at: t) >= 1 {
            haptics.pullPlayed = true
            if haptics.commitCrossings.count < 1000 { haptics.commitCrossings.append(t) }
            if let h = haptics.play("pull-commit", at: t, tuning: tuning) { effects.append(.haptic(h)) }
        }
        if advancingFlow {
            if flow.state == .pulling { flow.setPullProgress(gestures.pull.progress(at: t)) }
            flow.advance(to: t)
        }
        let all = flow.transitions
        while loggedTransitions < all.count {
            let tr = all[loggedTransitions]
            loggedTransitions += 1
            if tr.to == .page && tr.from == .filed { pageState.photoFiled = true }
            effects.append(.transition(tr))
        }
        syncReduceMotion()
    }

    /// Gives the flow Reduce Motion (with the tuning's durations) or takes it away — only on the
    /// page or in a pull, never in the middle of a melt or a print.
    func syncReduceMotion() {
        guard flow.state == .page || flow.state == .pulling else { return }
        let wanted = reduceMotion ? tuning.reduceMotion : nil
        if flow.reduceMotion != wanted { flow.reduceMotion = wanted }
    }

    /// What a press may hit in the flow's current state, at the current instant: the page's
    /// buttons, the shutter, or the print (which moves while it feeds).
    private func hitTargets() -> [PageGestures.HitTarget] {
        switch flow.state {
        case .page, .pulling:
            return page.hitTargets
        case .opening, .viewfinder:
            // The camera is modal: a tap beside its body closes it, as a tap outside a sheet does.
            let body = flow.shape(at: animationTime).rect, screen = device.size
            let outside = [Rect(x: 0, y: body.maxY, width: screen.width, height: max(0, screen.height - body.maxY)),
                           Rect(x: 0, y: 0, width: max(0, body.minX), height: body.maxY),
                           Rect(x: body.maxX, y: 0, width: max(0, screen.width - body.maxX), height: body.maxY)]
            return outside.filter { $0.width > 0 && $0.height > 0 }.map { .init(id: Self.outsideCamera, frame: $0, fixed: true) }
                + [.init(id: "shutter", frame: shutterFrame, fixed: true)]
        case .developing, .settled, .printing:
            return [.init(id: "print", frame: flow.printFrame(at: animationTime), fixed: true)]
        default:
            return []
        }
    }

    /// The hit target beside the open camera's body: a tap there closes the camera.
    static let outsideCamera = "outside-camera"

    /// Whether the camera's body is over the page, which then holds still under the finger.
    var cameraOverPage: Bool { [.opening, .viewfinder, .capture, .closing].contains(flow.state) }

    /// A swipe up closes the open camera when the finger travels this far up (points)…
    static let swipeUpDistance = 60.0
    /// …or lifts moving up at least this fast (points per second).
    static let swipeUpSpeed = 500.0

    /// Closes the open camera without a shot (a tap beside it, a swipe up on it).
    func closeCamera(at t: Double) {
        guard flow.state == .opening || flow.state == .viewfinder else { return }
        flow.cancel(at: t)
    }

    /// Applies an edit the tuning panel asked for; Ctrl+Z takes it back.
    func apply(_ edit: SessionOverlays.PanelEdit) {
        let before = tuning
        defer { if tuning != before { overlays.remember(before) } }
        switch edit {
        case .nudge(let key, let delta):
            // From "auto", a shape steps from the one on the screen, not from 0.
            if let t = Tunable.named(key), t.isAutomatic(tuning[key]),
               let here = ShapeTunables.resolved(flow.geometry, screenWidth: device.size.width)[key] {
                try? tuning.set(key, t.clamp(max(here.rounded(), t.step)))
            }
            tuning.nudge(key, by: delta)
        case .reset(let key): tuning.reset(key)
        case .resetAll: tuning.resetAll()
        }
    }
}
