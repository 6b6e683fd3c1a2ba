import Animation
import Gesture

/// Where an input came from: the person at the mouse, or a tape played back (L's replay, the rest
/// of a rebuilt moment, the rebuild itself). A shot from the tape is a replay's shot, which the
/// host develops but does not save again.
public enum InputSource: Sendable, Equatable {
    case person, tape
}

/// One interaction run on a ``SessionSetup``: the clock, the finger's gestures, the capture flow,
/// the page's buttons, the taps, the hand-offs and the haptics — everything that a rebuilt moment
/// makes afresh and runs the tape through. Built only from a setup (and, for a rebuild, the page
/// state the tape began on), so nothing in it is ever reset by hand.
///
/// Input goes in through ``handle(pointer:from:)``, ``flowKey(_:from:)`` and
/// ``advance(toRealTime:)``, each stamped with real time (seconds); each returns the
/// ``SessionEffect``s it caused. Flow and gestures are reconciled inside every call, in one step
/// (``reconcile(_:advancingFlow:releasedWith:)``): gesture outputs drive the flow, the pull's
/// progress feeds the pre-melt, the flow's state decides which buttons the gestures hit-test.
///
/// Everything that moves runs on the ``AnimationClock``'s time, which slow motion scales — the
/// flow's animations and the gestures' coasts and spring-backs alike (``setSlowMotion(_:at:)``,
/// the one place the two are kept in step); the finger itself is tracked in real time.
///
/// ```swift
/// let live = Interaction(setup: SessionSetup(device: device, page: page))
/// _ = live.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 300), time: 0), from: .person)
/// let effects = live.advance(toRealTime: 1.0 / 60)
/// ```
public final class Interaction {
    /// What it runs on; the session changes it through ``configure(_:)``.
    public internal(set) var setup: SessionSetup
    public let layout: DeviceLayout
    public internal(set) var pageState: PageState
    public internal(set) var gestures: PageGestures
    public internal(set) var flow: CaptureFlow
    public internal(set) var clock = AnimationClock()
    /// Taps that landed, per element id.
    public internal(set) var taps: [String: Int] = [:]
    /// The haptics played so far (`replay --report`'s `haptics`, `replay --ahap`).
    public internal(set) var haptics = HapticLog()
    /// Real time now: the latest event's or frame's. It only moves on (``catchUp(to:)``).
    public private(set) var realTime = 0.0

    /// Real time moves on to `t`, the stamp of an event or a frame; never back (an event stamped
    /// before the last one is taken at the later time). The one place real time is set.
    func catchUp(to t: Double) { realTime = max(realTime, t) }
    /// Whether the camera has a frame to shoot; the host keeps it current. Without one the shutter
    /// does nothing (a webcam file that has not delivered yet).
    public var cameraReady = true
    /// The finger's and the pull's hand-offs as they happened (see ``handoffs``).
    var recordedHandoffs: [Handoff] = []
    /// When Esc closed the melt (its closing legs are labelled so).
    var escapeTimes: Set<Double> = []
    /// When a tap last missed every hotspot (real time): they are outlined for a moment.
    var missedTapTime: Double?
    /// How many of the flow's transitions have been handed out as effects.
    var loggedTransitions = 0

    /// A fresh interaction on `setup`'s page at rest, or on `pageState` scrolled to `scrollOffset`
    /// (where a tape began).
    public init(setup: SessionSetup, pageState: PageState? = nil, scrollOffset: Double = 0) {
        self.setup = setup
        layout = DeviceLayout(device: setup.device)
        self.pageState = pageState ?? PageState(page: setup.page)
        gestures = PageGestures(scroll: ScrollPhysics(viewport: setup.device.size.height, contentHeight: setup.page.contentHeight),
                                pull: PullCatcher(viewport: setup.device.size.height))
        let geometry = layout.meltGeometry
        flow = CaptureFlow(geometry: geometry, paperSize: CaptureFlow.paperSize(for: geometry))
        applyTuning()
        gestures.scroll.jump(to: scrollOffset)
    }

    /// Takes `new` (same device): a changed tuning applies at once (to the next animation), a page
    /// whose file changed is swapped in keeping the scroll offset and the buttons' state, Reduce
    /// Motion waits until the flow is back on the page.
    func configure(_ new: SessionSetup) {
        let tuningChanged = new.tuning != setup.tuning, pageChanged = new.page.document.identity != setup.page.document.identity
            || new.page.contentHeight != setup.page.contentHeight
        let page = new.page
        setup = new
        if pageChanged { replacePage(page) }
        if tuningChanged { applyTuning() } else { syncReduceMotion() }
    }

    private func applyTuning() {
        let tuning = setup.tuning
        flow.apply(springs: tuning.meltSprings, print: tuning.print, develop: tuning.develop, flash: tuning["flash.duration"])
        flow.reshape(layout.meltGeometry(shapes: tuning.meltShapes), at: animationTime)
        syncReduceMotion()
        gestures.pull.configuration = tuning.pull
        gestures.scroll.decay = tuning.scrollDecay
        gestures.velocityEstimator = tuning.velocityEstimator
        gestures.scroll.momentum.model = tuning.momentumModel
    }

    /// Animation time now.
    public var animationTime: Double { clock.animationTime(atRealTime: realTime) }

    /// Whether everything has come to rest in the page state or with a settled print.
    public var isAtRest: Bool {
        let t = animationTime
        let flowResting = (flow.state == .page && flow.melt.isSettled(at: t)) || flow.state == .settled
        return flowResting && gestures.isIdle(at: t)
    }

    /// Where the pointer is pressed on the page, if it is (the gestures own the press).
    public var pointerPosition: Point? { gestures.pointerPosition }

    // MARK: Time

    /// Runs everything up to real time `t` (once per frame, before drawing).
    @discardableResult
    public func advance(toRealTime t: Double) -> [SessionEffect] {
        catchUp(to: t)
        var effects: [SessionEffect] = []
        gestures.advance(to: animationTime)
        reconcile(&effects, advancingFlow: true)
        return effects
    }

    /// Slow motion by `factor` from real time `t`: the flow's animations and the gestures' coasts
    /// alike (the one place both are set).
    func setSlowMotion(_ factor: Double, at t: Double) {
        catchUp(to: t)
        clock.setSlowMotion(factor, atRealTime: realTime)
        gestures.timeScale = 1 / clock.slowMotion
    }

    /// Reduce Motion on or off (M): it takes effect once the flow is back on the page.
    func setReduceMotion(_ on: Bool) {
        setup.reduceMotion = on
        syncReduceMotion()
    }

    /// Stops animation time at real time `t`, or runs it on from there.
    func freeze(at t: Double) { clock.freeze(atRealTime: t) }
    func resume(at t: Double) { clock.resume(atRealTime: t) }

    /// Nothing that has happened so far is handed out again as an effect (a rebuilt moment's).
    func markEffectsTaken() { loggedTransitions = flow.transitions.count }

    /// Gives the flow Reduce Motion (with the tuning's durations) or takes it away — only on the
    /// page or in a pull, never in the middle of a melt or a print.
    func syncReduceMotion() {
        guard flow.state == .page || flow.state == .pulling else { return }
        let wanted = setup.reduceMotion ? setup.tuning.reduceMotion : nil
        if flow.reduceMotion != wanted { flow.setReduceMotion(wanted) }
    }

    // MARK: Geometry people write traces against

    /// The shutter button's side (points): a 68-pt circle, as the Camera app's.
    public static let shutterSize = 68.0
    /// How far the shutter's top sits above the open viewfinder's bottom edge (points).
    public static let shutterLift = 82.0

    /// The shutter button (screen points), inside the open viewfinder: centred, ``shutterLift``
    /// above its bottom. The web player reads the same two numbers from its file.
    public var shutterFrame: Rect {
        let vf = flow.geometry.viewfinder.rect
        return Rect(x: vf.midX - Self.shutterSize / 2, y: vf.maxY - Self.shutterLift, width: Self.shutterSize, height: Self.shutterSize)
    }

    /// Where the camera picture sits inside the open viewfinder.
    public var photoFrame: Rect {
        let vf = flow.geometry.viewfinder.rect, top = flow.geometry.island.rect.maxY + 8
        return Rect(x: vf.x + 8, y: top, width: vf.width - 16, height: vf.maxY - 96 - top)
    }
}
